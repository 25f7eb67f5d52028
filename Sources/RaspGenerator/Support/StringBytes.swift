internal import Foundation

/// Text operations on UTF-8 bytes for the ASCII text that nearly every name, path and media type of a spec is:
/// the same results as Foundation's, without bridging each string to `NSString` and back.
extension String {
    /// Whether every character is ASCII (then one byte is one character, and byte operations are exact).
    var isASCII: Bool {
        utf8.withContiguousStorageIfAvailable { $0.isASCII } ?? utf8.allSatisfy { $0 < 0x80 }
    }

    /// `replacingOccurrences(of:with:)`: on bytes when the text and the pattern are ASCII, else Foundation's.
    func replacingText(_ pattern: String, with replacement: String) -> String {
        guard !pattern.isEmpty, pattern.isASCII else { return replacingOccurrences(of: pattern, with: replacement) }
        // Text canonically equal to ASCII text is at least as long in bytes, so a shorter text cannot hold an ASCII
        // pattern.
        guard utf8.count >= pattern.utf8.count else { return self }
        guard isASCII else { return replacingOccurrences(of: pattern, with: replacement) }
        var text = self
        var pattern = pattern
        let starts: [Int] = text.withUTF8 { bytes in
            pattern.withUTF8 { pattern in
                guard let first = pattern.first, bytes.count >= pattern.count else { return [] }
                var starts: [Int] = []
                var index = 0
                while index <= bytes.count - pattern.count {
                    if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                        starts.append(index)
                        index += pattern.count
                    } else {
                        index += 1
                    }
                }
                return starts
            }
        }
        guard !starts.isEmpty else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + starts.count * max(replacement.utf8.count - pattern.utf8.count, 0))
        var copied = 0
        for start in starts {
            result += substring(bytes: copied..<start)
            result += replacement
            copied = start + pattern.utf8.count
        }
        result += substring(bytes: copied..<utf8.count)
        return result
    }

    /// The text between two UTF-8 offsets (which must fall on character boundaries, as they do around ASCII).
    func substring(bytes range: Range<Int>) -> Substring {
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return self[start..<utf8.index(start, offsetBy: range.count)]
    }

    /// `contains(_:)` (Foundation's): on bytes when the text and the other text are ASCII.
    func containsText(_ other: String) -> Bool {
        guard !other.isEmpty, isASCII, other.isASCII else { return contains(other) }
        var text = self
        var other = other
        return text.withUTF8 { bytes in
            other.withUTF8 { pattern in
                guard pattern.count <= bytes.count else { return false }
                return (0...(bytes.count - pattern.count)).contains { start in
                    bytes[start..<(start + pattern.count)].elementsEqual(pattern)
                }
            }
        }
    }

    /// Whether the text holds `needle`'s bytes in a row.
    func containsBytes(of needle: StaticString) -> Bool {
        var text = self
        return text.withUTF8 { $0[...].contains(ascii: needle) }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether every byte is ASCII (below 0x80), tested eight bytes at a time.
    var isASCII: Bool {
        guard let base = baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var combined: UInt64 = 0
        var offset = 0
        while offset + 8 <= count {
            combined |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < count {
            combined |= UInt64(self[offset])
            offset += 1
        }
        return combined & 0x8080_8080_8080_8080 == 0
    }

    /// The offset of the first `byte` at or after `start` (a `memchr`, which compares many bytes per step).
    func firstOffset(of byte: UInt8, from start: Int) -> Int? {
        guard let base = baseAddress, start < count,
              let found = memchr(base + start, Int32(byte), count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}

extension Slice<UnsafeBufferPointer<UInt8>> {
    /// Whether the bytes hold `needle`'s ASCII bytes in a row (a plain byte search, for short needles).
    func contains(ascii needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = pattern.first, pattern.count <= count else { return pattern.isEmpty }
        var index = startIndex
        let last = endIndex - pattern.count
        while index <= last {
            if self[index] == first, pattern.indices.allSatisfy({ self[index + $0] == pattern[$0] }) { return true }
            index += 1
        }
        return false
    }
}

/// A fixed table of ASCII names, each with a value, where a name is compared only with the few names of its UTF-8
/// length (no hash is computed for it). Names are compared by `String` equality (canonical equivalence), as a
/// `switch` over the names or a `Set` of them would compare them: a name that is not ASCII, which may equal a name of
/// another length, is also looked up by hash.
struct NameTable<Value: Sendable>: Sendable {
    /// The names with their values, by UTF-8 length.
    private let byLength: [[(name: String, value: Value)]]
    /// The same names, for a name that is not ASCII.
    private let byName: [String: Value]

    /// A table of the given names and values (the first of two equal names wins).
    init(_ entries: [(name: String, value: Value)]) {
        precondition(entries.allSatisfy(\.name.isASCII))
        var table = [[(name: String, value: Value)]](repeating: [],
                                                       count: (entries.map(\.name.utf8.count).max() ?? 0) + 1)
        for entry in entries { table[entry.name.utf8.count].append(entry) }
        byLength = table
        byName = Dictionary(entries.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The value of `name`, or nil for a name the table does not hold.
    subscript(name: String) -> Value? {
        let length = name.utf8.count
        if length < byLength.count {
            for candidate in byLength[length] where candidate.name == name { return candidate.value }
        }
        return name.isASCII ? nil : byName[name]
    }
}

extension NameTable where Value == Bool {
    /// A table that holds each of `names` (sorted, so the table does not depend on the set's order).
    init(_ names: Set<String>) {
        self.init(names.sorted().map { ($0, true) })
    }

    /// Whether the table holds `name`.
    func contains(_ name: String) -> Bool {
        self[name] != nil
    }
}
