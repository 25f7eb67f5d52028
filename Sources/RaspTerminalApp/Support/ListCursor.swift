/// The highlighted row of a list and the rows scrolled into view: presentation state, like a scroll position.
struct ListCursor: Sendable, Hashable {
    /// The highlighted row.
    private(set) var index = 0
    /// The first row in view.
    private(set) var offset = 0

    /// Moves the highlight, clamped to the list.
    /// - Parameters:
    ///   - step: Rows to move (negative is up).
    ///   - count: Rows in the list.
    mutating func move(by step: Int, count: Int) {
        index = count == 0 ? 0 : min(max(0, index + step), count - 1)
    }

    /// Keeps the highlight inside a list that changed length.
    mutating func clamp(count: Int) {
        move(by: 0, count: count)
    }

    /// The rows to draw in `height` rows, scrolled so the highlight is in view.
    /// - Parameters:
    ///   - height: Rows available.
    ///   - count: Rows in the list.
    /// - Returns: The indices to draw.
    mutating func visible(height: Int, count: Int) -> Range<Int> {
        clamp(count: count)
        guard height > 0, count > 0 else { return 0..<0 }
        if index < offset { offset = index }
        if index >= offset + height { offset = index - height + 1 }
        offset = max(0, min(offset, count - height))
        return offset..<min(count, offset + height)
    }
}
