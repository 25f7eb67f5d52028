/// Structs: stored and computed properties, the memberwise initializer, `init(reading:)` and `writeJSON(to:)`
/// written out property by property, and `init(from:)` and `encode(to:)` for the types coded by shape (others take
/// the runtime's, which go through their JSON).
extension SwiftRenderer {
    func renderStruct(_ decl: StructDecl, _ w: inout CodeWriter) {
        w.doc(decl.doc)
        w.block(access, "struct ", decl.name, ": ", decl.conformances) { w in
            // Properties are read in place by index (a for-in loop copies each one, retaining all of its fields).
            for index in decl.properties.indices {
                w.doc(decl.properties[index].doc)
                if decl.properties[index].tracksNull && !decl.properties[index].hasStorage {
                    let name = Naming.bare(decl.properties[index].name)
                    w.doc("- Note: `$\(name)` tells a missing key (nil) from `null` (`.null`).")
                }
                renderProperty(decl.properties[index], mutable: decl.isMutable, &w)
            }
            let keyword = decl.isMutable ? "var " : "let "
            if let variant = decl.variant {
                w.doc(variant.doc)
                w.line(access, keyword, variant.name, ": ", variant.type.spelling)
            }
            if let additional = decl.additional {
                w.doc("The keys the schema does not declare, with their values (its `additionalProperties`).")
                w.line(access, keyword, additional.name, ": JSONObject<", additional.valueType.spelling, ">")
            }
            renderMemberwiseInit(decl, &w)
            if decl.hasDecoder { renderDecoder(decl, &w) }
            if decl.readsJSON { renderReader(decl, &w) }
            if decl.hasEncoder { renderEncoder(decl, &w) }
            if decl.writesJSON { renderJSONWriter(decl, &w) }
            for nested in decl.nested {
                w.line()
                render(nested, &w)
            }
        }
    }

    /// The name a property's value is stored under: its own, or `_name` behind a computed property.
    static func storage(_ property: PropertyDecl) -> String {
        property.hasStorage ? "_" + Naming.bare(property.name) : property.name
    }

    /// The type a property's value is decoded and stored as: the property's type, boxed when it is. A property that
    /// keeps `null` apart from a missing key stores it in a `Nullable` (`Nullable<Indirect<T>>?` for a boxed one).
    static func storedValueType(_ property: borrowing PropertyDecl) -> String {
        property.boxed ? "Indirect<\(property.type.spelling)>" : property.type.spelling
    }

    /// The expression that stores an optional value `name` in a tracking property's `Nullable` storage.
    static func nullableStorage(of name: String, _ property: borrowing PropertyDecl) -> String {
        property.boxed ? "\(name).map { .value(Indirect($0)) }" : "\(name).map(Nullable.value)"
    }

    /// A stored property, or a computed one over private storage (boxed or deprecated values).
    func renderProperty(_ property: borrowing PropertyDecl, mutable: Bool, _ w: inout CodeWriter) {
        let tracksNull = property.tracksNull
        if tracksNull && !property.hasStorage {
            // A wrapper needs a `var`; a type that is never sent keeps it read-only for callers.
            w.line("@NullableField ", access, mutable ? "var " : "private(set) var ", property.name, ": ",
                   property.type.spelling, "?")
            return
        }
        guard property.hasStorage else {
            w.line(access, mutable ? "var " : "let ", property.name, ": ", property.type.spelling,
                   property.isOptional ? "?" : "")
            return
        }
        let type = property.type.spelling + (property.isOptional ? "?" : "")
        if let message = property.deprecation {
            w.line("@available(*, deprecated, message: \(Naming.literal(message)))")
        }
        let storage = Self.storage(property)
        // A defaulted property's storage is optional too: nil for a missing key.
        let optional = property.isOptional || property.keepsPresence ? "?" : ""
        let stored = tracksNull ? "Nullable<\(Self.storedValueType(property))>?"
            : property.boxed ? "Indirect<\(property.type.spelling)>\(optional)" : property.type.spelling + optional
        var read = tracksNull ? property.boxed ? "\(storage)?.value?.value" : "\(storage)?.value"
            : property.boxed ? "\(storage)\(optional).value" : storage
        if property.keepsPresence, let defaultValue = property.defaultValue { read += " ?? " + defaultValue.spelling }
        if !mutable {
            w.line("\(access)var \(property.name): \(type) { \(read) }")
            w.line("private let \(storage): \(stored)")
            return
        }
        let write = tracksNull ? Self.nullableStorage(of: "newValue", property) : !property.boxed ? "newValue"
            : property.isOptional ? "newValue.map(Indirect.init)" : "Indirect(newValue)"
        w.line("\(access)var \(property.name): \(type) {")
        w.line("    get { \(read) }")
        w.line("    set { \(storage) = \(write) }")
        w.line("}")
        w.line("private var \(storage): \(stored)")
    }

