/// A JSON type a schema's `type` names (`null` is ``Schema/nullable``).
public enum JSONType: String, Sendable, Hashable {
    case string, integer, number, boolean, array, object
}

/// A `$ref` to a schema, resolved by the parser.
public struct SchemaReference: Sendable, Hashable {
    /// The reference as written (`#/components/schemas/Point`, `./schemas/Point.yaml`), for messages.
    public var text: String
    /// The index of its target in ``OpenAPIDocument/schemas``.
    public var target: Int
    /// Where the `$ref` is written.
    public var mark: Mark
}

/// A JSON Schema as OpenAPI 3.0/3.1 uses it, reduced to what code generation needs.
///
/// A `$ref` is kept as a link (``ref``) to the entry of ``OpenAPIDocument/schemas`` it resolves to, in whatever file:
/// the parser has already found its target. 3.0 `nullable: true` and 3.1 `type: [X, "null"]` both end up in
/// ``nullable``.
public struct Schema: Sendable {
    /// The fields, shared by copies until one of them changes (copy on write): a schema is copied often while
    /// types are assigned, and a copy of a reference is one retain where a copy of the fields was one per field.
    private final class Storage: @unchecked Sendable {
        // Mutated only through a uniquely referenced storage (see `unique()`), so never while another thread reads.
        // Every access goes through the schema that owns the storage, whose own accesses the compiler checks for
        // overlaps; a run-time check of each access to the fields (a schema's reader changes one field per keyword)
        // would find nothing more, so it is left out.
        @exclusivity(unchecked) var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    /// The stored fields.
    private struct Fields: Sendable {
        var mark: Mark
        var ref: SchemaReference?
        var types: [JSONType] = []
        var nullable = false
        var namesNullType = false
        var format: String?
        var title: String?
        var description: String?
        var properties: [Property] = []
        var required: [String] = []
        var additionalProperties: AdditionalProperties?
        var allOf: [Schema] = []
        var oneOf: [Schema] = []
        var anyOf: [Schema] = []
        var discriminator: Discriminator?
        var enumValues: [ScalarValue]?
        var enumCaseNames: [String: String] = [:]
        var defaultValue: DefaultValue?
        var deprecated = false
        var readOnly = false
        var writeOnly = false
        var uniqueItems = false
        var facts = Facts()
        var itemsStorage: [Schema] = []
        var contentSchemaStorage: [Schema] = []
    }

    private var storage: Storage

    /// The storage, copied first when another schema shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    /// Where the schema starts in the source.
    public var mark: Mark {
        get { storage.fields.mark }
        _modify { yield &unique().fields.mark }
    }
    /// A resolved `$ref`; the other fields are then mostly empty.
    public var ref: SchemaReference? {
        get { storage.fields.ref }
        _modify { yield &unique().fields.ref }
    }
    /// The JSON types, in document order, without `null` (``nullable``); empty when the schema does not say.
    public var types: [JSONType] {
        get { storage.fields.types }
        _modify { yield &unique().fields.types }
    }
    /// Whether `null` is allowed.
    public var nullable: Bool {
        get { storage.fields.nullable }
        _modify { yield &unique().fields.nullable }
    }
    /// Whether `type` names `null` (OpenAPI 3.1), which allows `null` alone when it names nothing else; `nullable:
    /// true` without a `type` (OpenAPI 3.0) constrains nothing.
    public var namesNullType: Bool {
        get { storage.fields.namesNullType }
        _modify { yield &unique().fields.namesNullType }
    }
    /// `format`.
    public var format: String? {
        get { storage.fields.format }
        _modify { yield &unique().fields.format }
    }
    /// `title`.
    public var title: String? {
        get { storage.fields.title }
        _modify { yield &unique().fields.title }
    }
    /// `description`.
    public var description: String? {
        get { storage.fields.description }
        _modify { yield &unique().fields.description }
    }
    /// `properties`, in document order.
    public var properties: [Property] {
        get { storage.fields.properties }
        _modify { yield &unique().fields.properties }
    }
    /// `required`.
    public var required: [String] {
        get { storage.fields.required }
        _modify { yield &unique().fields.required }
    }
    /// `additionalProperties`.
    public var additionalProperties: AdditionalProperties? {
        get { storage.fields.additionalProperties }
        _modify { yield &unique().fields.additionalProperties }
    }
    /// The names the document gives the values of `enum` (`x-enum-varnames` and the like), by each value's
    /// ``ScalarValue/literalText``; empty when it gives none.
    public var enumCaseNames: [String: String] {
        get { storage.fields.enumCaseNames }
        _modify { yield &unique().fields.enumCaseNames }
    }

