/// Turns wire names into Swift identifiers: `logo_svg` → `logoSvg`, `nearest-stations` → `NearestStations`.
enum Naming {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "async",
    ]
    /// Identifiers that cannot be used even in backticks as member names, or that clash with what we generate.
    static let reservedMembers: Set<String> = ["self", "Self", "Type", "Protocol", "init", "unknown", "rawValue"]
    /// Type names that would shadow the standard library, Foundation or the runtime inside the generated module.
    static let reservedTypes: Set<String> = [
        "String", "Int", "Double", "Float", "Bool", "Data", "Date", "URL", "UUID", "Error", "Result", "Array",
        "Dictionary", "Set", "Optional", "Decoder", "Encoder", "Codable", "Decodable", "Encodable", "Hashable",
        "Sendable", "Any", "Type", "Self", "Protocol", "Never", "Void", "Character", "Duration", "Task",
        "JSONValue", "LocalDate", "Timestamp", "OpenEnum", "Indirect", "QueryValue", "ClientCore", "ClientError",
        "ClientRequest",
        "ClientResponse", "ClientTransport", "ClientMiddleware", "Authentication", "URLSessionTransport", "Operations",
        "Servers", "CodingKeys", "JSONCoding", "ISO8601", "GeneratedClient", "AccessTokenProvider", "OAuth2Tokens",
        "JSONWritable", "JSONWriter", "JSONObject",
    ]

    /// Splits a wire name into words at separators, case changes and letter/digit boundaries.
    static func words(_ raw: String) -> [String] {
        raw.utf8.allSatisfy({ $0 < 0x80 }) ? asciiWords(raw) : unicodeWords(raw)
    }

    /// ``words(_:)`` by characters and their Unicode properties.
    static func unicodeWords(_ raw: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in raw {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, !current.isEmpty {
                let lowerToUpper = (previous.isLowercase || previous.isNumber) && character.isUppercase
                if lowerToUpper {
                    words.append(current)
                    current = ""
                } else if previous.isUppercase, character.isLowercase, current.count > 1 {
                    // "URLPath" → "URL", "Path"
                    let last = current.removeLast()
                    words.append(current)
                    current = String(last)
                }
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// ``words(_:)`` for ASCII names (nearly all of them), on bytes: the same rules without Unicode property lookups.
    static func asciiWords(_ raw: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        var previous: UInt8 = 0
        func flush() {
            if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
            current.removeAll(keepingCapacity: true)
        }
        for byte in raw.utf8 {
            guard byte.isASCIILetter || byte.isASCIIDigit else {
                flush()
                continue
            }
            if !current.isEmpty {
                if (previous.isASCIILowercase || previous.isASCIIDigit) && byte.isASCIIUppercase {
                    flush()
                } else if previous.isASCIIUppercase, byte.isASCIILowercase, current.count > 1 {
                    // "URLPath" → "URL", "Path"
                    let last = current.removeLast()
                    flush()
                    current.append(last)
                }
            }
            current.append(byte)
            previous = byte
        }
        flush()
        return words
    }

    /// `UpperCamelCase`, safe as a type name.
    static func typeName(_ raw: String) -> String {
        var name = asciiCamelCase(raw, lowerFirst: false) ?? unicodeWords(raw).map(capitalized).joined()
        if name.isEmpty { name = "Value" }
        if startsWithNumber(name) { name = "_" + name }
        if reservedTypeTable.contains(name) { name += "Schema" }
        return name
    }

    /// `lowerCamelCase`, escaped with backticks when it is a keyword.
    static func memberName(_ raw: String) -> String {
        var name: String
        if let ascii = asciiCamelCase(raw, lowerFirst: true) {
            if ascii.isEmpty { return "_empty" }
            name = ascii
        } else {
            let parts = unicodeWords(raw)
            guard let first = parts.first else { return "_empty" }
            name = lowerFirstWord(first) + parts.dropFirst().map(capitalized).joined()
        }
        if startsWithNumber(name) { name = "_" + name }
        if reservedMemberTable.contains(name) { return name + "_" }
        if keywordTable.contains(name) { return "`\(name)`" }
        return name
    }

    /// The keywords, reserved member names and reserved type names as ``NameTable``s.
    private static let keywordTable = NameTable<Bool>(keywords)
    private static let reservedMemberTable = NameTable<Bool>(reservedMembers)
    private static let reservedTypeTable = NameTable<Bool>(reservedTypes)

    /// ``asciiWords(_:)`` joined as ``typeName(_:)`` and ``memberName(_:)`` join them (each word capitalized; the
    /// first one lowered instead when `lowerFirst`), written straight into the new string's storage (never longer
    /// than `raw`: separators are dropped); nil when `raw` is not ASCII.
    private static func asciiCamelCase(_ raw: String, lowerFirst: Bool) -> String? {
        var raw = raw
        return raw.withUTF8 { bytes -> String? in
            guard bytes.isASCII else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { output in
                camelCase(bytes, lowerFirst: lowerFirst, into: output)
            }
        }
    }

    /// Writes ``asciiCamelCase(_:lowerFirst:)`` of ASCII bytes into `output` (room for as many bytes); returns how
    /// many it wrote.
    private static func camelCase(_ bytes: UnsafeBufferPointer<UInt8>, lowerFirst: Bool,
                                  into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        func emit(_ word: Slice<UnsafeBufferPointer<UInt8>>) {
            guard let head = word.first else { return }
            if lowerFirst && count == 0 {
                // A word all in capitals (`URL`, `ID2`) is lowered whole, another one at its first letter.
                if word.allSatisfy({ $0.isASCIIUppercase || $0.isASCIIDigit }) {
                    for byte in word {
                        output[count] = byte.isASCIIUppercase ? byte + 32 : byte
                        count += 1
                    }
                    return
                }
                output[count] = head.isASCIIUppercase ? head + 32 : head
            } else {
                output[count] = head.isASCIILowercase ? head - 32 : head
            }
            count += 1
            for byte in word.dropFirst() {
                output[count] = byte
                count += 1
            }
        }
        // The same word breaks as `asciiWords`: separators, lower-to-upper, and `URLPath` → `URL`, `Path`.
        var start = 0
        var previous: UInt8 = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte.isASCIILetter || byte.isASCIIDigit else {
                emit(bytes[start..<index])
                start = index + 1
                continue
            }
            if index > start {
                if (previous.isASCIILowercase || previous.isASCIIDigit) && byte.isASCIIUppercase {
                    emit(bytes[start..<index])
                    start = index
                } else if previous.isASCIIUppercase, byte.isASCIILowercase, index - start > 1 {
                    emit(bytes[start..<(index - 1)])
                    start = index - 1
                }
            }
            previous = byte
        }
        emit(bytes[start..<bytes.count])
        return count
    }

    /// Whether a non-empty name starts with a number, which an identifier cannot. An ASCII byte that no other
    /// scalar follows in the same character (a letter or digit of a camel-cased name) is checked as a byte.
    private static func startsWithNumber(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        if let head = bytes.next(), head < 0x80, bytes.next().map({ $0 < 0x80 && $0 != 0x0A }) ?? true {
            return head.isASCIIDigit
        }
        return name.first!.isNumber
    }

    /// A member name without backticks, for building other names from it.
    static func bare(_ name: String) -> String {
        // Only ``memberName(_:)`` escapes, with a backtick before a keyword's first ASCII letter: one byte.
        name.utf8.first == UInt8(ascii: "`") ? String(name.dropFirst().dropLast()) : name
    }

    private static func capitalized(_ word: String) -> String {
        if let head = word.utf8.first, head < 0x80 {
            return head.isASCIILowercase ? String(decoding: [head - 32] + word.utf8.dropFirst(), as: UTF8.self) : word
        }
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    private static func lowerFirstWord(_ word: String) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            if word.utf8.allSatisfy({ $0.isASCIIUppercase || $0.isASCIIDigit }) { return word.lowercased() }
            guard let head = word.utf8.first, head.isASCIIUppercase else { return word }
            return String(decoding: [head + 32] + word.utf8.dropFirst(), as: UTF8.self)
        }
        if word.allSatisfy({ $0.isUppercase || $0.isNumber }) { return word.lowercased() }
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }

    /// A Swift string literal for `text`.
    static func literal(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// `text` escaped for the inside of a Swift string literal.
    static func escaped(_ text: String) -> String {
        // Escapes are all for ASCII characters, whose bytes never occur inside a longer UTF-8 sequence.
        let needsEscape = { (byte: UInt8) in
            byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte == 0x7F
        }
        // Read from the contiguous bytes a native string has (nearly all), without the view's per-byte indexing.
        let escapes = text.utf8.withContiguousStorageIfAvailable { $0.contains(where: needsEscape) }
            ?? text.utf8.contains(where: needsEscape)
        guard escapes else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Hands out unique names within one scope by appending 2, 3… to repeats.
struct NameScope {
    /// Names taken in the enclosing scopes (shared, never mutated here; kept apart so nesting copies no set).
    private let outer: [Set<String>]
    private var used: Set<String> = []

    init(reserved: Set<String> = []) {
        outer = reserved.isEmpty ? [] : [reserved]
    }

    private init(outer: [Set<String>]) {
        self.outer = outer
    }

    /// Makes room for `count` more names, so that a scope filled with a known number of names (a struct's
    /// properties, an enum's cases) grows its set once.
    mutating func reserveCapacity(_ count: Int) {
        used.reserveCapacity(used.count + count)
    }

    /// A scope nested in this one: it avoids this scope's names too.
    func nested() -> NameScope {
        NameScope(outer: used.isEmpty ? outer : outer + [used])
    }

    /// Whether a name is taken in this scope or an enclosing one.
    func contains(_ name: String) -> Bool {
        used.contains(name) || isOuter(name)
    }

    mutating func unique(_ name: String) -> String {
        let bare = Naming.bare(name)
        if !isOuter(bare), used.insert(bare).inserted { return name }
        var counter = 2
        while isOuter("\(bare)\(counter)") || !used.insert("\(bare)\(counter)").inserted { counter += 1 }
        return "\(bare)\(counter)"
    }

    private func isOuter(_ name: String) -> Bool {
        outer.contains { $0.contains(name) }
    }
}

extension UInt8 {
    var isASCIIUppercase: Bool { self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") }
    var isASCIILowercase: Bool { self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z") }
    var isASCIILetter: Bool { isASCIIUppercase || isASCIILowercase }
    var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    /// An ASCII whitespace character: space, tab, line feed, vertical tab, form feed or carriage return.
    var isASCIIBlank: Bool { self == UInt8(ascii: " ") || (0x09...0x0D).contains(self) }
}
