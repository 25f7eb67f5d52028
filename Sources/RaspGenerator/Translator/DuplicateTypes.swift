/// Replaces a nested declaration that is identical to one declared before it (an inline schema repeated across a
/// spec) with a type alias of the earlier one. Top-level declarations are component schemas: they keep their own
/// types, but a nested copy of one becomes its alias.
///
/// Identical means the same shape, member names, types, optionality, defaults and nested types; doc comments are
/// not compared. The alias keeps the words of the copy that the type it names does not have (its own description,
/// and those of its members, as a list), so no description of the spec is lost. A type is only aliased to one that
/// codes at least the same directions, so a request body never becomes an alias of a decode-only response type.
struct DuplicateTypes {
    /// A declaration that later identical ones can become aliases of.
    private typealias First = (name: String, direction: CodingDirection, declaration: Declaration)

    func apply(to api: inout TranslatedAPI) {
        // Only declarations whose shape key another declaration shares can be identical to one: the others need no
        // fingerprint (which spells every member type). Each declaration's key is found once, in the order of
        // `updateDeclarations` (a type, then the declarations nested in it), with how many declarations are nested
        // in it at any depth: the walk below skips those of a declaration that becomes an alias.
        var shapeCounts: [Int: Int] = [:]
        var shapeKeys: [Int] = []
        var nestedCounts: [Int] = []
        func record(_ declaration: Declaration) {
            let position = shapeKeys.count
            shapeKeys.append(0)
            nestedCounts.append(0)
            switch declaration {
            case .structType(let decl): decl.nested.forEach(record)
            case .oneOf(let decl): decl.nested.forEach(record)
            case .enumType: break
            case .typeAlias: return
            }
            let key = Self.shapeKey(declaration)
            shapeKeys[position] = key
            nestedCounts[position] = shapeKeys.count - position - 1
            shapeCounts[key, default: 0] += 1
        }
        api.types.forEach(record)
        for operation in api.operations { operation.nested.forEach(record) }
        let mayRepeat = { (position: Int) in shapeCounts[shapeKeys[position], default: 0] > 1 }
        // The first declarations of each fingerprint (their docs are only read when a copy becomes an alias).
        var firsts: [Fingerprint: [First]] = [:]
        firsts.reserveCapacity(api.types.count)
        // Component schemas first, wherever they are in the document: a nested copy aliases the component.
        var position = 0
        for declaration in api.types {
            let current = position
            position += 1 + nestedCounts[current]
            if case .typeAlias = declaration { continue }
            guard mayRepeat(current) else { continue }
            let key = Self.fingerprint(declaration, qualifiedName: declaration.name)
            firsts[key, default: []].append((declaration.name, Self.direction(of: declaration), declaration))
        }
        position = 0
        api.updateDeclarations { declaration, parent in
            let current = position
            position += 1
            // Top-level declarations are components (their names hold no dot).
            guard !parent.isEmpty || declaration.name.utf8.contains(UInt8(ascii: ".")) else { return }
            if case .typeAlias = declaration { return }
            guard mayRepeat(current) else { return }
            let qualifiedName = TranslatedAPI.qualifiedName(declaration.name, in: parent)
            let key = Self.fingerprint(declaration, qualifiedName: qualifiedName)
            // One lookup of the (long) fingerprint finds the first to alias, or records this declaration.
            let candidate = (qualifiedName, Self.direction(of: declaration), declaration)
            guard let first = Self.firstMatch(in: &firsts[key, default: []], recording: candidate),
                  !Self.shadows(declaration.name, first.name) else { return }
            var doc = Self.aliasDoc(for: declaration, besides: Self.docs(of: first.declaration))
            if doc.isEmpty { doc = ["The same type as `\(first.name)` (an identical schema)."] }
            declaration = .typeAlias(name: declaration.name, type: .named(first.name), doc: doc)
            // An alias nests nothing: the walk does not visit what the declaration nested.
            position += nestedCounts[current]
        }
    }

    /// Whether an alias named `name` (nested in some type) would shadow the start of the name it aliases: inside
    /// the type, `typealias Item = Item` or `typealias Item = Item.Value` would name the alias itself.
    private static func shadows(_ name: String, _ target: String) -> Bool {
        target == name || target.hasPrefix(name + ".")
    }

    /// The first declaration of `firsts` that codes the candidate's directions, or nil after adding the candidate.
    private static func firstMatch(in firsts: inout [First], recording candidate: First) -> First? {
        if let first = firsts.first(where: { $0.direction == .both || $0.direction == candidate.direction }) {
            return first
        }
        firsts.append(candidate)
        return nil
    }

