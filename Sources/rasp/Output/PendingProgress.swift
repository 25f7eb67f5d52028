import RaspRuntime

/// A progress report that appears only when there is something to report: the first download starts it, so a
/// fetch answered from the cache prints nothing.
final class PendingProgress: Sendable {
    private let title: String
    private let console: Console
    private let reporter = Locked<ProgressReporter?>(nil)

    /// A report with this title, not shown yet.
    init(_ title: String, console: Console) {
        self.title = title
        self.console = console
    }

    /// The report, started (its title shown) on the first call.
    func start() -> ProgressReporter {
        reporter.withLock { reporter in
            if let reporter { return reporter }
            let started = ProgressReporter(title, console: console)
            reporter = started
            return started
        }
    }

    /// The report, if a download started it.
    var started: ProgressReporter? { reporter.withLock { $0 } }
}
