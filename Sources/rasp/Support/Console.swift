import Foundation

/// Where the command writes: results on standard output, notices, progress and errors on standard error, each
/// with its own colour decision. Messages on standard error are wrapped to its width (``errWidth``).
struct Console: Sendable {
    /// Styles for standard output.
    var out: Style
    /// Styles for standard error.
    var err: Style
    /// Whether standard error is a terminal (progress bars instead of progress lines).
    var stderrIsTerminal: Bool
    /// The widest a line on standard error may be, or nil for no limit (see
    /// ``TerminalWidth/standardError(environment:isTerminal:)``).
    var errWidth: Int?

    /// A console for an environment.
    init(_ environment: Environment) {
        out = Style(enabled: environment.allowsColor(onTerminal: environment.stdoutIsTerminal))
        err = Style(enabled: environment.allowsColor(onTerminal: environment.stderrIsTerminal))
        stderrIsTerminal = environment.stderrIsTerminal
        errWidth = TerminalWidth.standardError(environment: environment.variables,
                                               isTerminal: environment.stderrIsTerminal)
    }

    /// Writes a line (or several) to standard output.
    func print(_ text: String) {
        Self.write(text + "\n", to: .standardOutput)
    }

    /// Writes a message (one line or several) to standard error, wrapped to ``errWidth``.
    func note(_ text: String) {
        Self.write(TextWrap.wrap(text, width: errWidth) + "\n", to: .standardError)
    }

    /// Writes text to standard error with no newline and no wrapping (progress bars, which fit themselves).
    func rawError(_ text: String) {
        Self.write(text, to: .standardError)
    }

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}

/// ANSI styling that turns itself off when colour is not wanted.
struct Style: Sendable {
    /// Whether codes are written.
    var enabled: Bool

    /// Bold text.
    func bold(_ text: String) -> String { wrap(text, "1") }
    /// Dim text.
    func dim(_ text: String) -> String { wrap(text, "2") }
    /// Red text (errors).
    func red(_ text: String) -> String { wrap(text, "31") }
    /// Yellow text (notices).
    func yellow(_ text: String) -> String { wrap(text, "33") }
    /// Cyan text (codes).
    func cyan(_ text: String) -> String { wrap(text, "36") }
    /// Green text (times).
    func green(_ text: String) -> String { wrap(text, "32") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