    /// Every doc text of a declaration and its members, each as one string.
    private static func docs(of declaration: Declaration) -> Set<String> {
        var texts: Set<String> = []
        func add(_ declaration: Declaration) {
            switch declaration {
            case .structType(let decl):
                texts.insert(decl.doc.joined(separator: "\n"))
                decl.properties.forEach { texts.insert($0.doc.joined(separator: "\n")) }
                decl.nested.forEach(add)
            case .enumType(let decl): texts.insert(decl.doc.joined(separator: "\n"))
            case .oneOf(let decl):
                texts.insert(decl.doc.joined(separator: "\n"))
                decl.nested.forEach(add)
            case .typeAlias(_, _, let doc): texts.insert(doc.joined(separator: "\n"))
            }
        }
        add(declaration)
        return texts
    }

    /// The copy's own doc, then each member doc the aliased type lacks, as `- name: text` items.
    private static func aliasDoc(for declaration: Declaration, besides known: Set<String>) -> [String] {
        var lines: [String] = []
        var members: [(name: String, doc: [String])] = []
        switch declaration {
        case .structType(let decl):
            if !known.contains(decl.doc.joined(separator: "\n")) { lines = decl.doc }
            members = decl.properties.map { ($0.name, $0.doc) }
            for nested in decl.nested { members += nestedDocs(nested) }
        case .oneOf(let decl):
            if !known.contains(decl.doc.joined(separator: "\n")) { lines = decl.doc }
            for nested in decl.nested { members += nestedDocs(nested) }
        case .enumType(let decl):
            if !known.contains(decl.doc.joined(separator: "\n")) { lines = decl.doc }
        case .typeAlias(_, _, let doc):
            lines = doc
        }
        for member in members where !member.doc.isEmpty && !known.contains(member.doc.joined(separator: "\n")) {
            if !lines.isEmpty, lines.last?.hasPrefix("- ") == false { lines.append("") }
            lines.append("- `\(Naming.bare(member.name))`: \(member.doc[0])")
            lines += member.doc.dropFirst().map { $0.isEmpty ? "" : "  " + $0 }
        }
        return lines
    }

    /// The docs of a nested declaration and its members, named by the declaration.
    private static func nestedDocs(_ declaration: Declaration) -> [(name: String, doc: [String])] {
        switch declaration {
        case .structType(let decl):
            return [(decl.name, decl.doc)] + decl.properties.map { ("\(decl.name).\(Naming.bare($0.name))", $0.doc) }
                + decl.nested.flatMap(nestedDocs)
        case .oneOf(let decl): return [(decl.name, decl.doc)] + decl.nested.flatMap(nestedDocs)
        case .enumType(let decl): return [(decl.name, decl.doc)]
        case .typeAlias(let name, _, let doc): return [(name, doc)]
        }
    }

    private static func direction(of declaration: Declaration) -> CodingDirection {
        switch declaration {
        case .structType(let decl): decl.direction
        case .oneOf(let decl): decl.direction
        case .enumType, .typeAlias: .both
        }
    }

    /// A hash of what a declaration's ``fingerprint(_:qualifiedName:)`` writes besides its member types (which
    /// depend on where it is declared): its kind, member names, wire names, optionality, case literals and how many
    /// declarations it nests. Identical declarations have equal shape keys.
    ///
    /// The key only groups declarations that may be identical (the fingerprints decide), so it is a plain FNV-1a
    /// hash of the bytes: a collision costs a fingerprint, not a wrong result, and the short names it reads cost a
    /// few instructions a byte instead of a seeded hasher's setup and finalization per name.
    static func shapeKey(_ declaration: Declaration) -> Int {
        var hasher = ShapeHasher()
        switch declaration {
        case .structType(let decl):
            hasher.combine(0)
            hasher.combine(decl.properties.count)
            for index in decl.properties.indices {
                hasher.combine(decl.properties[index].name)
                hasher.combine(decl.properties[index].wireName)
                hasher.combine(decl.properties[index].isOptional)
                hasher.combine(decl.properties[index].isRequired)
            }
            hasher.combine(decl.nested.count)
        case .enumType(let decl):
            hasher.combine(1)
            hasher.combine(decl.rawType)
            hasher.combine(decl.cases.count)
            for item in decl.cases {
                hasher.combine(item.name)
                hasher.combine(item.literal)
            }
        case .oneOf(let decl):
            hasher.combine(2)
            hasher.combine(decl.discriminatorProperty ?? "")
            hasher.combine(decl.cases.count)
            for item in decl.cases { hasher.combine(item.name) }
            hasher.combine(decl.nested.count)
        case .typeAlias:
            hasher.combine(3)
        }
        return hasher.value
    }

    /// FNV-1a over bytes, integers and booleans (see ``shapeKey(_:)``).
    private struct ShapeHasher {
        private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

        var value: Int { Int(truncatingIfNeeded: hash) }

        mutating func combine(_ byte: UInt8) {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }

        mutating func combine(_ value: Int) {
            var bits = UInt64(bitPattern: Int64(value))
            for _ in 0..<8 {
                combine(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
            }
        }

        mutating func combine(_ value: Bool) {
            combine(value ? 1 as UInt8 : 0)
        }

        /// A text as its code points (the fingerprint compares bytes), followed by its length.
        mutating func combine(_ text: String) {
            let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
                for byte in bytes { combine(byte) }
            }
            if hashed == nil { for byte in text.utf8 { combine(byte) } }
            combine(text.utf8.count)
        }
    }

