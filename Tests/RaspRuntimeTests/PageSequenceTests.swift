import Foundation
import Testing
@testable import RaspRuntime

/// ``PageSequence`` walks offset/limit pages and stops at the total, an empty page, a page cap or cancellation.
struct PageSequenceTests {
    struct Page: Sendable, Equatable {
        var items: [Int]
        var total: Int?
        var offset: Int
    }

    /// A listing of `total` items whose server caps the page size at `cap`; records the requests.
    final class Listing: Sendable {
        let total: Int
        let cap: Int
        let reportsTotal: Bool
        let requests = Locked<[String]>([])

        init(total: Int, cap: Int = 100, reportsTotal: Bool = true) {
            self.total = total
            self.cap = cap
            self.reportsTotal = reportsTotal
        }

        func fetch(offset: Int, limit: Int) -> Page {
            requests.withLock { $0.append("\(offset)+\(limit)") }
            let end = min(total, offset + min(limit, cap))
            return Page(items: offset < end ? Array(offset..<end) : [], total: reportsTotal ? total : nil,
                        offset: offset)
        }

        func pages(pageSize: Int = 100, maxPages: Int? = nil) -> PageSequence<Page> {
            PageSequence(pageSize: pageSize, maxPages: maxPages, fetch: { self.fetch(offset: $0, limit: $1) },
                         info: { PageInfo(itemCount: $0.items.count, total: $0.total) })
        }
    }

    @Test func stopsAtTheTotal() async throws {
        let listing = Listing(total: 250)
        let pages = try await listing.pages().collect()
        #expect(pages.map(\.items.count) == [100, 100, 50])
        #expect(pages.flatMap(\.items) == Array(0..<250))
        #expect(listing.requests.withLock { $0 } == ["0+100", "100+100", "200+100"])
    }

    @Test func advancesByWhatTheServerReturnedWhenItCapsThePage() async throws {
        let listing = Listing(total: 120, cap: 50)
        let pages = try await listing.pages().collect()
        #expect(pages.map(\.offset) == [0, 50, 100])
        #expect(pages.flatMap(\.items) == Array(0..<120))
    }

    @Test func stopsAtAnEmptyPageWhenThereIsNoTotal() async throws {
        let listing = Listing(total: 30, reportsTotal: false)
        let pages = try await listing.pages(pageSize: 20).collect()
        #expect(pages.map(\.items.count) == [20, 10])
        #expect(listing.requests.withLock { $0 } == ["0+20", "20+20", "30+20"])
    }

    @Test func anEmptyListingStillYieldsItsFirstPage() async throws {
        let pages = try await Listing(total: 0).pages().collect()
        #expect(pages == [Page(items: [], total: 0, offset: 0)])
    }

    @Test func respectsThePageCap() async throws {
        let listing = Listing(total: 1000)
        let pages = try await listing.pages(pageSize: 10, maxPages: 2).collect()
        #expect(pages.count == 2)
        #expect(listing.requests.withLock { $0.count } == 2)
    }

    @Test func cancellationEndsTheWalkWithoutFurtherRequests() async throws {
        let listing = Listing(total: 1000)
        let seen = Locked(0)
        let task = Task {
            for try await _ in listing.pages(pageSize: 10) {
                seen.withLock { $0 += 1 }
                withUnsafeCurrentTask { $0?.cancel() }
            }
        }
        try await task.value
        #expect(seen.withLock { $0 } == 1)
        #expect(listing.requests.withLock { $0.count } == 1)
    }

    @Test func fetchErrorsAreThrown() async throws {
        struct Boom: Error {}
        let pages = PageSequence<Page>(fetch: { _, _ in throw Boom() },
                                       info: { PageInfo(itemCount: $0.items.count, total: nil) })
        await #expect(throws: Boom.self) { _ = try await pages.collect() }
    }
}
