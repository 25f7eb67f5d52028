import Foundation

/// The resident set size of this process, from `/proc/self/status` (Linux); nil elsewhere.
enum ProcessMemory {
    /// `VmRSS` in bytes.
    static func residentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let digits = line.split(separator: " ").dropFirst().first { Int($0) != nil }
            return digits.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }
}