    /// `allOf`: every part matches.
    public var allOf: [Schema] {
        get { storage.fields.allOf }
        _modify { yield &unique().fields.allOf }
    }
    /// `oneOf`: exactly one variant matches.
    public var oneOf: [Schema] {
        get { storage.fields.oneOf }
        _modify { yield &unique().fields.oneOf }
    }
    /// `anyOf`: at least one variant matches.
    public var anyOf: [Schema] {
        get { storage.fields.anyOf }
        _modify { yield &unique().fields.anyOf }
    }
    /// `discriminator`.
    public var discriminator: Discriminator? {
        get { storage.fields.discriminator }
        _modify { yield &unique().fields.discriminator }
    }
    /// `enum` values (a single `const` is stored here too).
    public var enumValues: [ScalarValue]? {
        get { storage.fields.enumValues }
        _modify { yield &unique().fields.enumValues }
    }
    /// `default`.
    public var defaultValue: DefaultValue? {
        get { storage.fields.defaultValue }
        _modify { yield &unique().fields.defaultValue }
    }
    /// `deprecated`.
    public var deprecated: Bool {
        get { storage.fields.deprecated }
        _modify { yield &unique().fields.deprecated }
    }
    /// `readOnly`: sent by the server only (a request need not carry it).
    public var readOnly: Bool {
        get { storage.fields.readOnly }
        _modify { yield &unique().fields.readOnly }
    }
    /// `writeOnly`: sent by the client only (a response need not carry it).
    public var writeOnly: Bool {
        get { storage.fields.writeOnly }
        _modify { yield &unique().fields.writeOnly }
    }
    /// `uniqueItems`: no two items of an array value are equal (checked by validators, not by generated code).
    public var uniqueItems: Bool {
        get { storage.fields.uniqueItems }
        _modify { yield &unique().fields.uniqueItems }
    }
    /// Validation keywords and examples, as written: documentation only.
    public var facts: Facts {
        get { storage.fields.facts }
        _modify { yield &unique().fields.facts }
    }
    /// `items` (0 or 1 element; an array keeps the recursion finite in size).
    var itemsStorage: [Schema] {
        get { storage.fields.itemsStorage }
        _modify { yield &unique().fields.itemsStorage }
    }

    /// `items`.
    public var items: Schema? {
        get { itemsStorage.first }
        set { itemsStorage = newValue.map { [$0] } ?? [] }
    }

    /// `contentSchema` (0 or 1 element): the schema of the JSON a string holds, when its `contentMediaType` is JSON
    /// (an OpenAPI 3.2 event's `data`).
    var contentSchemaStorage: [Schema] {
        get { storage.fields.contentSchemaStorage }
        _modify { yield &unique().fields.contentSchemaStorage }
    }

    /// `contentSchema`.
    public var contentSchema: Schema? {
        contentSchemaStorage.first
    }

    /// Creates an empty schema (any value).
    public init(mark: Mark) {
        storage = Storage(Fields(mark: mark))
    }

    /// One named property.
    public struct Property: Sendable {
        /// The name on the wire.
        public var name: String
        /// The property's schema.
        public var schema: Schema
    }

