/// Where a page sits in an offset/limit listing: how many items it holds and how many exist in all.
public struct PageInfo: Sendable, Hashable {
    /// Items on this page.
    public var itemCount: Int
    /// Items in the whole listing, if the server says.
    public var total: Int?

    /// Creates the info.
    public init(itemCount: Int, total: Int?) {
        self.itemCount = itemCount
        self.total = total
    }
}

/// The pages of an offset/limit listing, fetched one at a time as you iterate.
///
/// Each step calls `fetch(offset, limit)`, then advances the offset by the number of items the page held (not by
/// `limit`, so a server that caps the page size loses nothing). Iteration ends after the page that reaches
/// `total`, at an empty page, after `maxPages`, or when the task is cancelled (the next step returns nil instead
/// of fetching). The first page is always returned, even empty (so a caller sees `total == 0`); a later empty
/// page is not. Errors from `fetch` end the iteration by being thrown.
///
/// ```swift
/// let pages = PageSequence(pageSize: 100, fetch: { offset, limit in
///     try await client.search(from: "c213", to: "c2", offset: offset, limit: limit)
/// }, info: { PageInfo(itemCount: $0.segments.count, total: $0.pagination.total) })
/// for try await page in pages { show(page.segments) }
/// ```
public struct PageSequence<Page: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Page

    /// Items requested per page.
    public let pageSize: Int
    /// The offset of the first page.
    public let startOffset: Int
    /// The most pages to fetch (nil: no limit besides `total`).
    public let maxPages: Int?
    private let fetch: @Sendable (_ offset: Int, _ limit: Int) async throws -> Page
    private let info: @Sendable (Page) -> PageInfo

    /// Creates the sequence.
    /// - Parameters:
    ///   - pageSize: Items requested per page (at least 1; default 100).
    ///   - startOffset: The offset of the first page (default 0).
    ///   - maxPages: The most pages to fetch (default: no limit).
    ///   - fetch: Fetches the page at an offset with a limit.
    ///   - info: Reads a page's item count and the listing's total.
    public init(pageSize: Int = 100, startOffset: Int = 0, maxPages: Int? = nil,
                fetch: @escaping @Sendable (_ offset: Int, _ limit: Int) async throws -> Page,
                info: @escaping @Sendable (Page) -> PageInfo) {
        self.pageSize = Swift.max(1, pageSize)
        self.startOffset = Swift.max(0, startOffset)
        self.maxPages = maxPages
        self.fetch = fetch
        self.info = info
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(sequence: self) }

    /// Fetches the next page on demand.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let sequence: PageSequence
        private var offset: Int
        private var fetched = 0
        private var finished = false

        init(sequence: PageSequence) {
            self.sequence = sequence
            self.offset = sequence.startOffset
        }

        public mutating func next() async throws -> Page? {
            if finished || Task.isCancelled { return nil }
            if let maxPages = sequence.maxPages, fetched >= maxPages { return nil }
            let page = try await sequence.fetch(offset, sequence.pageSize)
            fetched += 1
            let info = sequence.info(page)
            offset += info.itemCount
            if info.itemCount == 0 || (info.total.map { offset >= $0 } ?? false) { finished = true }
            return info.itemCount == 0 && fetched > 1 ? nil : page
        }
    }

    /// Every page, in order.
    public func collect() async throws -> [Page] {
        var pages: [Page] = []
        for try await page in self { pages.append(page) }
        return pages
    }
}
