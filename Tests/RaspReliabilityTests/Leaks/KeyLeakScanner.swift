import Foundation

/// Looks for the test key in text: as is (also what percent-encoding leaves of it) and Base64-encoded (as a
/// `Basic` credential or an encoded blob would carry it). `Scripts/scan-key-leaks.sh` looks for the same needles
/// in the whole test run's output, the transcripts and the files tests leave behind.
enum KeyLeakScanner {
    /// The forms of the key that count as a leak.
    static let needles: [String] = {
        let base64 = Data(testKey.utf8).base64EncodedString()
        return [testKey, base64, String(base64.prefix { $0 != "=" })].reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }()

    /// The needles found in `text`.
    static func leaks(in text: String) -> [String] {
        needles.filter { text.contains($0) }
    }

    /// The texts among `texts` that contain a needle, each with its label, for a failure message.
    static func leaks(in texts: [(label: String, text: String)]) -> [String] {
        texts.compactMap { item in leaks(in: item.text).isEmpty ? nil : "\(item.label): \(item.text)" }
    }
}
