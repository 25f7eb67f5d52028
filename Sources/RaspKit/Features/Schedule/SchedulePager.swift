import RaspAPI

/// The pages of one search read so far, and where the next one starts.
struct SchedulePager: Sendable {
    /// Every segment fetched, in the server's order.
    private(set) var segments: [SearchResponse.SegmentsItem] = []
    /// The `offset` of the next page.
    private(set) var nextOffset = 0
    /// Whether the last page has been read.
    private(set) var isExhausted = false

    /// Adds a page.
    /// - Parameters:
    ///   - response: The page.
    ///   - requestedOffset: The offset it was requested with.
    mutating func append(_ response: SearchResponse, requestedOffset: Int) {
        segments += response.segments
        nextOffset = requestedOffset + response.segments.count
        isExhausted = response.segments.isEmpty || nextOffset >= response.pagination.total
    }
}
