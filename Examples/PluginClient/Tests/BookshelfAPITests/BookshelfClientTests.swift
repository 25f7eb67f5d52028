import BookshelfAPI
import Foundation
import RaspRuntime
import Testing

/// The generated client, called through the generated mock and through a local in-process transport.
struct BookshelfClientTests {
    static let books = [
        Book(title: "Dead Souls", author: "Gogol", id: "b1", status: .onShelf),
        Book(title: "The Nose", author: "Gogol", id: "b2", status: .lost),
        Book(title: "Taras Bulba", author: "Gogol", published: LocalDate("1835-01-01"), id: "b3", status: .lent),
    ]

    @Test func mockAnswersThroughTheGeneratedProtocol() async throws {
        var mock = MockBookshelfClient()
        mock.listBooksHandler = { input in
            #expect(input.author == "Gogol")
            return BookList(books: Self.books, total: Self.books.count)
        }
        let titles = try await mock.availableTitles(by: "Gogol")
        #expect(titles == ["Dead Souls", "Taras Bulba"])
    }

    @Test func mockWithoutAHandlerThrows() async {
        await #expect(throws: MockClientError.self) {
            _ = try await MockBookshelfClient().getBook(id: "b1")
        }
    }

    @Test func clientSendsTheQueryAndDecodesTheList() async throws {
        let transport = LocalShelf(books: Self.books)
        let client = BookshelfClient(serverURL: URL(string: "http://127.0.0.1:9/api")!, transport: transport)
        let list = try await client.listBooks(author: "Gogol", limit: 2)
        #expect(list.total == 3)
        #expect(list.books.map { $0.id } == ["b1", "b2"])
        #expect(list.books.last?.status == .lost)
        let request = try #require(await transport.requests.last as ClientRequest?)
        #expect(request.method == "GET")
        #expect(request.path == "/books")
        #expect(request.query.map { "\($0.name)=\($0.value)" } == ["author=Gogol", "limit=2"])
    }

    @Test func clientPostsAJSONBody() async throws {
        let transport = LocalShelf(books: [])
        let client = BookshelfClient(transport: transport)
        let stored = try await client.addBook(body: NewBook(title: "Viy", author: "Gogol"))
        #expect(stored == Book(title: "Viy", author: "Gogol", id: "b1", status: .onShelf))
        let request = try #require(await transport.requests.last as ClientRequest?)
        #expect(request.method == "POST")
        let body = try JSONSerialization.jsonObject(with: try #require(request.body)) as? [String: String]
        #expect(body == ["title": "Viy", "author": "Gogol"])
    }

    @Test func unknownBookIsAClientError() async throws {
        let client = BookshelfClient(transport: LocalShelf(books: Self.books))
        #expect(try await client.getBook(id: "b3").published == LocalDate("1835-01-01"))
        do {
            _ = try await client.getBook(id: "missing")
            Issue.record("expected a 404")
        } catch let error as ClientError where error.kind == .http {
            let failure = try #require(error.httpFailure)
            #expect(failure.status == 404)
            #expect(failure.operationID == "getBook")
        }
    }

    /// `ShelfEvent` declares no discriminator, but each variant's `type` allows one value: the generated decoder reads
    /// it. Trying the variants in turn would take `BookAdded` for every event, as its required keys are in all of them.
    @Test func taggedVariantsDecodeByTheirConstantType() throws {
        let json = #"[{"type": "book.added", "book_id": "b1"}, {"type": "book.lent", "book_id": "b1", "to": "Ann"}]"#
        let events = try JSONDecoder().decode([ShelfEvent].self, from: Data(json.utf8))
        #expect(events == [.bookAdded(BookAdded(bookId: "b1")), .bookLent(BookLent(bookId: "b1", to: "Ann"))])
        // The constant is the init's default, and it goes on the wire.
        #expect(BookLent(bookId: "b2", to: "Bo").type == "book.lent")
        let encoded = try JSONSerialization.jsonObject(
            with: JSONEncoder().encode(ShelfEvent.bookAdded(BookAdded(bookId: "b2"))))
        #expect(encoded as? [String: String] == ["type": "book.added", "book_id": "b2"])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ShelfEvent.self, from: Data(#"{"type": "book.lost", "book_id": "b1"}"#.utf8))
        }
    }

    /// `ShelfNote` declares `kind` as its discriminator, and both variants allow only `note`: they are tried in turn.
    @Test func variantsSharingATagAreTriedInTurn() throws {
        let json = #"[{"kind": "note", "text": "Funny", "stars": 5}, {"kind": "note", "text": "Lent to Ann"}]"#
        let notes = try JSONDecoder().decode([ShelfNote].self, from: Data(json.utf8))
        #expect(notes == [.review(Review(text: "Funny", stars: 5)), .remark(Remark(text: "Lent to Ann"))])
    }
}
