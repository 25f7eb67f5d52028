import RaspKit
import RaspTerminal

/// The canvas of one frame with the palette and the rows between the title and the bottom bars.
struct Drawing {
    /// The frame.
    var canvas: Canvas
    /// The colours.
    let palette: Palette
    /// The key hints' language.
    let hints: KeyHints

    /// The first row below the title.
    var contentTop: Int { 2 }

    /// Columns.
    var width: Int { canvas.width }

    /// Writes text.
    @discardableResult
    mutating func text(_ text: String, x: Int, y: Int, _ style: Style, maxWidth: Int? = nil) -> Int {
        canvas.put(text, x: x, y: y, style: style, maxWidth: maxWidth ?? width - x)
    }

    /// Writes text centred on a row.
    mutating func centred(_ text: String, y: Int, _ style: Style) {
        let length = min(text.count, width)
        canvas.put(text, x: max(0, (width - length) / 2), y: y, style: style, maxWidth: width)
    }

    /// The screen's title on the first row, with a back marker when the screen can go back.
    mutating func title(_ title: String, back: Bool) {
        if back { text("‹", x: 1, y: 0, palette.accent) }
        centred(title, y: 0, palette.base.emphasised)
    }

    /// Paints one row with a style (the selection bar), keeping its text.
    mutating func highlight(row y: Int, x: Int = 0, width: Int? = nil, _ style: Style) {
        canvas.restyle(x: x, y: y, width: width ?? self.width - x) { cell in
            cell.foreground = style.foreground ?? cell.foreground
            cell.background = style.background
            cell.reverse = style.reverse
        }
    }

    /// The key hints on the last row.
    mutating func keyLine(_ text: String) {
        let y = canvas.height - 1
        canvas.fill(x: 0, y: y, width: width, height: 1, with: Cell(style: palette.bar))
        canvas.put(" " + text, x: 0, y: y, style: palette.bar, maxWidth: width)
    }

    /// A button: its title in brackets, filled when `focused`.
    mutating func button(_ title: String, x: Int, y: Int, focused: Bool) {
        text(" \(title) ", x: x, y: y, focused ? palette.button : palette.accent)
    }

    /// Loading, empty and failure states, centred in the content area; false when `state` has content.
    mutating func placeholder<Value>(for state: LoadState<Value>, strings: RaspKit.Strings, retryKey: String = "r")
        -> Bool {
        let middle = max(contentTop, canvas.height / 2 - 1)
        switch state {
        case .idle, .loaded: return false
        case .loading:
            centred(strings[.loading], y: middle, palette.secondary)
        case .empty(let message):
            centred(message, y: middle, palette.base.emphasised)
        case .failed(let failure):
            centred(failure.title, y: middle - 1, palette.alert)
            centred(failure.message, y: middle + 1, palette.base)
            let label = " \(failure.retryTitle) (\(retryKey)) "
            canvas.put(label, x: max(0, (width - label.count) / 2), y: middle + 3, style: palette.button)
        }
        return true
    }
}

/// Splits text into lines of at most `width` columns at spaces (a longer word is cut).
/// - Parameters:
///   - text: The text; its line breaks are kept.
///   - width: Columns.
/// - Returns: The lines.
func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
        var line = ""
        for word in paragraph.split(separator: " ") {
            var word = Substring(word)
            while word.count > width {
                if !line.isEmpty { lines.append(line); line = "" }
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            if line.isEmpty { line = String(word) } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        lines.append(line)
    }
    return lines
}
