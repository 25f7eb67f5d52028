import Foundation
import RaspRuntime

/// A task executor with one thread of its own: the jobs of tasks that prefer it run there, one after another, in the
/// order they were enqueued, until ``shutdown()``.
///
/// For work that must not wait behind the cooperative pool: an upload's read-ahead feeds a reader that blocks a
/// thread `URLSession` needs (see `UploadFeed`), so its jobs should run as soon as they are ready, however many
/// tasks the pool has queued.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var isShutDown = false

    /// Starts the thread.
    /// - Parameter name: The thread's name, for debuggers and backtraces.
    init(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once the jobs enqueued so far have run. Call it from the last job of the last task that
    /// uses the executor: a job enqueued after the thread has ended would never run.
    func shutdown() {
        condition.lock()
        isShutDown = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        var index = 0
        var batch: [UnownedJob] = []
        while true {
            if index == batch.count {
                condition.lock()
                while jobs.isEmpty, !isShutDown { condition.wait() }
                if jobs.isEmpty {
                    condition.unlock()
                    return
                }
                (batch, jobs, index) = (jobs, [], 0)
                condition.unlock()
            }
            batch[index].runSynchronously(on: asUnownedTaskExecutor())
            index += 1
        }
    }
}
