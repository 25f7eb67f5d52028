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
    }

    /// The columns, in order.
    var columns: [Column]
    /// The rows; each has one cell per column (missing cells are empty).
    var rows: [[String]] = []

    /// The table as lines of text.
    /// - Parameter style: Bold headers and cell colours when enabled.
    /// - Returns: The lines, header first, without a final newline.
    func render(style: Style) -> String {
        let cells = rows.map { row in columns.indices.map { index in clip(index < row.count ? row[index] : "", columns[index]) } }
        let widths = columns.indices.map { index in
            cells.reduce(columns[index].title.count) { max($0, $1[index].count) }
        }
        var lines = [line(columns.map(\.title), widths: widths) { _, text in style.bold(text) }]
        for row in cells {
            lines.append(line(row, widths: widths) { index, text in
                columns[index].color.map { $0(style)(text) } ?? text
            })
        }
        return lines.joined(separator: "\n")
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
        guard flat.count > column.maxWidth, column.maxWidth > 1 else { return flat }
        return String(flat.prefix(column.maxWidth - 1)) + "…"
    }
}
