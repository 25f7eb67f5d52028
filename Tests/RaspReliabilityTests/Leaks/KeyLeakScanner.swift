import Foundation
import RaspTestSupport

/// Looks for the test key in text: as is (also what percent-encoding leaves of it) and Base64-encoded (as a
/// `Basic` credential or an encoded blob would carry it). `Scripts/ci/scan-key-leaks.sh` looks for the same needles
/// in the whole test run's output, the transcripts and the files tests leave behind.
enum KeyLeakScanner {
    /// The forms of the key that count as a leak.
    static let needles: [String] = needles(for: testKey)

    /// The forms of `key` that count as a leak: as is, percent-encoded (as a query value and as RFC 3986
    /// unreserved characters leave it), and Base64-encoded with and without its padding.
    static func needles(for key: String) -> [String] {
        let base64 = Data(key.utf8).base64EncodedString()
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZ" + "abcdefghijklmnopqrstuvwxyz"
                                      + "0123456789-._~")
        let rfc3986 = key.addingPercentEncoding(withAllowedCharacters: unreserved) ?? key
        let forms = [key, ClientRequestEncoding.percentEncoded(key), rfc3986, base64,
                     String(base64.prefix { $0 != "=" })]
        return forms.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// The needles found in `text`.
    static func leaks(in text: String, needles: [String] = needles) -> [String] {
        needles.filter { text.contains($0) }
    }

    /// The texts among `texts` that contain a needle, each with its label, for a failure message.
    static func leaks(in texts: [(label: String, text: String)], needles: [String] = needles) -> [String] {
        texts.compactMap { item in
            leaks(in: item.text, needles: needles).isEmpty ? nil : "\(item.label): \(item.text)"
        }
    }
}
