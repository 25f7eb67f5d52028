/// The generated unions' readers (``JSONReadable``): the same choices as their decoders make, taken on the bytes.
/// A union looks at its value (the discriminator, the keys) without building anything, then reads it as the variant
/// chosen from where it started.
extension OneOfDecoding {
    /// Reads the discriminator property of the object that starts at the reader, which stays where it was.
    /// - Throws: `keyNotFound` when the object lacks it, `typeMismatch` when it is not a string or the value is not
    ///   an object.
    public static func discriminator(_ property: String, in reader: inout JSONReader) throws -> String {
        guard let value = try discriminatorIfPresent(property, in: &reader, required: true) else {
            throw DecodingError.keyNotFound(FieldKey(stringValue: property), .init(
                codingPath: reader.codingPath, debugDescription: "No value associated with key '\(property)'."))
        }
        return value
    }

    /// Reads the discriminator property of the object that starts at the reader, or nil when the object does not
    /// have it (or has `null`); the reader stays where it was.
    public static func discriminatorIfPresent(_ property: String, in reader: inout JSONReader) throws -> String? {
        try discriminatorIfPresent(property, in: &reader, required: false)
    }

    private static func discriminatorIfPresent(_ property: String, in reader: inout JSONReader, required: Bool) throws
        -> String? {
        let start = reader.mark
        try reader.beginObject([String: JSONValue].self)
        var found: String?
        while try reader.nextMember() {
            guard found == nil, reader.currentKeyEquals(property) else {
                try reader.skipValue()
                continue
            }
            found = try reader.readNull() ? nil : reader.readString()
        }
        // A missing required key is reported at the object, as a decoder reports it.
        if found != nil || !required { reader.rewind(to: start) }
        return found
    }

    /// Reads a base schema's own properties where the subtype its discriminator names did not accept the value; when
    /// the base does not accept it either, the subtype's error stands.
    public static func base<Value>(in reader: inout JSONReader, from start: JSONReader.Mark, after error: any Error,
                                   _ read: (inout JSONReader) throws -> Value) throws -> Value {
        reader.rewind(to: start)
        do { return try read(&reader) } catch _ { throw error }
    }

    /// The error for a discriminator value no variant has.
    public static func unknownDiscriminator(_ value: String, in reader: JSONReader) -> any Error {
        DecodingError.dataCorrupted(.init(codingPath: reader.codingPath,
                                          debugDescription: "unknown discriminator value '\(value)'"))
    }

    /// Reads a union without a discriminator as the variant that loses nothing of the value, by the rules of
    /// ``bestMatch(_:in:_:)-(_,Decoder,_)``: the object's keys are matched against each variant's byte for byte, the
    /// tag properties read, and the variants tried best score first from the value's start.
    @inlinable
    public static func bestMatch<Value>(_ typeName: String, in reader: inout JSONReader,
                                        _ candidates: [Candidate<Value>]) throws -> Value {
        let start = reader.mark
        let order = try order(candidates.map(\.shape), in: &reader)
        var errors: [(index: Int, error: any Error)] = []
        for index in order {
            guard let read = candidates[index].read else { continue }
            reader.rewind(to: start)
            do { return try read(&reader) } catch { errors.append((index, error)) }
        }
        reader.rewind(to: start)
        throw noMatch(typeName, errors: errors.sorted { $0.index < $1.index }.map(\.error),
                      codingPath: reader.codingPath)
    }

    /// The order to try the variants in for the value at the reader, which stays where it was: best score first,
    /// document order among equals; document order for a value that is not an object.
    @usableFromInline
    static func order(_ shapes: [CandidateShape], in reader: inout JSONReader) throws -> [Int] {
        var order = Array(shapes.indices)
        guard shapes.count > 1, reader.peek() == 0x7B else { return order }
        let start = reader.mark
        let scores = try scores(shapes, in: &reader)
        reader.rewind(to: start)
        order.sort { scores[$0] < scores[$1] || (scores[$0] == scores[$1] && $0 < $1) }
        return order
    }

    /// Each variant's score for the object at the reader: tag values it does not list, keys it drops, keys it
    /// declares that the value lacks.
    private static func scores(_ shapes: [CandidateShape], in reader: inout JSONReader) throws -> [Score] {
        var covered = Array(repeating: 0, count: shapes.count)
        var present = 0
        var tagNames: Set<String> = []
        for shape in shapes where !shape.tags.isEmpty { tagNames.formUnion(shape.tags.keys) }
        var tagValues: [String: String] = [:]
        try reader.beginObject([String: JSONValue].self)
        while try reader.nextMember() {
            present += 1
            for index in shapes.indices {
                guard let table = shapes[index].keyTable, reader.currentKeyIndex(in: table) >= 0 else { continue }
                covered[index] += 1
            }
            let key = tagNames.isEmpty ? nil : reader.currentKey
            guard let key, tagNames.contains(key) else {
                // Only the keys count here; the variant chosen reads (and checks) the values.
                reader.skipQuickly()
                continue
            }
            switch reader.peek() {
            case 0x22: tagValues[key] = try reader.readString()
            case 0x2D, 0x30...0x39:
                tagValues[key] = (try? reader.readInteger(Int.self)).map { String($0) }
            default: try reader.skipValue()
            }
        }
        return shapes.indices.map { index in
            let shape = shapes[index]
            let mismatched = shape.tags.filter { tag in
                tagValues[tag.key].map { !tag.value.contains($0) } ?? false
            }
            guard shape.keyTable != nil else { return Score(mismatched.count, 0, 0) }
            return Score(mismatched.count, present - covered[index], shape.keyCount - covered[index])
        }
    }

    /// A variant's fit, best first when sorted.
    private struct Score: Comparable {
        let mismatched: Int, dropped: Int, unused: Int

        init(_ mismatched: Int, _ dropped: Int, _ unused: Int) {
            (self.mismatched, self.dropped, self.unused) = (mismatched, dropped, unused)
        }

        static func < (lhs: Score, rhs: Score) -> Bool {
            (lhs.mismatched, lhs.dropped, lhs.unused) < (rhs.mismatched, rhs.dropped, rhs.unused)
        }
    }
}
