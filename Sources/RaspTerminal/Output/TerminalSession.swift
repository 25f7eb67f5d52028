#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
private let systemRead = Darwin.read
#endif
import Dispatch
import Foundation

/// The full-screen terminal while an app runs: raw keyboard input, the alternate screen, a hidden cursor, and
/// events for keys, resizes and termination signals.
///
/// ``restore()`` puts everything back (line mode, echo, the main screen with its scrollback, the cursor); it
/// runs on every way out: the app quitting, Ctrl-C (delivered as a key, since raw mode turns signals off),
/// SIGTERM/SIGHUP/SIGQUIT, and the end of input.
public final class TerminalSession: @unchecked Sendable {
    /// What happened at the terminal.
    public enum Event: Sendable, Equatable {
        /// Keys were pressed.
        case keys([Key])
        /// The window changed size.
        case resized
        /// The process was asked to end (the signal's number).
        case terminated(Int32)
        /// Standard input ended or failed.
        case inputClosed
    }

    private let input: Int32
    private let output: Int32
    private let lock = NSLock()
    private var saved: termios?
    private var stopReading = false
    private var signalSources: [any DispatchSourceSignal] = []

    /// A session on standard input and output.
    /// - Parameters:
    ///   - input: The keyboard's file descriptor.
    ///   - output: The screen's file descriptor.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    deinit { restore() }

    /// Whether both descriptors are terminals.
    public var isInteractive: Bool { isatty(input) == 1 && isatty(output) == 1 }

    /// The window's size in cells (80×24 when the terminal does not say).
    public var size: (columns: Int, rows: Int) {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Enters raw mode and the alternate screen and starts delivering events.
    /// - Returns: The events, until ``restore()``.
    /// - Throws: `TerminalError` when the input is not a terminal.
    public func start() throws -> AsyncStream<Event> {
        var attributes = termios()
        guard tcgetattr(input, &attributes) == 0 else { throw TerminalError.notATerminal }
        lock.withLock { saved = attributes }
        var raw = attributes
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        tcsetattr(input, TCSAFLUSH, &raw)
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l")
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        watchSignals(continuation)
        startReader(continuation)
        continuation.onTermination = { [weak self] _ in self?.stopInput() }
        return stream
    }

    /// Writes output, all of it (retrying short writes).
    /// - Parameter text: Escape sequences and text.
    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                systemWrite(output, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += written
        }
        bytes.removeAll()
    }

    /// Leaves raw mode and the alternate screen; safe to call more than once.
    public func restore() {
        stopInput()
        let attributes: termios? = lock.withLock {
            defer { saved = nil }
            return saved
        }
        guard var attributes else { return }
        write("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(input, TCSAFLUSH, &attributes)
    }

    private func stopInput() {
        let sources: [any DispatchSourceSignal] = lock.withLock {
            stopReading = true
            defer { signalSources = [] }
            return signalSources
        }
        sources.forEach { $0.cancel() }
    }

    private func watchSignals(_ continuation: AsyncStream<Event>.Continuation) {
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGWINCH, SIGTERM, SIGHUP, SIGQUIT, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                continuation.yield(number == SIGWINCH ? .resized : .terminated(number))
            }
            source.resume()
            sources.append(source)
        }
        lock.withLock { signalSources = sources }
    }

    private func startReader(_ continuation: AsyncStream<Event>.Continuation) {
        let input = self.input
        let thread = Thread { [weak self] in
            var decoder = KeyDecoder()
            var buffer = [UInt8](repeating: 0, count: 1024)
            while let self, !self.lock.withLock({ self.stopReading }) {
                var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, 100)
                if ready == 0 || (ready < 0 && errno == EINTR) { continue }
                let count = ready < 0 ? -1
                    : buffer.withUnsafeMutableBytes { systemRead(input, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    continuation.yield(.inputClosed)
                    return
                }
                let keys = decoder.decode(buffer[0..<count])
                if !keys.isEmpty { continuation.yield(.keys(keys)) }
            }
        }
        thread.name = "terminal input"
        thread.start()
    }
}

/// Why the terminal could not be used.
public enum TerminalError: Error, CustomStringConvertible, Sendable {
    /// Standard input is not a terminal.
    case notATerminal

    public var description: String {
        switch self {
        case .notATerminal: "standard input is not a terminal"
        }
    }
}
