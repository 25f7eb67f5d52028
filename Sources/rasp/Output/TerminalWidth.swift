#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// How wide output may be, for the tables on standard output and the messages on standard error.
enum TerminalWidth {
    /// The width of standard output in columns, or nil for no limit: `COLUMNS` when set (scripts and tests), else
    /// the terminal's width when standard output is one.
    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
        if let columns = columns(environment) { return columns }
        guard isatty(STDOUT_FILENO) != 0 else { return nil }
        return size(of: STDOUT_FILENO)
    }

    /// The width messages on standard error wrap at, or nil for no limit, as for tables: `COLUMNS` when set, else
    /// the terminal's width when standard error is one. A log file or a pipe gets each message on one line, whole
    /// (a reader's terminal or pager wraps it, and a path in it stays in one piece for grep and copying).
    /// - Parameters:
    ///   - environment: The process's variables.
    ///   - isTerminal: Whether standard error is a terminal.
    static func standardError(environment: [String: String], isTerminal: Bool) -> Int? {
        if let columns = columns(environment) { return columns }
        return isTerminal ? size(of: STDERR_FILENO) : nil
    }

    /// `COLUMNS`, when it is a positive number.
    private static func columns(_ environment: [String: String]) -> Int? {
        guard let text = environment["COLUMNS"], let columns = Int(text), columns > 0 else { return nil }
        return columns
    }

    /// The width of the terminal behind a file descriptor, when the system tells it.
    private static func size(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
