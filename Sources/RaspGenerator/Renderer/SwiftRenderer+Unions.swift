/// Open enums and unions (`oneOf`/`anyOf`): their cases, and the decoder that chooses a case by discriminator or
/// by trying the variants.
extension SwiftRenderer {
    func renderEnum(_ decl: EnumDecl, _ w: inout CodeWriter) {
        w.doc(decl.doc)
        w.block(access, "enum ", decl.name, ": OpenEnum") { w in
            w.caseLines(decl.cases.map(\.name), doc: "A value the API documents; ``rawValue`` is how it is sent.")
            w.doc("A value this client does not know yet, kept as it was sent.")
            w.line("case unknown(", decl.rawType, ")")
            w.line { w in
                w.write(access, "static let knownCases: [Self] = [")
                for (index, item) in decl.cases.enumerated() { w.write(index == 0 ? "." : ", .", item.name) }
                w.write("]")
            }
            // A string's raw value is a string literal, an integer's the number itself.
            let quote = decl.rawType == "String" ? "\"" : ""
            w.block(access, "var rawValue: ", decl.rawType) { w in
                w.line("switch self {")
                for item in decl.cases {
                    let value = quote.isEmpty ? item.literal : Naming.escaped(item.literal)
                    w.line("case .", item.name, ": ", quote, value, quote)
                }
                w.line("case .unknown(let value): value")
                w.line("}")
            }
        }
    }

    func renderOneOf(_ decl: OneOfDecl, _ w: inout CodeWriter) {
        w.doc(decl.doc)
        let indirect = decl.isIndirect ? "indirect " : ""
        w.block("\(access)\(indirect)enum \(decl.name): \(decl.conformances)") { w in
            for item in decl.cases {
                w.doc(["The value as a `\(item.type.spelling)`."])
                w.line("case \(item.name)(\(item.type.spelling))")
            }
            if let fallback = decl.fallback {
                w.doc(["A value whose discriminator names no subtype this client knows: the base's own properties."])
                w.line("case \(fallback.name)(\(fallback.type.spelling))")
            }
            if decl.direction != .encode {
                if decl.codedByShape { renderOneOfDecoder(decl, .decoder, &w) }
                renderOneOfDecoder(decl, .reader, &w)
            }
            if decl.direction != .decode {
                let cases = decl.cases.map(\.name) + (decl.fallback.map { [$0.name] } ?? [])
                if decl.codedByShape {
                    w.block("\(access)func encode(to encoder: any Encoder) throws") { w in
                        w.switchBlock("self", cases.map { "case .\($0)(let value): try value.encode(to: encoder)" })
                    }
                }
                w.block("\(access)func writeJSON(to writer: inout JSONWriter) throws") { w in
                    w.switchBlock("self", cases.map { "case .\($0)(let value): try writer.encodeValue(value)" })
                }
            }
            for nested in decl.nested {
                w.line()
                render(nested, &w)
            }
        }
    }

    /// The two ways a union decodes: from a `Decoder` (`init(from:)`) and from JSON bytes (`init(reading:)`); the
    /// same choices, spelled for each.
    enum UnionSource {
        case decoder, reader

        var header: String {
            switch self {
            case .decoder: "init(from decoder: any Decoder) throws"
            case .reader: "init(reading reader: inout JSONReader) throws"
            }
        }
        /// The argument that hands the source to a runtime helper.
        var argument: String { self == .decoder ? "in: decoder" : "in: &reader" }
        /// The source as a value, for a helper that only reads where it is.
        var name: String { self == .decoder ? "decoder" : "reader" }

        /// Whether this source's initializer is the first of the union's, which declares the candidates both share:
        /// `init(from:)` when the union has one (a type coded by shape), else `init(reading:)`.
        func rendersCandidates(of decl: OneOfDecl) -> Bool {
            self == .decoder || !decl.codedByShape
        }

        /// Decodes the whole value as `type`.
        func decode(_ type: String) -> String {
            self == .decoder ? "try \(type)(from: decoder)" : "try reader.read(\(type).self)"
        }
    }

