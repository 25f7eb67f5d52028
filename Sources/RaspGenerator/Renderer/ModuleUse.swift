/// Which imported modules a file's public declarations name: a module is imported with the declarations' access
/// level only when one of its types shows in them.
struct ModuleUse: Equatable {
    /// Whether a Foundation type is named.
    var foundation = false
    /// Whether a `RaspRuntime` type that can appear in a public declaration is named.
    var runtime = false

    /// Whether both modules are known to be used (nothing more to look for).
    var isComplete: Bool { foundation && runtime }

    /// Adds what another text uses.
    mutating func formUnion(_ other: ModuleUse) {
        foundation = foundation || other.foundation
        runtime = runtime || other.runtime
    }
}

extension SwiftRenderer {
    /// The public types of `RaspRuntime` generated code may name (`NamingTests` checks the list against the runtime).
    static let runtimeTypeNames: Set<String> = [
        "APIErrorBody", "Authentication", "BinaryFile", "BodyPartEncoding", "ClientCore", "ClientError",
        "ClientMiddleware", "ClientRequest", "ClientResponse", "ClientResponseHead", "ClientTransport", "ISO8601",
        "EventStream", "Indirect", "JSONCoding", "JSONLinesStream", "JSONValue", "LocalDate", "MockClientError",
        "OneOfDecoding", "OpenEnum", "PageInfo", "PageSequence", "ParameterStyle", "QueryValue", "ResponseBody",
        "ServerSentEvent", "ServerSentEvents", "StreamError", "TypedServerSentEvent", "UploadBody",
        "URLSessionTransport",
    ]
    /// The runtime types generated code names only in function bodies and private storage, never in a public
    /// declaration: they do not make a file's `import RaspRuntime` public.
    static let bodyOnlyRuntimeTypeNames: Set<String> = [
        "BodyPartEncoding", "ClientCore", "ClientRequest", "Indirect", "MockClientError", "OneOfDecoding",
        "ParameterStyle",
    ]
    /// The type names that decide the imports, by length in bytes, each with whether it is Foundation's: a word is
    /// compared with the few names of its length, with no string made or hashed for it.
    private static let namesByLength: [[(name: [UInt8], isFoundation: Bool)]] = {
        let names = foundationTypeNames.map { ($0, true) }
            + runtimeTypeNames.subtracting(bodyOnlyRuntimeTypeNames).map { ($0, false) }
        var table = [[(name: [UInt8], isFoundation: Bool)]](repeating: [], count: names.map(\.0.utf8.count).max()! + 1)
        for (name, isFoundation) in names { table[name.utf8.count].append((Array(name.utf8), isFoundation)) }
        return table
    }()
    /// Whether a byte is part of a word: an ASCII letter, digit or `_`.
    private static let isWordByte: [Bool] = (0...255).map { (byte: Int) in
        let byte = UInt8(byte)
        return byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "_")
    }
    /// The Foundation types generated code names.
    static let foundationTypeNames: Set<String> = ["Data", "Date", "Decimal", "URL", "UUID"]

    /// Whether a text names a Foundation type or a runtime type outside comments. A mention in a non-public
    /// declaration counts too: at worst that keeps a `public import` Swift then warns about.
    ///
    /// Texts scanned one after the other give the same answer as their concatenation when each ends a line (a
    /// comment or a word ends at the line break).
    static func usedModules(in text: Substring) -> ModuleUse {
        var text = text
        return text.withUTF8(usedModules(in:))
    }

    private static func usedModules(in bytes: UnsafeBufferPointer<UInt8>) -> ModuleUse {
        var use = ModuleUse()
        var wordStart = 0
        // A word (a run of ASCII letters, digits and `_`) is a candidate type name when it starts with a capital.
        func finishWord(at end: Int) {
            let length = end - wordStart
            guard length > 0, length < namesByLength.count, bytes[wordStart].isASCIIUppercase else { return }
            let word = bytes[wordStart..<end]
            for candidate in namesByLength[length] where word.elementsEqual(candidate.name) {
                if candidate.isFoundation { use.foundation = true } else { use.runtime = true }
            }
        }
        let isWordByte = Self.isWordByte
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if isWordByte[Int(byte)] {
                index += 1
                continue
            }
            finishWord(at: index)
            if use.isComplete { return use }
            // Comments run to the end of the line ("//" inside a string literal skips the rest of that line).
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                index = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            }
            index += 1
            wordStart = index
        }
        finishWord(at: bytes.count)
        return use
    }
}
