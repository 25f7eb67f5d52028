import Foundation

/// Strings, numbers and booleans, and the errors: read from the bytes, checked as they are read.
extension JSONReader {
    // MARK: Strings

    /// Reads a string; `type` names what was expected in an error.
    public mutating func readString(_ type: Any.Type = String.self) throws -> String {
        let byte = peek()
        guard byte == 0x22 else { throw mismatch(type, found: byte) }
        index += 1
        return try stringBody()
    }

    /// Reads a string's bytes after its opening quote, up to and past its closing quote.
    mutating func stringBody() throws -> String {
        let start = index
        let escaped = try skipStringBody()
        let end = index - 1
        guard escaped else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(end - start)
        var cursor = start
        while cursor < end {
            let byte = bytes[cursor]
            guard byte == 0x5C else {
                utf8.append(byte)
                cursor += 1
                continue
            }
            let escape = bytes[cursor + 1]
            cursor += 2
            switch escape {
            case 0x62: utf8.append(0x08)
            case 0x66: utf8.append(0x0C)
            case 0x6E: utf8.append(0x0A)
            case 0x72: utf8.append(0x0D)
            case 0x74: utf8.append(0x09)
            case 0x75:
                var scalar = hexValue(at: cursor)
                cursor += 4
                if (0xD800..<0xDC00).contains(scalar), cursor + 6 <= end, bytes[cursor] == 0x5C,
                   bytes[cursor + 1] == 0x75 {
                    let low = hexValue(at: cursor + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        cursor += 6
                    }
                }
                // A lone surrogate is no character: it reads as U+FFFD.
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                utf8.append(contentsOf: UTF8.encode(character)!)
            default: utf8.append(escape)  // " \ /
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The value of the four hex digits at `position` (checked by ``skipStringBody()``).
    private func hexValue(at position: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[position + offset]
            let digit = byte <= 0x39 ? byte - 0x30 : (byte | 0x20) - 0x57
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Moves past a string's bytes after its opening quote, up to and past its closing quote, checking escapes,
    /// control characters and UTF-8. Returns whether the string has escapes.
    mutating func skipStringBody() throws -> Bool {
        var escaped = false
        var cursor = index
        let count = bytes.count
        let base = bytes.baseAddress!
        while cursor < count {
            // Eight plain ASCII bytes at a time: none is a quote, a backslash, a control character or non-ASCII.
            while cursor + 8 <= count {
                let word = UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)
                guard !Self.hasSpecialByte(word) else { break }
                cursor += 8
            }
            guard cursor < count else { break }
            let byte = bytes[cursor]
            if byte == 0x22 {
                index = cursor + 1
                return escaped
            }
            if byte == 0x5C {
                escaped = true
                guard cursor + 1 < count else { break }
                switch bytes[cursor + 1] {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
                    cursor += 2
                case 0x75:
                    guard cursor + 6 <= count,
                          (2..<6).allSatisfy({ Self.isHexDigit(bytes[cursor + $0]) }) else {
                        index = cursor
                        throw syntaxError("expected four hex digits after '\\u'")
                    }
                    cursor += 6
                default:
                    index = cursor
                    throw syntaxError("unknown escape in a string")
                }
            } else if byte < 0x20 {
                index = cursor
                throw syntaxError("a control character in a string must be escaped")
            } else if byte < 0x80 {
                cursor += 1
            } else if byte >= 0xC2, byte <= 0xDF, cursor + 1 < count, bytes[cursor + 1] & 0xC0 == 0x80 {
                // Two-byte sequences (Cyrillic, Greek, Latin accents) are checked here, the rest below.
                cursor += 2
            } else {
                guard let length = utf8Length(at: cursor) else {
                    index = cursor
                    throw syntaxError("a string is not valid UTF-8")
                }
                cursor += length
            }
        }
        index = count
        throw syntaxError("a string has no closing quote")
    }

    /// Whether any of the eight bytes is a quote, a backslash, below 0x20 or above 0x7F.
    @inline(__always)
    private static func hasSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        // A byte below 0x20 borrows into its high bit when 0x20 is taken from it (a byte's high bit set before is
        // caught by `word` itself).
        let control = (word &- ones &* 0x20) & ~word
        return (word | control | quoteOrBackslashBits(word)) & (ones &* 0x80) != 0
    }

    /// Whether any of the eight bytes is a quote or a backslash.
    @inline(__always)
    private static func hasQuoteOrBackslash(_ word: UInt64) -> Bool {
        quoteOrBackslashBits(word) & 0x8080_8080_8080_8080 != 0
    }

    /// A word whose bytes have their high bit set where `word` holds a quote or a backslash (SWAR: a byte equal to
    /// the pattern is zero after the exclusive or, and a zero byte borrows into its high bit); other high bits may
    /// be set too where `word`'s own are, which callers mask or test alongside.
    @inline(__always)
    private static func quoteOrBackslashBits(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22), backslashes = word ^ (ones &* 0x5C)
        return (quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes
    }

    /// Moves past the value at the reader without checking it: only its extent is found (quotes, escapes,
    /// brackets). For a look ahead whose value is read properly afterwards, as a union's scoring is.
    mutating func skipQuickly() {
        var depth = 0
        let count = bytes.count
        let base = bytes.baseAddress!
        var cursor = index
        while cursor < count {
            let byte = bytes[cursor]
            switch byte {
            case 0x22:
                cursor += 1
                while cursor < count {
                    while cursor + 8 <= count,
                          !Self.hasQuoteOrBackslash(UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)) {
                        cursor += 8
                    }
                    guard cursor < count, bytes[cursor] != 0x22 else { break }
                    cursor += bytes[cursor] == 0x5C ? 2 : 1
                }
                cursor += 1
            case 0x7B, 0x5B:
                depth += 1
                cursor += 1
            case 0x7D, 0x5D:
                if depth == 0 {
                    index = cursor
                    return
                }
                depth -= 1
                cursor += 1
            case 0x2C:
                if depth == 0 {
                    index = cursor
                    return
                }
                cursor += 1
            default:
                cursor += 1
            }
            if depth == 0, byte == 0x22 || byte == 0x7D || byte == 0x5D {
                index = min(cursor, count)
                return
            }
        }
        index = count
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// The length of the valid UTF-8 sequence of two or more bytes at `position`, or nil.
    private func utf8Length(at position: Int) -> Int? {
        let lead = bytes[position]
        let length: Int, low: UInt8, high: UInt8
        switch lead {
        case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
        case 0xED: (length, low, high) = (3, 0x80, 0x9F)
        case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
        case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
        case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
        default: return nil
        }
        guard position + length <= bytes.count, (low...high).contains(bytes[position + 1]) else { return nil }
        for offset in 2..<length where bytes[position + offset] & 0xC0 != 0x80 { return nil }
        return length
    }

    // MARK: Numbers and booleans

    /// Reads `true` or `false`.
    public mutating func readBool() throws -> Bool {
        switch peek() {
        case 0x74:
            try literal("true")
            return true
        case 0x66:
            try literal("false")
            return false
        case let byte: throw mismatch(Bool.self, found: byte)
        }
    }

    /// Reads a number's text: where it starts and ends, and whether it is an integer (no fraction, no exponent).
    mutating func numberToken(_ type: Any.Type = Double.self) throws -> (start: Int, end: Int, integral: Bool) {
        let first = peek()
        guard first == 0x2D || (0x30...0x39).contains(first) else { throw mismatch(type, found: first) }
        let start = index
        var cursor = index
        let count = bytes.count
        func digits() -> Int {
            let from = cursor
            while cursor < count, (0x30...0x39).contains(bytes[cursor]) { cursor += 1 }
            return cursor - from
        }
        if bytes[cursor] == 0x2D { cursor += 1 }
        let leading = cursor
        guard digits() > 0 else {
            index = cursor
            throw syntaxError("expected a digit")
        }
        if bytes[leading] == 0x30, cursor - leading > 1 {
            index = leading
            throw syntaxError("a number has a leading zero")
        }
        var integral = true
        if cursor < count, bytes[cursor] == 0x2E {
            cursor += 1
            integral = false
            guard digits() > 0 else {
                index = cursor
                throw syntaxError("expected a digit after '.'")
            }
        }
        if cursor < count, bytes[cursor] | 0x20 == 0x65 {
            cursor += 1
            integral = false
            if cursor < count, bytes[cursor] == 0x2B || bytes[cursor] == 0x2D { cursor += 1 }
            guard digits() > 0 else {
                index = cursor
                throw syntaxError("expected a digit in an exponent")
            }
        }
        index = cursor
        return (start, cursor, integral)
    }

    /// Reads an integer of type `T`; a number with a fraction or exponent is read when its value is a whole number
    /// `T` holds (as `JSONDecoder` does).
    public mutating func readInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let token = try numberToken(T.self)
        if token.integral {
            let negative = bytes[token.start] == 0x2D
            var value: T = 0
            var overflow = false
            for position in (negative ? token.start + 1 : token.start)..<token.end {
                let digit = T(bytes[position] &- 0x30)
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = negative ? times.subtractingReportingOverflow(digit)
                    : times.addingReportingOverflow(digit)
                value = sum
                overflow = overflow || o1 || o2
            }
            guard overflow else { return value }
        } else if let double = Double(text(token.start, token.end)), let value = T(exactly: double) {
            return value
        }
        throw notRepresentable(token, in: T.self)
    }

    /// Reads a number as a `Double`: exactly rounded, as Swift's own parsing does.
    public mutating func readDouble() throws -> Double {
        let token = try numberToken(Double.self)
        if let value = Self.fastDouble(bytes, token.start, token.end) { return value }
        guard let value = Double(text(token.start, token.end)), value.isFinite else {
            throw notRepresentable(token, in: Double.self)
        }
        return value
    }

    /// Reads a number as a `Decimal`, digit for digit.
    mutating func readDecimal() throws -> Decimal {
        let token = try numberToken(Decimal.self)
        guard let value = Decimal(string: text(token.start, token.end), locale: nil) else {
            throw notRepresentable(token, in: Decimal.self)
        }
        return value
    }

    /// The bytes from `start` to `end` as text.
    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Powers of ten a `Double` holds exactly.
    private static let exactPowers: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// A number whose significant digits fit 2^53 and whose decimal exponent is within ±22: one exact product or
    /// quotient of two exact doubles, so correctly rounded (Clinger's fast path). Nil for any other number.
    private static func fastDouble(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var cursor = start
        let negative = bytes[cursor] == 0x2D
        if negative { cursor += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var inFraction = false
        while cursor < end {
            let byte = bytes[cursor]
            if byte == 0x2E {
                inFraction = true
            } else if byte | 0x20 == 0x65 {
                break
            } else {
                if mantissa != 0 || byte != 0x30 { digits += 1 }
                guard digits <= 15 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte - 0x30)
                if inFraction { exponent -= 1 }
            }
            cursor += 1
        }
        if cursor < end {
            cursor += 1
            var sign = 1
            if bytes[cursor] == 0x2B || bytes[cursor] == 0x2D {
                sign = bytes[cursor] == 0x2D ? -1 : 1
                cursor += 1
            }
            var value = 0
            while cursor < end {
                value = value * 10 + Int(bytes[cursor] - 0x30)
                guard value < 1000 else { return nil }
                cursor += 1
            }
            exponent += sign * value
        }
        guard exponent >= -22, exponent <= 22 else { return mantissa == 0 ? (negative ? -0.0 : 0) : nil }
        let value = exponent < 0 ? Double(mantissa) / exactPowers[-exponent] : Double(mantissa) * exactPowers[exponent]
        return negative ? -value : value
    }

    // MARK: Errors

    /// The coding path to the value being read, as `JSONDecoder` names it.
    @usableFromInline
    var codingPath: [any CodingKey] {
        path.compactMap { entry -> (any CodingKey)? in
            if entry.keyStart >= 0 { return FieldKey(stringValue: key(of: entry)) }
            return entry.item >= 0 ? ItemKey(intValue: entry.item) : nil
        }
    }

    /// The error for a value of another kind than `type`: `valueNotFound` for `null`, else `typeMismatch`.
    func mismatch(_ type: Any.Type, found byte: UInt8) -> DecodingError {
        let found: String
        switch byte {
        case 0x6E:
            return .valueNotFound(type, .init(codingPath: codingPath,
                                              debugDescription: "Cannot get value of type \(type) -- found null"))
        case 0x22: found = "a string"
        case 0x7B: found = "an object"
        case 0x5B: found = "an array"
        case 0x74, 0x66: found = "a bool"
        case 0x2D, 0x30...0x39: found = "a number"
        case 0: return syntaxError("expected a value, found the end of the document")
        default: return syntaxError("expected a value")
        }
        return .typeMismatch(type, .init(codingPath: codingPath,
                                         debugDescription: "Expected to decode \(type) but found \(found) instead."))
    }

    /// The error for text that is not JSON, with where it is.
    func syntaxError(_ message: String) -> DecodingError {
        var line = 1, column = 1
        for position in 0..<min(index, bytes.count) {
            if bytes[position] == 0x0A {
                line += 1
                column = 1
            } else if bytes[position] & 0xC0 != 0x80 {
                column += 1
            }
        }
        let description = "The given data was not valid JSON: \(message) at line \(line), column \(column) "
            + "(byte \(index))."
        return .dataCorrupted(.init(codingPath: codingPath, debugDescription: description))
    }

    /// The error for a required property whose key the object did not have.
    @usableFromInline
    func keyNotFound(_ name: StaticString) -> DecodingError {
        let key = FieldKey(name)
        return .keyNotFound(key, .init(codingPath: codingPath,
                                       debugDescription: "No value associated with key '\(key.stringValue)'."))
    }

    /// The error for a value that is not valid as what is read: `debugDescription` says why.
    public func dataCorrupted(_ description: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: description))
    }

    func notRepresentable(_ token: (start: Int, end: Int, integral: Bool), in type: Any.Type)
        -> DecodingError {
        dataCorrupted("Number \(text(token.start, token.end)) is not representable in \(type).")
    }

    /// An error thrown by a decoder that read part of the document, its coding path put after `prefix`.
    static func prefixed(_ error: DecodingError, with prefix: [any CodingKey]) -> DecodingError {
        guard !prefix.isEmpty else { return error }
        switch error {
        case .typeMismatch(let type, let context): return .typeMismatch(type, context.prefixed(prefix))
        case .valueNotFound(let type, let context): return .valueNotFound(type, context.prefixed(prefix))
        case .keyNotFound(let key, let context): return .keyNotFound(key, context.prefixed(prefix))
        case .dataCorrupted(let context): return .dataCorrupted(context.prefixed(prefix))
        @unknown default: return error
        }
    }
}

extension DecodingError.Context {
    fileprivate func prefixed(_ prefix: [any CodingKey]) -> Self {
        .init(codingPath: prefix + codingPath, debugDescription: debugDescription, underlyingError: underlyingError)
    }
}

/// An array item's place in a coding path, named as `JSONDecoder` names it ("Index 3").
struct ItemKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(intValue: Int) { self.intValue = intValue }

    init?(stringValue: String) { nil }
}