    func renderMemberwiseInit(_ decl: StructDecl, _ w: inout CodeWriter) {
        let properties = decl.properties
        guard !properties.isEmpty || decl.variant != nil || decl.additional != nil else {
            w.doc("Creates a value (the type has no properties).")
            w.line(access, "init() {}")
            return
        }
        w.doc("Creates a value from its properties (optional ones default to `nil`).")
        w.block(writingHeader: { w in
            // One parameter per property: optional ones default to nil, others to the schema default or constant.
            w.write(access, "init(")
            for index in properties.indices {
                if index > 0 { w.write(", ") }
                writeInitParameter(properties[index], &w)
            }
            if let variant = decl.variant {
                w.write(properties.isEmpty ? "" : ", ", variant.name, ": ", variant.type.spelling)
            }
            if let additional = decl.additional {
                w.write(properties.isEmpty && decl.variant == nil ? "" : ", ", additional.name, ": JSONObject<",
                        additional.valueType.spelling, "> = [:]")
            }
            w.write(")")
        }) { w in
            for index in properties.indices { writeInitAssignment(properties[index], &w) }
            if let variant = decl.variant { w.line("self.", Naming.bare(variant.name), " = ", variant.name) }
            if let additional = decl.additional {
                w.line("self.", Naming.bare(additional.name), " = ", additional.name)
            }
        }
    }

    /// A memberwise init parameter: optional ones default to nil, others to the schema default or constant.
    func writeInitParameter(_ property: borrowing PropertyDecl, _ w: inout CodeWriter) {
        w.write(property.name, ": ", property.type.spelling)
        if property.isOptional || property.keepsPresence {
            w.write("? = nil")
        } else if let defaultValue = property.defaultValue {
            w.write(" = ", defaultValue.spelling)
        } else if let constant = property.constant {
            w.write(" = \"", Naming.escaped(constant), "\"")
        }
    }

    /// The memberwise init's line that stores a parameter.
    func writeInitAssignment(_ property: borrowing PropertyDecl, _ w: inout CodeWriter) {
        if property.tracksNull {
            let storage = "self._" + Naming.bare(property.name)
            w.line(property.hasStorage ? "\(storage) = \(Self.nullableStorage(of: property.name, property))"
                                       : "\(storage) = NullableField(wrappedValue: \(property.name))")
        } else if property.boxed {
            let storage = Self.storage(property)
            let isOptional = property.isOptional || property.keepsPresence
            w.line(isOptional ? "self.\(storage) = \(property.name).map(Indirect.init)"
                              : "self.\(storage) = Indirect(\(property.name))")
        } else {
            w.line("self.", Naming.bare(Self.storage(property)), " = ", property.name)
        }
    }

    /// A struct's `init(from:)`: one line per property, keyed by its wire name (``FieldKey``). Written out rather
    /// than synthesized: a synthesized coder needs a `CodingKeys` enum per type and resolves the containers'
    /// overloaded methods per property, which costs more to compile than these calls to methods without overloads.
    /// A property with a schema default keeps a missing key missing (its getter supplies the default).
    func renderDecoder(_ decl: StructDecl, _ w: inout CodeWriter) {
        let properties = decl.properties
        w.block(access, "init(from decoder: any Decoder) throws") { w in
            guard !properties.isEmpty || decl.additional != nil else {
                w.line("_ = try decoder.container(keyedBy: FieldKey.self)")
                if let variant = decl.variant {
                    w.line("self.", Naming.bare(variant.name), " = try ", variant.type.spelling, "(from: decoder)")
                }
                return
            }
            w.line("let container = try decoder.container(keyedBy: FieldKey.self)")
            for index in properties.indices { writeDecoderLine(properties[index], &w) }
            if let variant = decl.variant {
                w.line("self.", Naming.bare(variant.name), " = try ", variant.type.spelling, "(from: decoder)")
            }
            if let additional = decl.additional {
                let declared = properties.map { Naming.literal($0.wireName) }.joined(separator: ", ")
                w.line("self.", Naming.bare(additional.name), " = try container.additionalFields(",
                       additional.valueType.spelling, ".self, declared: [", declared, "])")
            }
        }
    }

