import BookshelfAPI
import Foundation
import RaspRuntime

/// An in-process Bookshelf server: answers the three operations from an in-memory shelf and records requests.
actor LocalShelf: ClientTransport {
    private var books: [[String: Any]]
    /// Every request received, in order.
    private(set) var requests: [ClientRequest] = []

    init(books: [Book]) {
        self.books = books.map { book in
            var json: [String: Any] = ["id": book.id, "title": book.title, "author": book.author,
                                       "status": book.status.rawValue]
            if let published = book.published { json["published"] = published.description }
            return json
        }
    }

    func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
        requests.append(request)
        switch (request.method, request.path) {
        case ("GET", "/books"):
            let author = request.query.first { $0.name == "author" }?.value
            let limit = request.query.first { $0.name == "limit" }.flatMap { Int($0.value) } ?? 20
            let matching = books.filter { author == nil || $0["author"] as? String == author }
            return try Self.json(["books": Array(matching.prefix(limit)), "total": matching.count])
        case ("POST", "/books"):
            var book = try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any] ?? [:]
            book["id"] = "b\(books.count + 1)"
            book["status"] = "on_shelf"
            books.append(book)
            return try Self.json(book, status: 201)
        case ("GET", let path) where path.hasPrefix("/books/"):
            let id = String(path.dropFirst("/books/".count))
            guard let book = books.first(where: { $0["id"] as? String == id }) else {
                return ClientResponse(status: 404, headers: [.contentType: "application/json"],
                                      body: Data(#"{"error":"not found"}"#.utf8))
            }
            return try Self.json(book)
        default:
            return ClientResponse(status: 405)
        }
    }

    private static func json(_ object: Any, status: Int = 200) throws -> ClientResponse {
        let body = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return ClientResponse(status: status, headers: [.contentType: "application/json"], body: body)
    }
}
