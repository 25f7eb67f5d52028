/// A key the user pressed.
public enum Key: Sendable, Hashable {
    /// A printable character (letters of any script, digits, punctuation, space).
    case character(Character)
    /// Ctrl with a letter, e.g. `.control("c")`.
    case control(Character)
    /// ↑.
    case up
    /// ↓.
    case down
    /// ←.
    case left
    /// →.
    case right
    /// Return.
    case enter
    /// Esc on its own.
    case escape
    /// Backspace.
    case backspace
    /// Delete.
    case delete
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
}
