import Foundation

/// Hand-written code beside the generated client: it builds on the generated types and protocol, so it works
/// with ``BookshelfClient`` and with ``MockBookshelfClient`` alike.
extension BookshelfClientProtocol {
    /// The titles of the books an author has on the shelf, lent books included, lost ones left out.
    /// - Parameter author: The author, as the API spells it.
    /// - Returns: The titles in the server's order.
    /// - Throws: Whatever the client throws.
    public func availableTitles(by author: String) async throws -> [String] {
        let list = try await listBooks(author: author)
        return list.books.filter { $0.status != .lost }.map(\.title)
    }
}