    /// A text that two declarations share exactly when they would compile to the same type: their own qualified
    /// name, wherever their members' types spell it, is written `Self`.
    static func fingerprint(_ declaration: Declaration, qualifiedName: String) -> Fingerprint {
        var text = Fingerprint()
        let prefix = qualifiedName + "."
        let prefixIsASCII = prefix.isASCII
        func spell(_ type: SwiftType) {
            // A named type is spelled as its name: no string is built for it.
            let spelling = if case .named(let name) = type { name } else { type.spelling }
            // Most spellings are shorter than the prefix, and then cannot hold it (see `replacingText`).
            let cannotHold = prefixIsASCII && spelling.utf8.count < prefix.utf8.count
            text += cannotHold ? spelling : spelling.replacingText(prefix, with: "Self.")
        }
        /// A property, read in place (a copy of it would retain each of its fields).
        func add(_ property: PropertyDecl) {
            text += property.name
            text += "="
            text += property.wireName
            text += ":"
            spell(property.type)
            if property.isOptional { text += "?" }
            if property.isRequired { text += "!" }
            text += "="
            if let defaultValue = property.defaultValue { text += defaultValue.spelling }
            text += "="
            if let constant = property.constant { text += Naming.literal(constant) }
            if let deprecation = property.deprecation { text += deprecation }
            if property.encodesNull { text += "=null" }
            if property.tracksNull { text += property.keepsNullPrivately ? "=trackedPrivately" : "=tracked" }
            if property.keepsNullValue { text += "=keepsNull" }
            text += ";"
        }
        /// A member besides the properties and cases: the union beside a struct's properties, its extra
        /// properties, a base schema's fallback case.
        func addMember(_ kind: String, _ name: String, _ type: SwiftType) {
            text += kind
            text += name
            text += ":"
            spell(type)
            text += ";"
        }
        func add(_ declaration: Declaration, name: String) {
            switch declaration {
            case .structType(let decl):
                text += "struct "
                text += name
                text += " {"
                for index in decl.properties.indices { add(decl.properties[index]) }
                if let variant = decl.variant { addMember("variant ", variant.name, variant.type) }
                if let additional = decl.additional {
                    addMember("additional ", additional.name, additional.valueType)
                }
                for index in decl.nested.indices { add(decl.nested[index], name: decl.nested[index].name) }
                text += "}"
            case .enumType(let decl):
                text += "enum "
                text += name
                text += ": "
                text += decl.rawType
                text += " {"
                for item in decl.cases {
                    text += item.name
                    text += "="
                    text += item.literal
                    text += ";"
                }
                text += "}"
            case .oneOf(let decl):
                text += "oneOf "
                text += name
                text += " "
                text += decl.discriminatorProperty ?? ""
                text += " {"
                for (index, item) in decl.cases.enumerated() {
                    text += item.name
                    text += ":"
                    spell(item.type)
                    // Each value as a literal: quotes inside are escaped, so the list reads back one way only.
                    text += "="
                    for value in item.discriminatorValues { text += Naming.literal(value) }
                    // The keys the decoder chooses by.
                    if decl.caseKeys.indices.contains(index), let keys = decl.caseKeys[index] {
                        text += "="
                        for key in keys { text += Naming.literal(key) }
                    }
                    if decl.caseTags.indices.contains(index) {
                        for tag in decl.caseTags[index] {
                            text += "#" + Naming.literal(tag.property)
                            for value in tag.values { text += Naming.literal(value) }
                        }
                    }
                    text += ";"
                }
                if let fallback = decl.fallback { addMember("fallback ", fallback.name, fallback.type) }
                if decl.triesCasesForUnknownTag { text += "?" }
                for index in decl.nested.indices { add(decl.nested[index], name: decl.nested[index].name) }
                text += "}"
            case .typeAlias(_, let type, _):
                text += "alias "
                text += name
                text += "="
                spell(type)
                text += ";"
            }
        }
        add(declaration, name: "")
        return text
    }
}

/// The text of a declaration's shape (``DuplicateTypes/fingerprint(_:qualifiedName:)``), kept as UTF-8 bytes: it is
/// only appended to, hashed and compared, and code points are what make two declarations the same.
struct Fingerprint: Hashable {
    /// A buffer whose appends of short texts (most pieces are names) cost one copy each.
    private var bytes = ByteBuffer()

    static func += (fingerprint: inout Fingerprint, text: String) {
        fingerprint.bytes.append(text)
    }

    static func == (lhs: Fingerprint, rhs: Fingerprint) -> Bool {
        lhs.bytes.withWrittenBytes { left in rhs.bytes.withWrittenBytes { left.elementsEqual($0) } }
    }

    func hash(into hasher: inout Hasher) {
        bytes.withWrittenBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
