import Foundation

/// Shows the progress of long work on standard error: a redrawn bar on a terminal, a few plain lines otherwise
/// (a log or a CI job gets `rasp: downloading … 25%`, not carriage returns).
final class ProgressReporter: @unchecked Sendable {
    private let console: Console
    private let title: String
    private let lock = NSLock()
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var lastQuarter = 0
    private var lastMegabytes: Int64 = 0
    private var drewBar = false

    /// Starts reporting a task: shows its title (a status line on a terminal, a plain line otherwise).
    /// - Parameters:
    ///   - title: What is going on, e.g. «Downloading the station directory from api.rasp.yandex-net.ru».
    ///   - console: Where to write.
    init(_ title: String, console: Console) {
        self.title = title
        self.console = console
        if console.stderrIsTerminal {
            console.rawError(TextWrap.clip("\(title)…", to: console.errWidth.map { $0 - 1 }))
            drewBar = true
        } else {
            console.note("rasp: \(title)…")
        }
    }

    /// Reports bytes done out of a total (nil when unknown). Redraws at most ten times a second.
    func update(done: Int64, total: Int64?) {
        lock.lock()
        defer { lock.unlock() }
        if console.stderrIsTerminal {
            let now = Date()
            guard now.timeIntervalSince(lastDraw) >= 0.1 else { return }
            lastDraw = now
            drewBar = true
            let line = console.errWidth.map { Self.barLine(title: title, done: done, total: total, fitting: $0 - 1) }
                ?? Self.barLine(title: title, done: done, total: total, width: 24)
            console.rawError("\r\u{1B}[2K" + line)
        } else if let total, total > 0 {
            let quarter = Int(min(4, done * 4 / total))
            guard quarter > lastQuarter, quarter < 4 else { return }
            lastQuarter = quarter
            console.note("rasp: \(quarter * 25)% (\(Self.size(done)) of \(Self.size(total)))")
        } else {
            let megabytes = done / 10_000_000
            guard megabytes > lastMegabytes else { return }
            lastMegabytes = megabytes
            console.note("rasp: \(Self.size(done))")
        }
    }

    /// Ends the report with a summary line, e.g. «downloaded 40.1 MB».
    func finish(_ summary: String) {
        lock.lock()
        defer { lock.unlock() }
        let seconds = String(format: "%.1f", Date().timeIntervalSince(start))
        if drewBar { console.rawError("\r\u{1B}[2K") }
        console.note(console.err.dim("rasp: \(summary) in \(seconds) s"))
    }

    /// Clears a half-drawn bar after a failure.
    func abandon() {
        lock.lock()
        defer { lock.unlock() }
        if drewBar { console.rawError("\r\u{1B}[2K") }
    }

    // MARK: Formatting

    /// The terminal bar within `columns` (one less than the terminal's width, so the cursor never wraps and `\r`
    /// redraws the same line): the bar narrows from 24 cells to 10, then the title is cut.
    static func barLine(title: String, done: Int64, total: Int64?, fitting columns: Int) -> String {
        for width in stride(from: 24, through: 10, by: -2) {
            let line = barLine(title: title, done: done, total: total, width: width)
            if TextWrap.displayWidth(line) <= columns { return line }
        }
        let rest = TextWrap.displayWidth(barLine(title: "", done: done, total: total, width: 10))
        return barLine(title: TextWrap.clip(title, to: max(1, columns - rest)), done: done, total: total, width: 10)
    }

    /// One line of the terminal bar: `title [#########·········]  45%  18.2 MB / 40.1 MB`, or the byte count
    /// alone when the total is unknown.
    static func barLine(title: String, done: Int64, total: Int64?, width: Int) -> String {
        guard let total, total > 0 else { return "\(title)  \(size(done))" }
        let fraction = min(1, max(0, Double(done) / Double(total)))
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "·", count: width - filled)
        let percent = String(format: "%3d%%", Int((fraction * 100).rounded(.down)))
        return "\(title) [\(bar)] \(percent)  \(size(done)) / \(size(total))"
    }

    /// A byte count for people: `512 B`, `12.3 KB`, `40.1 MB` (decimal units).
    static func size(_ bytes: Int64) -> String {
        switch bytes {
        case ..<1_000: "\(bytes) B"
        case ..<1_000_000: String(format: "%.1f KB", Double(bytes) / 1_000)
        case ..<1_000_000_000: String(format: "%.1f MB", Double(bytes) / 1_000_000)
        default: String(format: "%.2f GB", Double(bytes) / 1_000_000_000)
        }
    }
}