    /// The `init(from:)` line that decodes one property.
    func writeDecoderLine(_ property: borrowing PropertyDecl, _ w: inout CodeWriter) {
        let stored = Naming.bare(Self.storage(property))
        let type = property.type.spelling
        let (open, close) = property.boxed ? ("Indirect<", ">") : ("", "")
        let key = Naming.escaped(property.wireName)
        if property.tracksNull {
            let read = "try container.nullableField(\(Self.storedValueType(property)).self, \"\(key)\")"
            w.line("self._", Naming.bare(property.name), " = ",
                   property.hasStorage ? read : "NullableField(projectedValue: \(read))")
        } else if property.isOptional || property.keepsPresence {
            let method = property.keepsNullValue ? "presentField(" : "optionalField("
            w.line("self.", stored, " = try container.", method, open, type, close, ".self, \"", key, "\")")
        } else {
            w.line("self.", stored, " = try container.field(", open, type, close, ".self, \"", key, "\")")
        }
    }

    /// A struct's `init(reading:)` (``/RaspRuntime/JSONReadable``): the object's members are matched against the
    /// type's key table and read into one local per property, then stored; a required property whose key never
    /// came is `keyNotFound`. A variant reads the same object again, from where it started.
    func renderReader(_ decl: StructDecl, _ w: inout CodeWriter) {
        let properties = decl.properties
        if !properties.isEmpty {
            w.line("private static let _readerKeys = JSONKeys(")
            w.indented { w in
                w.listLines(properties.map { "\"" + Naming.escaped($0.wireName) + "\"" }, prefix: "", continued: true)
            }
            w.line(")")
        }
        let locals = properties.map(Self.readerLocal)
        w.block(access, "init(reading reader: inout JSONReader) throws") { w in
            w.listLines(properties.indices.map { locals[$0] + ": " + Self.readerLocalType(properties[$0]) + "?" },
                        prefix: "var ")
            if let additional = decl.additional {
                w.line("var ", Naming.bare(additional.name), "_: JSONObject<", additional.valueType.spelling, "> = [:]")
            }
            if decl.variant != nil { w.line("let start = reader.mark") }
            w.line("try reader.beginObject(Self.self)")
            guard !properties.isEmpty else {
                if let additional = decl.additional {
                    w.line("while try reader.nextMember() { ", Naming.bare(additional.name),
                           "_[reader.currentKey] = try reader.read(", additional.valueType.spelling, ".self) }")
                } else {
                    w.line("while try reader.nextMember() { try reader.skipValue() }")
                }
                writeReaderEnd(decl, locals, &w)
                return
            }
            w.block("while let field = try reader.nextField(Self._readerKeys)") { w in
                w.line("switch field {")
                for index in properties.indices {
                    w.line("case \(index): \(locals[index]) = try reader.\(Self.readerCall(properties[index]))")
                }
                if let additional = decl.additional {
                    w.line("default: ", Naming.bare(additional.name), "_[reader.currentKey] = try reader.read(",
                           additional.valueType.spelling, ".self)")
                } else {
                    w.line("default: try reader.skipValue()")
                }
                w.line("}")
            }
            writeReaderEnd(decl, locals, &w)
        }
    }

