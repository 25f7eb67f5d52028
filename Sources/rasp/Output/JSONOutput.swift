import Foundation

/// Machine-readable output: pretty-printed JSON with sorted keys (stable for diffs and scripts), slashes
/// unescaped, no colour.
enum JSONOutput {
    /// The JSON text of a value, ending without a newline.
    /// - Throws: `EncodingError` (not expected for the output types).
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
