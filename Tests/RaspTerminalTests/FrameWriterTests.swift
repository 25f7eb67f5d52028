import RaspTerminal
import Testing

/// Diffed redraws: replaying the writer's output on a model terminal gives exactly the canvas, and an
/// unchanged frame writes nothing.
@Suite("Frame writer")
struct FrameWriterTests {
    /// A model terminal that understands what the writer emits: clear, cursor position, SGR, text.
    struct ScreenModel {
        var rows: [[Character]]
        var x = 0, y = 0
        var sgrCount = 0
        /// The characters written by the last ``apply(_:)``.
        var printed = ""

        init(width: Int, height: Int) {
            rows = Array(repeating: Array(repeating: " ", count: width), count: height)
        }

        mutating func apply(_ output: String) {
            printed = ""
            var characters = Array(output)[...]
            while let character = characters.popFirst() {
                guard character == "\u{1B}" else {
                    rows[y][x] = character
                    printed.append(character)
                    x += 1
                    continue
                }
                #expect(characters.popFirst() == "[")
                var parameters = ""
                while let next = characters.popFirst() {
                    guard next.isNumber || next == ";" else {
                        switch next {
                        case "H":
                            let parts = parameters.split(separator: ";").map { Int($0)! }
                            (y, x) = (parts[0] - 1, parts[1] - 1)
                        case "J": rows = rows.map { $0.map { _ in " " } }
                        case "m": sgrCount += 1
                        default: Issue.record("unexpected sequence \(parameters)\(next)")
                        }
                        break
                    }
                    parameters.append(next)
                }
            }
        }

        var text: String {
            rows.map { String(String($0).reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
        }
    }

    @Test("a frame, a changed frame and an unchanged one replay to the canvas")
    func replay() {
        var writer = FrameWriter(colourMode: .trueColour)
        var screen = ScreenModel(width: 20, height: 4)
        var canvas = Canvas(width: 20, height: 4)
        canvas.put("Москва → Питер", x: 1, y: 0, style: Style(bold: true))
        canvas.put("12:00", x: 2, y: 2, style: Style(foreground: RGB(hex: 0x3772E7)))
        screen.apply(writer.output(for: canvas))
        #expect(screen.text == canvas.text)

        canvas.put("13", x: 2, y: 2, style: Style(foreground: RGB(hex: 0x3772E7)))
        let change = writer.output(for: canvas)
        // Only the changed digit is written: "12:00" became "13:00".
        #expect(!change.contains("\u{1B}[2J") && change.contains("\u{1B}[3;4H"))
        screen.apply(change)
        #expect(screen.printed == "3")
        #expect(screen.text == canvas.text)
        #expect(writer.output(for: canvas).isEmpty)
    }

    @Test("a run of cells in one style switches style once; a new size redraws everything")
    func stylesAndResize() {
        var writer = FrameWriter(colourMode: .palette256)
        var canvas = Canvas(width: 10, height: 2)
        canvas.put("abcdef", x: 0, y: 0, style: Style(foreground: RGB(255, 0, 0)))
        let output = writer.output(for: canvas)
        #expect(output.components(separatedBy: "38;5;196").count == 2, "one colour switch for the run")
        let bigger = Canvas(width: 12, height: 3)
        #expect(writer.output(for: bigger).hasPrefix("\u{1B}[0m\u{1B}[2J"))
    }

    @Test("NO_COLOR keeps attributes and writes no colour; COLORTERM picks 24-bit colour")
    func colourModes() {
        #expect(ColourMode.detect(["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .none)
        #expect(ColourMode.detect(["COLORTERM": "truecolor"]) == .trueColour)
        #expect(ColourMode.detect(["TERM": "xterm-256color"]) == .palette256)
        #expect(ColourMode.detect(["TERM": "dumb"]) == .none)
        var writer = FrameWriter(colourMode: .none)
        var canvas = Canvas(width: 4, height: 1)
        canvas.put("x", x: 0, y: 0, style: Style(foreground: RGB(1, 2, 3), reverse: true))
        let output = writer.output(for: canvas)
        #expect(!output.contains("38;") && output.contains("\u{1B}[0;7m"))
    }

    @Test("the canvas clips text at its edges and shows control and wide characters as spaces")
    func clipping() {
        var canvas = Canvas(width: 5, height: 1)
        #expect(canvas.put("abcdefgh", x: 2, y: 0) == 3)
        #expect(canvas.text == "  abc")
        canvas.put("\tЖ中", x: 0, y: 0)
        #expect(canvas.text == " Ж bc")
        canvas.put("z", x: -1, y: 5)
        #expect(canvas[4, 0].character == "c")
    }

    @Test("xterm-256 approximation picks greys for greys and the cube otherwise")
    func palette() {
        #expect(RGB(0, 0, 0).xterm256 == 16)
        #expect(RGB(255, 255, 255).xterm256 == 231)
        #expect(RGB(128, 128, 128).xterm256 == 244)
        #expect(RGB(255, 0, 0).xterm256 == 196)
    }
}