    /// What a schema says about its values that code does not enforce: bounds, lengths, a pattern, examples. Numbers
    /// are kept as written (`1e3`, `0.5`), so docs show them as the spec does.
    public struct Facts: Sendable, Hashable {
        /// `minimum` / `maximum`.
        public var minimum: String?, maximum: String?
        /// 3.1 numeric `exclusiveMinimum` / `exclusiveMaximum`, or the 3.0 bound made exclusive by `true`.
        public var exclusiveMinimum: String?, exclusiveMaximum: String?
        /// `minLength` / `maxLength`, `minItems` / `maxItems`.
        public var minLength: String?, maxLength: String?, minItems: String?, maxItems: String?
        /// `multipleOf`, `pattern`.
        public var multipleOf: String?, pattern: String?
        /// `minProperties` / `maxProperties`: checked by the spec mock; docs do not show them.
        public var minProperties: String?, maxProperties: String?
        /// `example` and the items of `examples`, each as a one-line text (scalars as written, others as JSON).
        public var examples: [String] = []

        /// Whether there is nothing to say.
        public var isEmpty: Bool {
            // Field by field (as `self == Facts()` would compare them, without making and comparing a second value).
            minimum == nil && maximum == nil && exclusiveMinimum == nil && exclusiveMaximum == nil
                && minLength == nil && maxLength == nil && minItems == nil && maxItems == nil
                && multipleOf == nil && pattern == nil && examples.isEmpty
        }
    }

    /// A schema's `default`: what generated code can state of it, and the value as JSON.
    public struct DefaultValue: Sendable {
        /// The shape of the value.
        public enum Value: Sendable, Equatable {
            /// A scalar: its text as written and its value.
            case scalar(text: String, ScalarValue)
            /// `[]`.
            case emptyArray
            /// `{}`.
            case emptyObject
            /// An array of scalars (each a ``scalar(text:_:)``).
            case array([Value])
            /// An object with members, or an array that holds more than scalars.
            case structure
        }
        /// The value.
        public var value: Value
        /// The value as compact JSON text (strings quoted, other scalars as written).
        public var json: String
        /// What kind of value it is, for messages: "a mapping", "a string"…
        public var kindDescription: String
        /// Where it is written.
        public var mark: Mark
    }

    /// `additionalProperties`: a boolean or a schema.
    public enum AdditionalProperties: Sendable {
        /// `true` (any extra key) or `false` (none).
        case allowed(Bool)
        /// Extra keys whose values match a schema.
        case schema([Schema])  // one element

        /// The schema, if one was given.
        public var schema: Schema? {
            if case .schema(let schemas) = self { return schemas.first }
            return nil
        }
    }

    /// A `discriminator`.
    public struct Discriminator: Sendable {
        /// The property whose value names the variant.
        public var propertyName: String
        /// Explicit value → schema mappings, in document order (`target` indexes ``OpenAPIDocument/schemas``; nil
        /// when the mapping names nothing the document has).
        public var mapping: [(value: String, target: Int?)]
    }

    /// Whether the schema says nothing about the value (`{}` or only docs).
    public var isUnconstrained: Bool {
        ref == nil && types.isEmpty && properties.isEmpty && additionalProperties == nil && allOf.isEmpty
            && oneOf.isEmpty && anyOf.isEmpty && enumValues == nil && itemsStorage.isEmpty
    }

    /// Whether a union's variant lets the union's value be `null`: it allows `null` (a null-only variant is
    /// nullable too) or allows anything (`{}`).
    public var admitsNull: Bool { nullable || isUnconstrained }

    /// Whether the schema only allows `null`.
    public var isNullOnly: Bool {
        ref == nil && types.isEmpty && nullable && properties.isEmpty && allOf.isEmpty && oneOf.isEmpty
            && anyOf.isEmpty && itemsStorage.isEmpty && (enumValues == nil || enumValues == [.null])
    }
}

