/// One character cell of the screen.
public struct Cell: Sendable, Hashable {
    /// What is drawn: one character of display width 1 (wider text is cut to fit by ``Canvas``).
    public var character: Character
    /// How it is drawn.
    public var style: Style

    /// A cell.
    public init(_ character: Character = " ", style: Style = .plain) {
        self.character = character
        self.style = style
    }
}

/// A rectangle of cells that a screen draws into; ``FrameWriter`` turns it into terminal output.
///
/// Coordinates are zero-based columns (`x`) and rows (`y`); anything outside the canvas is clipped, so drawing
/// code never has to check bounds.
public struct Canvas: Sendable, Hashable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// The cells, row after row.
    public private(set) var cells: [Cell]

    /// A blank canvas.
    /// - Parameters:
    ///   - width: Columns.
    ///   - height: Rows.
    ///   - fill: The cell every position starts with.
    public init(width: Int, height: Int, fill: Cell = Cell()) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
    }

    /// The cell at a position (a blank one outside the canvas).
    public subscript(x: Int, y: Int) -> Cell {
        get { contains(x: x, y: y) ? cells[y * width + x] : Cell() }
        set { if contains(x: x, y: y) { cells[y * width + x] = newValue } }
    }

    /// Whether a position is on the canvas.
    public func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height
    }

    /// Writes text on one row, cut at `maxWidth` columns (or the canvas edge).
    /// - Parameters:
    ///   - text: The text; line breaks and other control characters are shown as spaces.
    ///   - x: The first column.
    ///   - y: The row.
    ///   - style: How to draw it.
    ///   - maxWidth: The most columns to use.
    /// - Returns: The columns written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        let limit = min(maxWidth ?? Int.max, width - x)
        var column = 0
        for character in text {
            guard column < limit else { break }
            self[x + column, y] = Cell(DisplayWidth.isPrintable(character) ? character : " ", style: style)
            column += 1
        }
        return column
    }

    /// Paints a rectangle with one cell.
    /// - Parameters:
    ///   - x: The first column.
    ///   - y: The first row.
    ///   - width: Columns.
    ///   - height: Rows.
    ///   - cell: What to paint.
    public mutating func fill(x: Int, y: Int, width: Int, height: Int, with cell: Cell) {
        for row in max(0, y)..<min(self.height, y + height) {
            for column in max(0, x)..<max(max(0, x), min(self.width, x + width)) {
                cells[row * self.width + column] = cell
            }
        }
    }

    /// Changes the style of cells already drawn (for example to highlight a row).
    public mutating func restyle(x: Int, y: Int, width: Int, _ change: (inout Style) -> Void) {
        guard y >= 0, y < height else { return }
        for column in max(0, x)..<max(max(0, x), min(self.width, x + width)) {
            change(&cells[y * self.width + column].style)
        }
    }

    /// The characters of one row, trailing spaces removed (what a screen capture shows).
    public func text(row y: Int) -> String {
        guard y >= 0, y < height else { return "" }
        let row = String(cells[(y * width)..<(y * width + width)].map(\.character))
        return String(row.reversed().drop { $0 == " " }.reversed())
    }

    /// Every row's text, joined with line breaks.
    public var text: String {
        (0..<height).map { text(row: $0) }.joined(separator: "\n")
    }
}

/// Which characters the canvas draws as they are.
enum DisplayWidth {
    /// Characters of display width 1: not control characters, not combining marks alone, not wide East Asian
    /// or emoji characters (those would shift the rest of the row; the app's text never needs them).
    static func isPrintable(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return false }
        if (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value)
            || (0xFF00...0xFF60).contains(value) || (0x1F300...0x1FAFF).contains(value) {
            return false
        }
        return scalar.properties.generalCategory != .nonspacingMark
    }
}