    /// Stores the locals an `init(reading:)` read, checking that required properties came, and reads a variant.
    private func writeReaderEnd(_ decl: StructDecl, _ locals: [String], _ w: inout CodeWriter) {
        let properties = decl.properties
        for index in properties.indices {
            let property = properties[index]
            let local = locals[index]
            if property.tracksNull {
                w.line("self._", Naming.bare(property.name), " = ",
                       property.hasStorage ? local : "NullableField(projectedValue: \(local))")
            } else if property.isOptional || property.keepsPresence {
                w.line("self.", Naming.bare(Self.storage(property)), " = ", local)
            } else {
                w.line("self.", Naming.bare(Self.storage(property)), " = try reader.required(", local, ", \"",
                       Naming.escaped(property.wireName), "\")")
            }
        }
        if let additional = decl.additional {
            w.line("self.", Naming.bare(additional.name), " = ", Naming.bare(additional.name), "_")
        }
        if let variant = decl.variant {
            w.line("reader.rewind(to: start)")
            w.line("self.", Naming.bare(variant.name), " = try reader.read(", variant.type.spelling, ".self)")
        }
    }

    /// The local an `init(reading:)` reads a property into: named as its storage, unless that is a name the
    /// initializer itself uses.
    static func readerLocal(_ property: PropertyDecl) -> String {
        let name = storage(property)
        return ["reader", "field", "start"].contains(Naming.bare(name)) ? Naming.bare(name) + "_" : name
    }

    /// The type of a property's local in `init(reading:)`, made optional there: its storage's value type.
    static func readerLocalType(_ property: borrowing PropertyDecl) -> String {
        property.tracksNull ? "Nullable<\(storedValueType(property))>" : storedValueType(property)
    }

    /// The reader call that reads one property's value: `null` is `.null` for a property that tracks it, nil for
    /// an optional one, and the value itself for a type that holds `null` (free-form JSON).
    static func readerCall(_ property: borrowing PropertyDecl) -> String {
        let type = storedValueType(property)
        if property.tracksNull { return "readNullable(\(type).self)" }
        if (property.isOptional || property.keepsPresence) && !property.keepsNullValue {
            return "readIfPresent(\(type).self)"
        }
        return "read(\(type).self)"
    }

    /// A struct's `encode(to:)`: one line per property, in declaration order (the order of the keys on the wire);
    /// a nil optional writes no key.
    func renderEncoder(_ decl: StructDecl, _ w: inout CodeWriter) {
        w.block(access, "func encode(to encoder: any Encoder) throws") { w in
            if decl.properties.isEmpty && decl.additional == nil {
                w.line("_ = encoder.container(keyedBy: FieldKey.self)")
            } else {
                w.line("var container = encoder.container(keyedBy: FieldKey.self)")
            }
            writeEncoderLines(decl, receiver: "container", &w)
            // The variant writes its keys into the same object.
            if let variant = decl.variant { w.line("try self.", Naming.bare(variant.name), ".encode(to: encoder)") }
        }
    }

    /// A struct's `writeJSON(to:)`: the lines of its `encode(to:)`, written to a `JSONWriter` between braces.
    func renderJSONWriter(_ decl: StructDecl, _ w: inout CodeWriter) {
        w.block(access, "func writeJSON(to writer: inout JSONWriter) throws") { w in
            if decl.variant != nil { w.line("let start = writer.mark") }
            w.line("writer.beginObject()")
            writeEncoderLines(decl, receiver: "writer", &w)
            // The variant adds its keys to the same object.
            if let variant = decl.variant {
                w.line("try writer.encodeMembers(of: self.", Naming.bare(variant.name), ", objectStart: start)")
            }
            w.line("writer.endObject()")
        }
    }

    /// One line per property, and the additional properties, for a keyed container or a `JSONWriter` (whose
    /// methods have the same names).
    func writeEncoderLines(_ decl: StructDecl, receiver: String, _ w: inout CodeWriter) {
        let properties = decl.properties
        for index in properties.indices {
            let property = properties[index]
            let tracksNull = property.tracksNull
            let method = tracksNull ? "encodeNullableField" : property.encodesNull ? "encodeFieldOrNull"
                : property.isOptional || property.keepsPresence ? "encodeOptionalField" : "encodeField"
            let value = tracksNull && !property.hasStorage ? "_" + Naming.bare(property.name) + ".projectedValue"
                : Naming.bare(Self.storage(property))
            w.line("try ", receiver, ".", method, "(self.", value, ", \"", Naming.escaped(property.wireName), "\")")
        }
        if let additional = decl.additional {
            w.line("try ", receiver, ".encodeAdditionalFields(self.", Naming.bare(additional.name), ")")
        }
    }
}
