/// Looking through `$ref`s. Every stage that follows references to the schemas they name does it here, with one guard
/// against cycles: a chain longer than the document's list of schemas has come back to one of them, so it is cut
/// there (the translator reports an alias chain that does as an error).
extension OpenAPIDocument {
    /// What a walk along references does at a schema.
    public enum ReferenceStep<Answer> {
        /// Stop with this answer.
        case answer(Answer)
        /// Go on to the schema this reference names.
        case follow(SchemaReference)
    }

    /// Walks from `schema` along the references `visit` chooses, until it answers; nil when the chain comes back on
    /// itself or names no schema.
    public func walkReferences<Answer>(from schema: Schema, _ visit: (Schema) -> ReferenceStep<Answer>) -> Answer? {
        var current = schema
        var hops = 0
        while true {
            switch visit(current) {
            case .answer(let answer):
                return answer
            case .follow(let ref):
                guard schemas.indices.contains(ref.target), hops <= schemas.count else { return nil }
                current = schemas[ref.target].schema
                hops += 1
            }
        }
    }

    /// The schema a chain of `$ref`s that starts at `schema` ends at; `step` is applied to each schema on the way
    /// first (the translator strips wrappers that add only nullability there). A chain that comes back on itself
    /// ends at the reference where it was cut.
    public func dereferenced(_ schema: Schema, step: (Schema) -> Schema = { $0 }) -> Schema {
        var last = schema
        let end = walkReferences(from: schema) { next -> ReferenceStep<Schema> in
            last = step(next)
            return last.ref.map { .follow($0) } ?? .answer(last)
        }
        return end ?? last
    }
}

/// The same guard for chains of names (a type alias that names another alias): a chain longer than the table has
/// come back to where it was.
enum AliasChain {
    /// Where a chain of aliases that starts at `start` ends: the first id that `next` gives nil for.
    static func end(from start: Int, count: Int, next: (Int) -> Int?) -> Int {
        var current = start
        var hops = 0
        while let following = next(current), hops <= count {
            current = following
            hops += 1
        }
        return current
    }
}
