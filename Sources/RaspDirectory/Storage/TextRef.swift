/// A span of UTF-8 bytes in a ``TextTable``: where a title, a code or a direction lives.
struct TextRef: Hashable, Sendable, BitwiseCopyable {
    var start: UInt32
    var count: UInt32

    /// No text (the data had `""` or nothing).
    static let empty = TextRef(start: 0, count: 0)

    var isEmpty: Bool { count == 0 }
    var end: Int { Int(start) + Int(count) }
}

/// All text of a directory, UTF-8, back to back; strings are made from it only when a value is returned.
struct TextTable: Sendable {
    var bytes: [UInt8] = []

    /// The text at `ref` as a string (invalid UTF-8 is repaired, never trusted).
    func string(_ ref: TextRef) -> String {
        if ref.isEmpty { return "" }
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(ref.start)..<ref.end]), as: UTF8.self)
        }
    }

    /// The text at `ref`, or nil when it is empty.
    func optionalString(_ ref: TextRef) -> String? {
        ref.isEmpty ? nil : string(ref)
    }

    /// Appends UTF-8 bytes and returns where they went.
    mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) -> TextRef {
        let start = bytes.count
        bytes.append(contentsOf: utf8)
        return TextRef(start: UInt32(start), count: UInt32(utf8.count))
    }

    /// Appends a string and returns where it went.
    mutating func append(_ string: String) -> TextRef {
        var string = string
        return string.withUTF8 { append($0) }
    }

    /// Whether every span fits inside the table (checked when a snapshot is read).
    func contains(_ refs: [TextRef]) -> Bool {
        let limit = bytes.count
        return refs.allSatisfy { $0.end <= limit }
    }
}
