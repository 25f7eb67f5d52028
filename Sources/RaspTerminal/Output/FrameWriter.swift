/// Turns successive canvases into terminal output that changes only what changed (no flicker).
///
/// The first frame, and any frame of another size, clears the screen and draws everything; later frames move
/// the cursor to each run of changed cells and draw just those, switching colours only where they change.
public struct FrameWriter: Sendable {
    /// How colours are written.
    public let colourMode: ColourMode
    private var previous: Canvas?

    /// A writer.
    /// - Parameter colourMode: How many colours the terminal shows.
    public init(colourMode: ColourMode) {
        self.colourMode = colourMode
    }

    /// Forgets what is on screen, so the next frame is drawn whole (after a resize or a redraw request).
    public mutating func invalidate() {
        previous = nil
    }

    /// The output that turns the last frame into `canvas`.
    /// - Parameter canvas: The new frame.
    /// - Returns: Escape sequences and text; empty when nothing changed.
    public mutating func output(for canvas: Canvas) -> String {
        var out = ""
        var current: Style?
        let old = previous.flatMap { $0.width == canvas.width && $0.height == canvas.height ? $0 : nil }
        if old == nil { out += "\u{1B}[0m\u{1B}[2J" }
        for y in 0..<canvas.height {
            var x = 0
            while x < canvas.width {
                guard old.map({ $0[x, y] != canvas[x, y] }) ?? true else {
                    x += 1
                    continue
                }
                out += "\u{1B}[\(y + 1);\(x + 1)H"
                while x < canvas.width, old.map({ $0[x, y] != canvas[x, y] }) ?? true {
                    let cell = canvas[x, y]
                    if cell.style != current {
                        out += sgr(cell.style)
                        current = cell.style
                    }
                    out.append(cell.character)
                    x += 1
                }
            }
        }
        if current != nil { out += "\u{1B}[0m" }
        previous = canvas
        return out
    }

    /// The Select Graphic Rendition sequence that sets `style` from a reset state.
    func sgr(_ style: Style) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if let foreground = style.foreground { codes += colour(foreground, base: 38) }
        if let background = style.background { codes += colour(background, base: 48) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private func colour(_ rgb: RGB, base: Int) -> [String] {
        switch colourMode {
        case .none: []
        case .palette256: ["\(base)", "5", "\(rgb.xterm256)"]
        case .trueColour: ["\(base)", "2", "\(rgb.red)", "\(rgb.green)", "\(rgb.blue)"]
        }
    }
}
