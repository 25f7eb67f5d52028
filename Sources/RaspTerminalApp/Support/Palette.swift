import RaspKit
import RaspTerminal

/// The app's colours in one theme: the travel-schedule app's own (black #1A1B22, white, blue #3772E7,
/// red #F56B6C, grey #AEAFB4), light or dark.
struct Palette: Sendable, Hashable {
    /// Whether this is the dark theme.
    let isDark: Bool
    /// The screen: text on the background.
    let base: Style
    /// Secondary text (subtitles, hints, viewed stories).
    let secondary: Style
    /// Actions and the selection's accent.
    let accent: Style
    /// A filled button.
    let button: Style
    /// Errors and the filter marker.
    let alert: Style
    /// The highlighted row of a list.
    let selected: Style
    /// The bars: the tab bar and the key hints.
    let bar: Style

    private static let black = RGB(hex: 0x1A1B22)
    private static let white = RGB(hex: 0xFFFFFF)
    private static let blue = RGB(hex: 0x3772E7)
    private static let red = RGB(hex: 0xF56B6C)
    private static let grey = RGB(hex: 0xAEAFB4)
    private static let lightGrey = RGB(hex: 0xEEEEEE)
    private static let darkGrey = RGB(hex: 0x2C2D35)

    /// The palette of a theme; ``AppTheme/system`` follows the terminal's background when it tells
    /// (`COLORFGBG`), and is dark otherwise. Without colours, attributes alone mark the selection and emphasis.
    init(theme: AppTheme, environment: [String: String], colours: ColourMode) {
        let dark = switch theme {
        case .light: false
        case .dark: true
        case .system: Self.terminalIsDark(environment)
        }
        if colours == .none { self.init(attributesOnly: dark) } else { self.init(dark: dark) }
    }

    private init(attributesOnly dark: Bool) {
        isDark = dark
        base = .plain
        secondary = Style(dim: true)
        accent = Style(bold: true)
        button = Style(bold: true, reverse: true)
        alert = Style(bold: true)
        selected = Style(reverse: true)
        bar = .plain
    }

    private init(dark: Bool) {
        isDark = dark
        let (text, background) = dark ? (Self.white, Self.black) : (Self.black, Self.white)
        base = Style(foreground: text, background: background)
        secondary = Style(foreground: Self.grey, background: background)
        accent = Style(foreground: Self.blue, background: background, bold: true)
        button = Style(foreground: Self.white, background: Self.blue, bold: true)
        alert = Style(foreground: Self.red, background: background, bold: true)
        selected = Style(foreground: text, background: dark ? Self.darkGrey : Self.lightGrey)
        bar = Style(foreground: Self.grey, background: dark ? Self.darkGrey : Self.lightGrey)
    }

    /// `COLORFGBG` is `foreground;background` in ANSI colour numbers; 7 and 15 are light backgrounds.
    private static func terminalIsDark(_ environment: [String: String]) -> Bool {
        guard let value = environment["COLORFGBG"],
              let background = value.split(separator: ";").last.flatMap({ Int($0) })
        else { return true }
        return !(background == 7 || background == 15)
    }
}
