import Foundation
#if canImport(Glibc)
import Glibc
/// `getrusage`'s "this process" selector (an enum case on Glibc, an Int32 elsewhere).
private let RUSAGE_SELF_WHO = __rusage_who_t(RUSAGE_SELF.rawValue)
#else
private let RUSAGE_SELF_WHO = RUSAGE_SELF
#endif

/// Prints benchmark figures and notes in the one format every suite uses.
enum Figures {
    /// Prints `<name>: <value> <unit>` on stdout, rounding to `decimals` places.
    static func emit(_ name: String, _ value: Double, _ unit: String, decimals: Int = 1) {
        line("\(name): \(String(format: "%.\(decimals)f", value)) \(unit)")
    }

    /// Prints `<name>: <value> <unit>` on stdout for an integer value.
    static func emit(_ name: String, _ value: Int, _ unit: String) {
        line("\(name): \(value) \(unit)")
    }

    /// Writes a line to stdout at once (unbuffered, so figures appear while a long suite runs).
    private static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// The middle value (the upper of the two middle ones for an even count), or 0 for none.
    static func median(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }

    /// A progress note on stderr (not a figure).
    static func note(_ text: String) {
        FileHandle.standardError.write(Data("# \(text)\n".utf8))
    }
}

/// Wall-clock timing.
enum Stopwatch {
    /// Runs `body` and returns its result and the elapsed milliseconds.
    static func measure<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let clock = ContinuousClock()
        var result: T?
        let elapsed = try clock.measure { result = try body() }
        return (result!, milliseconds(elapsed))
    }

    /// Milliseconds in a duration.
    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

/// Memory figures of this process, from `/proc/self/status` (Linux; nil elsewhere).
enum ProcessMemory {
    /// Peak resident set size (`VmHWM`) in bytes.
    static var peakResidentBytes: Int? { field("VmHWM") }
    /// Current resident set size (`VmRSS`) in bytes.
    static var residentBytes: Int? { field("VmRSS") }

    /// User + system CPU time this process has used so far, in milliseconds.
    static var cpuMilliseconds: Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF_WHO, &usage)
        let user = Double(usage.ru_utime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec) / 1000
        let system = Double(usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_stime.tv_usec) / 1000
        return user + system
    }

    /// Resets the peak to the current RSS (Linux ≥ 4.0: write "5" to `/proc/self/clear_refs`), so a later
    /// ``peakResidentBytes`` covers only what ran in between. Returns false when the kernel refuses.
    @discardableResult
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do { try handle.write(contentsOf: Data("5".utf8)) } catch { return false }
        return true
    }

    private static func field(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.split(separator: " ").compactMap { Int($0) }.first
            return digits.map { $0 * 1024 }
        }
        return nil
    }
}
