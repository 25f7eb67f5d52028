import Foundation

/// Reads JSON from UTF-8 bytes in one forward pass: containers, keys, strings, numbers. It allocates nothing for
/// what it skips and copies strings straight into the caller's buffer, so a 40 MB document is never held twice.
struct JSONScanner {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private(set) var position = 0
    /// Whether the bytes are a private file mapping whose read pages may be handed back to the kernel.
    private let dropsReadPages: Bool
    private var droppedUpTo = 0

    init(_ bytes: UnsafeRawBufferPointer, dropsReadPages: Bool = false) {
        let empty: StaticString = ""
        base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? empty.utf8Start
        count = bytes.count
        self.dropsReadPages = dropsReadPages
    }

    /// An error at the current position.
    func error(_ reason: String) -> StationDirectoryError {
        .malformedJSON(offset: position, reason: reason)
    }

    // MARK: Structure

    /// The next significant byte (0 at the end), not consumed.
    @inline(__always)
    mutating func peek() -> UInt8 {
        while position < count {
            let byte = base[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return byte }
            position += 1
        }
        return 0
    }

    /// Consumes `byte` or throws.
    @inline(__always)
    mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws {
        guard peek() == byte else { throw error("expected \(what())") }
        position += 1
    }

    /// Consumes `{`; returns whether the object has members (an empty one is consumed whole). `null` counts
    /// as an empty object.
    mutating func beginObject() throws -> Bool {
        if try skipNull() { return false }
        try expect(UInt8(ascii: "{"), "an object")
        if peek() == UInt8(ascii: "}") {
            position += 1
            return false
        }
        return true
    }

    /// After a member's value: consumes `,` (true, another member follows) or `}` (false).
    mutating func nextMember() throws -> Bool {
        switch peek() {
        case UInt8(ascii: ","): position += 1; return true
        case UInt8(ascii: "}"): position += 1; return false
        default: throw error("expected ',' or '}' after an object member")
        }
    }

    /// Consumes `[`; returns whether the array has elements. `null` counts as an empty array.
    mutating func beginArray() throws -> Bool {
        if try skipNull() { return false }
        try expect(UInt8(ascii: "["), "an array")
        if peek() == UInt8(ascii: "]") {
            position += 1
            return false
        }
        return true
    }

    /// After an element: consumes `,` (true) or `]` (false).
    mutating func nextElement() throws -> Bool {
        switch peek() {
        case UInt8(ascii: ","): position += 1; return true
        case UInt8(ascii: "]"): position += 1; return false
        default: throw error("expected ',' or ']' after an array element")
        }
    }