    /// A union's `init(from:)` or `init(reading:)`. With a discriminator, its value picks the case. A base schema's
    /// value that names no subtype, has no discriminator, or that its subtype does not accept is the base's own
    /// properties; a union whose document declares the discriminator tries its cases for a value the mapping does
    /// not name.
    func renderOneOfDecoder(_ decl: OneOfDecl, _ source: UnionSource, _ w: inout CodeWriter) {
        guard let property = decl.discriminatorProperty, decl.cases.allSatisfy({ !$0.discriminatorValues.isEmpty })
        else {
            if source.rendersCandidates(of: decl) { renderCandidates(decl, &w) }
            w.block(access, source.header) { w in
                w.line("self = try OneOfDecoding.bestMatch(", Naming.literal(decl.name), ", ", source.argument,
                       ", Self._candidates)")
            }
            return
        }
        let triesCases = decl.fallback == nil && decl.triesCasesForUnknownTag
        // Variants that share a value (a spec may tag two with the same constant) are chosen among as a union
        // without a discriminator chooses.
        var byValue: [(value: String, cases: [Int])] = []
        for (index, item) in decl.cases.enumerated() {
            for value in item.discriminatorValues {
                if let known = byValue.firstIndex(where: { $0.value == value }) {
                    byValue[known].cases.append(index)
                } else {
                    byValue.append((value, [index]))
                }
            }
        }
        if source.rendersCandidates(of: decl), triesCases || byValue.contains(where: { $0.cases.count > 1 }) {
            renderCandidates(decl, &w)
        }
        w.block(access, source.header) { w in
            var cases: [String] = []
            // A discriminator that may be missing is read as an optional (see below).
            let optional = decl.fallback != nil || triesCases ? "?" : ""
            let name = Naming.literal(decl.name)
            for (index, item) in decl.cases.enumerated() {
                let values = byValue.filter { $0.cases.first == index && $0.cases.count == 1 }.map(\.value)
                if !values.isEmpty {
                    let literals = values.map { Naming.literal($0) + optional }.joined(separator: ", ")
                    cases.append("case \(literals): self = .\(item.name)(\(source.decode(item.type.spelling)))")
                }
                for shared in byValue where shared.cases.first == index && shared.cases.count > 1 {
                    let candidates = shared.cases.map { "Self._candidates[\($0)]" }.joined(separator: ", ")
                    cases.append("case \(Naming.literal(shared.value))\(optional): "
                                 + "self = try OneOfDecoding.bestMatch(\(name), \(source.argument), [\(candidates)])")
                }
            }
            let otherwise = if let fallback = decl.fallback {
                "default: self = .\(fallback.name)(\(source.decode(fallback.type.spelling)))"
            } else if triesCases {
                "default: self = try OneOfDecoding.bestMatch(\(name), \(source.argument), Self._candidates)"
            } else {
                "case let other: throw OneOfDecoding.unknownDiscriminator(other, in: \(source.name))"
            }
            // A base schema's value may leave the discriminator out: it is then the base's own properties.
            let read = optional.isEmpty ? "discriminator" : "discriminatorIfPresent"
            let switchLine = "try OneOfDecoding.\(read)(\(Naming.literal(property)), \(source.argument))"
            guard let fallback = decl.fallback else {
                w.switchBlock(switchLine, cases + [otherwise])
                return
            }
            if source == .reader { w.line("let start = reader.mark") }
            w.doCatch({ w in w.switchBlock(switchLine, cases + [otherwise]) }, catch: { w in
                switch source {
                case .decoder:
                    w.line("self = try OneOfDecoding.base(in: decoder, after: error) { .", fallback.name, "(try ",
                           fallback.type.spelling, "(from: $0)) }")
                case .reader:
                    w.line("self = try OneOfDecoding.base(in: &reader, from: start, after: error) { .", fallback.name,
                           "(try $0.read(", fallback.type.spelling, ".self)) }")
                }
            })
        }
    }

    /// The candidates of a union decoded by trying its cases (``/RaspRuntime/OneOfDecoding/bestMatch(_:in:_:)``):
    /// each case's keys and tags, made once per type, not per decoded value.
    func renderCandidates(_ decl: OneOfDecl, _ w: inout CodeWriter) {
        w.line("private static let _candidates: [OneOfDecoding.Candidate<Self>] = [")
        for (index, item) in decl.cases.enumerated() {
            let keys = index < decl.caseKeys.count ? decl.caseKeys[index] : nil
            let set = keys.map { "[" + Set($0).sorted().map(Naming.literal).joined(separator: ", ") + "]" }
            let tags = index < decl.caseTags.count ? decl.caseTags[index] : []
            let tagList = tags.isEmpty ? "" : ", tags: [" + tags.map { tag in
                Naming.literal(tag.property) + ": [" + tag.values.map(Naming.literal).joined(separator: ", ") + "]"
            }.joined(separator: ", ") + "]"
            let read = "reading: { .\(item.name)(try $0.read(\(item.type.spelling).self)) }"
            if decl.codedByShape {
                let decode = "{ .\(item.name)(try \(item.type.spelling)(from: $0)) }"
                w.line("    .init(keys: \(set ?? "nil")\(tagList)) ", decode, " ", read, ",")
            } else {
                // A union without `init(from:)` has only readers: the runtime decodes another decoder's value
                // through them.
                w.line("    .init(keys: \(set ?? "nil")\(tagList), ", read, "),")
            }
        }
        w.line("]")
    }
}

/// One generated file.
public struct GeneratedFile: Sendable, Hashable {
    /// How every generated file starts, before the source document's name: a tool can tell the generator's files
    /// from the others in a folder.
    public static let headerPrefix = "// Generated by rasp-generate from "

    /// The file name, e.g. `API01.swift`.
    public var name: String
    /// The text's UTF-8 bytes, as they are written to disk.
    public var utf8: [UInt8]

    /// The text.
    public var contents: String {
        String(decoding: utf8, as: UTF8.self)
    }
}
