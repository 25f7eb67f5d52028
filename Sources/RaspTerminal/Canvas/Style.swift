/// How a cell is drawn: colours and attributes.
///
/// Colours are always given as 24-bit values; ``ColourMode`` decides how much of them reaches the terminal
/// (all of it, the nearest of 256, or none under `NO_COLOR`). Attributes are kept in every mode, so a screen
/// still shows its selection and emphasis without colour.
public struct Style: Sendable, Hashable {
    /// The text colour; nil is the terminal's own.
    public var foreground: RGB?
    /// The background colour; nil is the terminal's own.
    public var background: RGB?
    /// Bold text.
    public var bold = false
    /// Dim text.
    public var dim = false
    /// Underlined text.
    public var underline = false
    /// Foreground and background exchanged (the selection).
    public var reverse = false

    /// The terminal's own colours, no attributes.
    public static let plain = Style()

    /// A style.
    public init(foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false, dim: Bool = false,
                underline: Bool = false, reverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    /// This style with `bold` set.
    public var emphasised: Style { with { $0.bold = true } }

    /// This style with `reverse` set.
    public var reversed: Style { with { $0.reverse = true } }

    /// A copy changed by `change`.
    public func with(_ change: (inout Style) -> Void) -> Style {
        var copy = self
        change(&copy)
        return copy
    }
}

/// How many colours the terminal shows.
public enum ColourMode: Sendable, Hashable {
    /// No colours at all (`NO_COLOR` is set, or the terminal is `dumb`).
    case none
    /// The xterm 256-colour palette.
    case palette256
    /// 24-bit colour (`COLORTERM` is `truecolor` or `24bit`).
    case trueColour

    /// The mode for an environment: `NO_COLOR` (any value) wins, then `COLORTERM`, then `TERM`.
    /// - Parameter environment: The process environment.
    /// - Returns: The mode.
    public static func detect(_ environment: [String: String]) -> ColourMode {
        if environment["NO_COLOR"].map({ !$0.isEmpty }) ?? false { return .none }
        if let term = environment["TERM"], term == "dumb" { return .none }
        let colourTerm = environment["COLORTERM"]?.lowercased() ?? ""
        return colourTerm == "truecolor" || colourTerm == "24bit" ? .trueColour : .palette256
    }
}