    /// Reads a member's key and its colon; `body` sees the key's decoded bytes.
    mutating func readKey<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) throws -> R {
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a key") }
        let start = position + 1
        var end = start
        while end < count, base[end] != UInt8(ascii: "\""), base[end] != UInt8(ascii: "\\") { end += 1 }
        let result: R
        if end < count, base[end] == UInt8(ascii: "\"") {
            position = end + 1
            result = body(UnsafeBufferPointer(start: base + start, count: end - start))
        } else {
            var key: [UInt8] = []
            try readString(into: &key)
            result = key.withUnsafeBufferPointer(body)
        }
        try expect(UInt8(ascii: ":"), "':' after a key")
        return result
    }

    /// Throws unless only whitespace is left.
    mutating func expectEnd() throws {
        guard peek() == 0, position == count else { throw error("unexpected bytes after the document") }
    }

    /// Hands pages already read back to the kernel (they are clean file pages; the strings are copied out), so a
    /// mapped 40 MB document never stays resident as a whole. Cheap to call often.
    mutating func dropReadPages() {
        guard dropsReadPages, position - droppedUpTo >= 2 << 20 else { return }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let upTo = position / pageSize * pageSize
        _ = madvise(UnsafeMutableRawPointer(mutating: base + droppedUpTo), upTo - droppedUpTo, Int32(MADV_DONTNEED))
        droppedUpTo = upTo
    }

    // MARK: Values

    /// Consumes `null` if it is next.
    mutating func skipNull() throws -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// Appends the decoded UTF-8 of the string value that is next to `output`.
    mutating func readString(into output: inout [UInt8]) throws {
        try expect(UInt8(ascii: "\""), "a string")
        let start = position
        while position < count {
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
                output.append(contentsOf: UnsafeBufferPointer(start: base + start, count: position - start))
                position += 1
                return
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            position += 1
        }
        output.append(contentsOf: UnsafeBufferPointer(start: base + start, count: position - start))
        try readEscapedRest(into: &output)
    }

    /// A number, a string holding a number, `""` or `null` (nil for the last two and for text that is not a
    /// number): coordinates come in all of these shapes.
    mutating func readLooseNumber() throws -> Double? {
        switch peek() {
        case UInt8(ascii: "\""):
            var text: [UInt8] = []
            try readString(into: &text)
            return text.withUnsafeBufferPointer { NumberParser.parse($0, trimming: true) }
        case UInt8(ascii: "n"):
            try literal("null")
            return nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = position
            skipNumber()
            return NumberParser.parse(UnsafeBufferPointer(start: base + start, count: position - start))
        default:
            try skipValue()
            return nil
        }
    }

    /// Skips the value that is next, whatever it is.
    mutating func skipValue() throws {
        switch peek() {
        case UInt8(ascii: "{"):
            guard try beginObject() else { return }
            repeat {
                try readKey { _ in () }
                try skipValue()
            } while try nextMember()
        case UInt8(ascii: "["):
            guard try beginArray() else { return }
            repeat { try skipValue() } while try nextElement()
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = position
            skipNumber()
            guard position > start + (base[start] == UInt8(ascii: "-") ? 1 : 0) else { throw error("bad number") }
        case 0: throw error("unexpected end of the document")
        default: throw error("unexpected byte \(base[position])")
        }
    }

    // MARK: Helpers

    private mutating func skipString() throws {
        try expect(UInt8(ascii: "\""), "a string")
        while position < count {
            let byte = base[position]
            position += 1
            if byte == UInt8(ascii: "\"") { return }
            if byte == UInt8(ascii: "\\") { position += 1 }
        }
        throw error("unterminated string")
    }

    private mutating func skipNumber() {
        while position < count {
            switch base[position] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                position += 1
            default: return
            }
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let length = word.utf8CodeUnitCount
        guard position + length <= count, memcmp(base + position, word.utf8Start, length) == 0 else {
            throw error("expected \(word)")
        }
        position += length
    }

    /// Decodes the rest of a string from a backslash or control byte on.
    private mutating func readEscapedRest(into output: inout [UInt8]) throws {
        while position < count {
            let byte = base[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return
            case UInt8(ascii: "\\"):
                guard position < count else { break }
                let escape = base[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"): try appendEscapedScalar(into: &output)
                default: throw error("bad escape \\\(UnicodeScalar(escape))")
                }
            case 0..<0x20: throw error("control character in a string")
            default: output.append(byte)
            }
        }
        throw error("unterminated string")
    }

    /// Decodes `XXXX` after `\u` (and a following `\uXXXX` low surrogate) as UTF-8.
    private mutating func appendEscapedScalar(into output: inout [UInt8]) throws {
        var value = try hexQuad()
        if value >= 0xD800, value < 0xDC00 {
            guard position + 1 < count, base[position] == UInt8(ascii: "\\"), base[position + 1] == UInt8(ascii: "u")
            else { throw error("lone surrogate in \\u escape") }
            position += 2
            let low = try hexQuad()
            guard low >= 0xDC00, low < 0xE000 else { throw error("bad surrogate pair in \\u escape") }
            value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
        }
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        output.append(contentsOf: UTF8.encode(scalar)!)
    }

    private mutating func hexQuad() throws -> UInt32 {
        guard position + 4 <= count else { throw error("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = base[position]
            position += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("bad hex digit in \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
