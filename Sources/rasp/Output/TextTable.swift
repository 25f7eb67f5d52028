/// A table for people: a header and rows of cells in aligned columns, two spaces apart, no trailing spaces.
///
/// ```
/// DEPARTS  ARRIVES  DURATION
/// 06:00    10:00    4 h
/// ```
struct TextTable {
    /// How a column lines its cells up.
    enum Alignment {
        case left, right
    }

    /// One column.
    struct Column {
        /// The header text.
        var title: String
        /// Left (text) or right (numbers).
        var alignment: Alignment = .left
        /// The widest a cell may be; longer cells end with «…».
        var maxWidth: Int = 40
        /// Colour for the cells (applied after padding, so it does not disturb alignment).
        var color: (@Sendable (Style) -> (String) -> String)?
        /// The narrowest the column may be squeezed to when the table must fit a width (nil: never squeezed).
        var minWidth: Int?
        /// Which columns go first when squeezing is not enough: the lowest priority is dropped first; nil never.
        var dropPriority: Int?
    }

    /// The columns, in order.
    var columns: [Column]
    /// The rows; each has one cell per column (missing cells are empty).
    var rows: [[String]] = []

    /// The table as lines of text, header first, without a final newline.
    /// - Parameters:
    ///   - style: Bold headers and cell colours when enabled.
    ///   - width: The widest a line may be (the terminal's width); columns are squeezed to their `minWidth`, then
    ///     dropped by `dropPriority`, so that no line wraps. Nil: no limit.
    func render(style: Style, width: Int? = nil) -> String {
        var table = self
        if let width { table.fit(width) }
        return table.renderLines(style: style)
    }

    private func renderLines(style: Style) -> String {
        let cells = rows.map { row in
            columns.indices.map { index in clip(index < row.count ? row[index] : "", columns[index]) }
        }
        let titles = columns.map { clip($0.title, $0) }
        let widths = columns.indices.map { index in
            cells.reduce(titles[index].count) { max($0, $1[index].count) }
        }
        var lines = [line(titles, widths: widths) { _, text in style.bold(text) }]
        for row in cells {
            lines.append(line(row, widths: widths) { index, text in
                columns[index].color.map { $0(style)(text) } ?? text
            })
        }
        return lines.joined(separator: "\n")
    }

    /// The natural width of each column: its widest cell or title, within its `maxWidth`.
    private var naturalWidths: [Int] {
        columns.indices.map { index in
            rows.reduce(clip(columns[index].title, columns[index]).count) { widest, row in
                max(widest, clip(index < row.count ? row[index] : "", columns[index]).count)
            }
        }
    }

    /// Squeezes the widest squeezable column one character at a time, then drops columns, until lines fit.
    private mutating func fit(_ width: Int) {
        while true {
            var widths = naturalWidths
            func total() -> Int { widths.reduce(0, +) + 2 * max(0, widths.count - 1) }
            while total() > width {
                let squeezable = columns.indices.filter { index in
                    columns[index].minWidth.map { minimum in widths[index] > minimum } ?? false
                }
                guard let widest = squeezable.max(by: { widths[$0] < widths[$1] }) else { break }
                widths[widest] -= 1
            }
            for index in columns.indices { columns[index].maxWidth = min(columns[index].maxWidth, widths[index]) }
            guard total() > width else { return }
            let droppable = columns.indices.filter { columns[$0].dropPriority != nil }
            guard let drop = droppable.min(by: { columns[$0].dropPriority! < columns[$1].dropPriority! }) else {
                return
            }
            columns.remove(at: drop)
            rows = rows.map { row in
                var row = row
                if drop < row.count { row.remove(at: drop) }
                return row
            }
        }
    }

    private func line(_ texts: [String], widths: [Int], paint: (Int, String) -> String) -> String {
        var parts: [String] = []
        for (index, text) in texts.enumerated() {
            let padding = String(repeating: " ", count: max(0, widths[index] - text.count))
            let isLast = index == texts.count - 1
            switch columns[index].alignment {
            case .left: parts.append(paint(index, text) + (isLast ? "" : padding))
            case .right: parts.append(padding + paint(index, text))
            }
        }
        var result = parts.joined(separator: "  ")
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }

    private func clip(_ text: String, _ column: Column) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        guard flat.count > column.maxWidth, column.maxWidth >= 1 else { return flat }
        if column.maxWidth == 1 { return "…" }
        return String(flat.prefix(column.maxWidth - 1)) + "…"
    }
}
