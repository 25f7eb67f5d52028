import Testing
@testable import RaspGenerator

/// What the translator makes of small specs: one behaviour per test, asserted on the generated text.
struct TranslatorTests {
    /// Every type with written-out `init(from:)` and `encode(to:)`, for the tests that read them.
    static let writtenCoders: GeneratorConfig = {
        var config = GeneratorConfig()
        config.writtenCoders = true
        return config
    }()

    static func generate(_ schemas: String, paths: String = "{}", config: GeneratorConfig = GeneratorConfig(),
                         version: String = "3.0.3") throws
        -> (types: String, client: String, operations: String, warnings: [Diagnostic]) {
        let source = "openapi: \(version)\ninfo: {title: Test, version: '1'}\npaths: \(paths)\n"
            + "components:\n  schemas:\n" + schemas
        let result = try GeneratorPipeline(config: config).run(Array(source.utf8), sourceName: "test.yaml")
        // Every file holds a share of the types, the inputs and the client: read them all, joined.
        let all = result.files.map(\.contents).joined()
        return (all, all, all, result.warnings)
    }

    @Test func propertiesBecomeCamelCaseWithWireNames() throws {
        let out = try Self.generate("""
                Carrier:
                  type: object
                  required: [code]
                  properties:
                    code: {type: integer}
                    logo_svg: {type: string, nullable: true, description: Logo URL.}
            """, config: Self.writtenCoders)
        #expect(out.types.contains("public let code: Int\n"))
        // Optional and nullable: a missing key and `null` are told apart.
        #expect(out.types.contains("    /// Logo URL.\n"))
        // A type no request sends keeps the three states in private storage.
        #expect(out.types.contains("    public var logoSvg: String? { _logoSvg?.value }\n"))
        #expect(out.types.contains("    private let _logoSvg: Nullable<String>?\n"))
        #expect(out.types.contains(#"self._logoSvg = try container.nullableField(String.self, "logo_svg")"#))
        #expect(out.types.contains(#"try container.encodeNullableField(self._logoSvg, "logo_svg")"#))
    }

    @Test func enumsKeepUnknownValues() throws {
        let out = try Self.generate("""
                Kind:
                  type: string
                  enum: [plane, train, overtaking_point]
            """)
        #expect(out.types.contains("public enum Kind: OpenEnum {"))
        #expect(out.types.contains("    case plane, train, overtakingPoint\n"))
        #expect(out.types.contains(#"case .overtakingPoint: "overtaking_point""#))
        #expect(out.types.contains("public static let knownCases: [Self] = [.plane, .train, .overtakingPoint]"))
        #expect(out.types.contains("    case unknown(String)\n"))
    }

    @Test func identicalInlineEnumsAreDeclaredOnce() throws {
        let out = try Self.generate("""
                Application:
                  type: object
                  properties:
                    sms_method: {type: string, enum: [GET, POST]}
                    voice_method: {type: string, enum: [GET, POST]}
                    other_method: {type: string, enum: [POST, GET]}
            """)
        #expect(out.types.contains("    public enum SmsMethod: OpenEnum {"))
        #expect(out.types.contains("    public typealias VoiceMethod = Application.SmsMethod\n"))
        // Same values in another order list their cases differently: a type of their own.
        #expect(out.types.contains("    public enum OtherMethod: OpenEnum {"))
        #expect(out.types.components(separatedBy: ": OpenEnum {").count == 3)
    }

    @Test func operationLocalTypesAreCodedOneWay() throws {
        let paths = """
            {/items: {post: {operationId: createItem,
              requestBody: {content: {application/json: {schema: {type: object, properties: {name: {type: string}}}}}},
              responses: {'200': {description: ok, content: {application/json: {schema: {type: object,
                properties: {id: {type: string}, tags: {type: array, items: {type: object, properties: {t: {type: \
            string}}}}}}}}}}}}}
            """
        let out = try Self.generate("    Shared: {type: object, properties: {a: {type: string}}}\n", paths: paths)
        #expect(out.types.contains("public struct Shared: Codable, Hashable, Sendable, JSONWritable, JSONReadable {"))
        #expect(out.operations.contains("public struct Body: Encodable, Sendable, JSONWritable {"))
        #expect(out.operations.contains("public struct Output: Decodable, Hashable, Sendable, JSONReadable {"))
        #expect(out.operations.contains("public struct TagsItem: Decodable, Hashable, Sendable, JSONReadable {"))
        #expect(out.operations.contains("public struct CreateItem: Sendable {"))
    }

    /// Only the types something other than JSON codes by shape (a deepObject query parameter, a form body, a union
    /// written into its struct's object, and what they contain) keep written-out `init(from:)` and `encode(to:)`;
    /// the others read and write their JSON only, and take the runtime's coders.
    @Test func onlyTypesCodedByShapeKeepWrittenCoders() throws {
        let paths = """
            {/items: {post: {operationId: createItem,
              parameters: [{name: filter, in: query, style: deepObject, explode: true,
                            schema: {$ref: '#/components/schemas/Filter'}}],
              requestBody: {content: {application/x-www-form-urlencoded: {schema: {$ref: \
            '#/components/schemas/Form'}}}},
              responses: {'200': {description: ok, content: {application/json: {schema: {$ref: \
            '#/components/schemas/Reply'}}}}}}}}
            """
        let out = try Self.generate("""
                Filter: {type: object, properties: {range: {$ref: '#/components/schemas/Range'}}}
                Range: {type: object, properties: {low: {type: integer}}}
                Form: {type: object, properties: {name: {type: string}}}
                Reply: {type: object, properties: {id: {type: string}, shape: {$ref: '#/components/schemas/Shaped'}}}
                Shaped:
                  type: object
                  properties: {label: {type: string}}
                  oneOf: [{$ref: '#/components/schemas/Circle'}, {$ref: '#/components/schemas/Square'}]
                Circle: {type: object, required: [r], properties: {r: {type: number}}}
                Square: {type: object, required: [side], properties: {side: {type: number}}}
            """, paths: paths)
        /// The text of the top-level declaration `name`.
        func declaration(_ name: String) -> String {
            guard let start = out.types.range(of: "\npublic struct \(name): ")
                ?? out.types.range(of: "\npublic enum \(name): ") else { return "" }
            let rest = out.types[start.upperBound...]
            return String(rest[..<(rest.range(of: "\n}\n")?.upperBound ?? rest.endIndex)])
        }
        let decoder = "init(from decoder: any Decoder) throws", encoder = "func encode(to encoder: any Encoder) throws"
        for name in ["Filter", "Range", "Form"] {
            #expect(declaration(name).contains(decoder), "\(name)")
            #expect(declaration(name).contains(encoder), "\(name)")
        }
        let reply = declaration("Reply")
        #expect(reply.contains("init(reading reader: inout JSONReader) throws"))
        #expect(reply.contains("func writeJSON(to writer: inout JSONWriter) throws"))
        #expect(!reply.contains(decoder) && !reply.contains(encoder))
        // A struct with a variant reads and writes itself like any other, the variant's keys in the same object:
        // neither it, nor its union (nested in it), nor the union's cases keep written-out coders.
        let shaped = declaration("Shaped").components(separatedBy: "public enum Variant")
        #expect(shaped.count == 2)
        #expect(shaped[0].contains("try writer.encodeMembers(of: self.variant, objectStart: start)"))
        #expect(!shaped[0].contains(encoder) && !shaped[0].contains(decoder))
        #expect(shaped.last?.contains(encoder) == false && shaped.last?.contains(decoder) == false)
        #expect(!declaration("Circle").contains(encoder) && !declaration("Square").contains(decoder))
    }

    @Test func openEnumIdiomBecomesOneEnum() throws {
        let out = try Self.generate("""
                Model:
                  anyOf:
                    - type: string
                    - type: string
                      enum: [gpt-4o, o3]
            """)
        #expect(out.types.contains("public enum Model: OpenEnum {"))
        #expect(out.types.contains("case gpt4o, o3\n"))
    }

    @Test func defaultsApplyWhenTheKeyIsMissing() throws {
        let out = try Self.generate("""
                Page:
                  type: object
                  properties:
                    limit: {type: integer, default: 100}
                    lang: {type: string, default: ru_RU}
            """, config: Self.writtenCoders)
        // The value reads as the default when the key is missing, and a missing key stays missing when written.
        #expect(out.types.contains("public var limit: Int { _limit ?? 100 }\n    private let _limit: Int?\n"))
        #expect(out.types.contains(#"public var lang: String { _lang ?? "ru_RU" }"#))
        #expect(out.types.contains(#"self._limit = try container.optionalField(Int.self, "limit")"#))
        #expect(out.types.contains(#"try container.encodeOptionalField(self._limit, "limit")"#))
        #expect(out.types.contains("public init(limit: Int? = nil, lang: String? = nil)"))
    }

    @Test func formatsMapToDedicatedTypes() throws {
        let out = try Self.generate("""
                Day:
                  type: object
                  properties:
                    date: {type: string, format: date}
                    at: {type: string, format: date-time}
                    time: {type: string}
            """)
        #expect(out.types.contains("public let date: LocalDate?"))
        #expect(out.types.contains("public let at: Timestamp?"))
        #expect(out.types.contains("public let time: String?"))
    }

    @Test func nullableIn31TypeArrays() throws {
        let out = try Self.generate("""
                A:
                  type: object
                  required: [name]
                  properties:
                    name: {type: [string, "null"]}
            """, version: "3.1.0")
        #expect(out.types.contains("public let name: String?"))
    }

    @Test func nullInsideOneOfMakesTheValueOptional() throws {
        let out = try Self.generate("""
                A:
                  type: object
                  required: [b]
                  properties:
                    b:
                      oneOf: [{$ref: '#/components/schemas/B'}, {type: 'null'}]
                B: {type: object, properties: {x: {type: string}}}
            """, version: "3.1.0")
        #expect(out.types.contains("public let b: B?"))
    }

    @Test func oneOfWithDiscriminatorSwitchesOnTheTag() throws {
        let out = try Self.generate("""
                Pet:
                  oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]
                  discriminator:
                    propertyName: kind
                    mapping: {cat: '#/components/schemas/Cat'}
                Cat: {type: object, properties: {kind: {type: string}}}
                Dog: {type: object, properties: {kind: {type: string}}}
            """, config: Self.writtenCoders)
        #expect(out.types.contains("public enum Pet: Codable, Hashable, Sendable, JSONWritable, JSONReadable {"))
        #expect(out.types.contains(#"case "cat"?: self = .cat(try Cat(from: decoder))"#))
        #expect(out.types.contains(#"case "cat"?: self = .cat(try reader.read(Cat.self))"#))
        #expect(out.types.contains(#"case "Dog"?: self = .dog(try Dog(from: decoder))"#))
        // A declared discriminator may be missing or name no variant: the variants are tried then.
        #expect(out.types.contains(#"switch try OneOfDecoding.discriminatorIfPresent("kind", in: decoder) {"#))
        #expect(out.types.contains(#"default: self = try OneOfDecoding.bestMatch("Pet", in: decoder, "#
                                   + "Self._candidates)"))
    }

    @Test func requiredSingleValueEnumsAreConstantStrings() throws {
        let out = try Self.generate("""
                Created:
                  type: object
                  required: [type, id]
                  properties:
                    type: {type: string, enum: [item.created]}
                    id: {type: string}
                    mode: {type: string, enum: [fast]}
            """)
        #expect(out.types.contains("    /// Always `item.created`.\n    public let type: String\n"))
        #expect(out.types.contains(
            #"public init(type: String = "item.created", id: String, mode: Created.Mode? = nil)"#))
        // Optional ones stay enums: whether the value is there says something.
        #expect(out.types.contains("public enum Mode: OpenEnum {"))
        #expect(!out.types.contains("public enum TypeSchema"))
    }

    @Test func unionsWithoutDiscriminatorSwitchOnAConstantTag() throws {
        let out = try Self.generate("""
                Event:
                  oneOf:
                    - $ref: '#/components/schemas/Added'
                    - type: object
                      title: Removed
                      required: [kind, id]
                      properties:
                        kind: {type: string, enum: [removed]}
                        id: {type: string}
                Added:
                  type: object
                  required: [kind, id]
                  properties: {kind: {type: string, enum: [added]}, id: {type: string}}
                Loose:
                  oneOf:
                    - $ref: '#/components/schemas/Added'
                    - {type: object, properties: {kind: {type: string, enum: [other]}}}
            """, config: Self.writtenCoders)
        #expect(out.types.contains(#"switch try OneOfDecoding.discriminator("kind", in: decoder) {"#))
        #expect(out.types.contains(#"case "added": self = .added(try Added(from: decoder))"#))
        #expect(out.types.contains(#"case "removed": self = .removed(try Event.Removed(from: decoder))"#))
        // A variant whose tag is optional cannot be told apart by it: the variant that keeps the keys wins.
        #expect(out.types.contains(#"self = try OneOfDecoding.bestMatch("Loose", in: decoder, Self._candidates)"#))
    }

    @Test func declaredDiscriminatorsPreferTheVariantsConstantOverTheirNames() throws {
        let out = try Self.generate("""
                Tool:
                  oneOf: [{$ref: '#/components/schemas/FunctionTool'}, {$ref: '#/components/schemas/WebTool'}]
                  discriminator: {propertyName: type}
                FunctionTool: {type: object, required: [type], properties: {type: {type: string, enum: [function]}}}
                WebTool: {type: object, properties: {type: {type: string}}}
            """, config: Self.writtenCoders)
        #expect(out.types.contains(#"case "function"?: self = .functionTool(try FunctionTool(from: decoder))"#))
        #expect(out.types.contains(#"case "WebTool"?: self = .webTool(try WebTool(from: decoder))"#))
    }

    @Test func variantsSharingADiscriminatorValueAreTriedInTurn() throws {
        let out = try Self.generate("""
                Item:
                  oneOf: [{$ref: '#/components/schemas/Input'}, {$ref: '#/components/schemas/Output'}, {$ref: \
            '#/components/schemas/Call'}]
                  discriminator: {propertyName: type}
                Input: {type: object, required: [type, role], properties: {type: {type: string, enum: [message]}, \
            role: {type: string}}}
                Output: {type: object, required: [type, id], properties: {type: {type: string, enum: [message]}, id: \
            {type: string}}}
                Call: {type: object, required: [type], properties: {type: {type: string, enum: [call]}}}
            """, config: Self.writtenCoders)
        #expect(out.types.contains(#"case "message": self = try OneOfDecoding.bestMatch("Item", in: decoder, "#
            + "[Self._candidates[0], Self._candidates[1]])"))
        #expect(out.types.contains(#"case "call": self = .call(try Call(from: decoder))"#))
        // Every variant requires its own tag values: a tag none lists is an error, not a reason to try them.
        #expect(out.types.contains("case let other: throw OneOfDecoding.unknownDiscriminator(other, in: decoder)"))
        #expect(out.types.contains(#"case "message": self = try OneOfDecoding.bestMatch("Item", in: &reader, "#
            + "[Self._candidates[0], Self._candidates[1]])"))
        // Once in `init(from:)`, once in `init(reading:)`.
        #expect(out.types.components(separatedBy: #"case "message""#).count == 3)
    }

    @Test func identicalNestedTypesBecomeAliasesOfTheFirst() throws {
        let paths = """
            {/a: {post: {operationId: postA,
              requestBody: {content: {application/json: {schema: {type: object, properties: {size: {type: object, \
            properties: {w: {type: integer}}}}}}}},
              responses: {'200': {description: ok, content: {application/json: {schema: {type: object,
                properties: {size: {type: object, properties: {w: {type: integer}}}}}}}}}}}}
            """
        let out = try Self.generate("""
                Box:
                  type: object
                  properties:
                    size: {type: object, properties: {w: {type: integer}}}
                    state: {type: string, enum: [open, shut]}
                Crate:
                  type: object
                  description: Same shape, other docs.
                  properties:
                    size: {type: object, description: The crate's size., properties: {w: {type: integer}}}
                State: {type: string, enum: [open, shut]}
            """, paths: paths)
        // Docs are not compared: Crate's size has its own description and is still Box's.
        #expect(out.types.contains("    public typealias Size = Box.Size\n"))
        #expect(out.types.components(separatedBy: "public struct Size:").count == 2)
        // A nested copy of a component aliases the component, though the component comes later in the document.
        #expect(out.types.contains("    public typealias State2 = State\n"))
        #expect(out.types.components(separatedBy: ": OpenEnum {").count == 2)
        // The operation's inline body and response have Crate's shape; Crate codes both ways, so both alias it.
        #expect(out.operations.contains("    public typealias Body = Crate\n"))
        #expect(out.operations.contains("    public typealias Output = Crate\n"))
    }

    @Test func typesCodedOneWayAreNotAliasedAcrossDirections() throws {
        let paths = """
            {/b: {post: {operationId: postB,
              requestBody: {content: {application/json: {schema: {type: object, properties: {x: {type: string}}}}}},
              responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {x: \
            {type: string}}}}}}}}}}
            """
        let out = try Self.generate("    Unrelated: {type: object, properties: {y: {type: string}}}\n", paths: paths)
        #expect(out.operations.contains("public struct Body: Encodable, Sendable, JSONWritable {"))
        #expect(out.operations.contains("public struct Output: Decodable, Hashable, Sendable, JSONReadable {"))
        #expect(!out.operations.contains("typealias"))
    }

    @Test func oneOfWithoutDiscriminatorChoosesByValue() throws {
        let out = try Self.generate("""
                Coordinate:
                  oneOf: [{type: number}, {type: string}]
            """, config: Self.writtenCoders)
        #expect(out.types.contains(".init(keys: nil) { .double(try Double(from: $0)) } "
            + "reading: { .double(try $0.read(Double.self)) },"))
        #expect(out.types.contains("case string(String)"))
    }

    @Test func allOfMergesProperties() throws {
        let out = try Self.generate("""
                Base: {type: object, required: [id], properties: {id: {type: string}}}
                Full:
                  allOf:
                    - $ref: '#/components/schemas/Base'
                    - type: object
                      properties: {extra: {type: integer}}
            """)
        #expect(out.types.contains("public struct Full: Codable, Hashable, Sendable, JSONWritable, JSONReadable {\n"
            + "    public let id: String\n    public let extra: Int?\n"))
    }

    @Test("types a request can send keep var properties; types only received get let")
    func onlySentTypesAreMutable() throws {
        let paths = """
            {/trees: {post: {operationId: plant,
              requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Tree'}}}},
              responses: {'200': {description: ok, content: {application/json: {schema: {$ref: \
            '#/components/schemas/Receipt'}}}}}}}}
            """
        let out = try Self.generate("""
                Tree:
                  type: object
                  properties:
                    parent: {$ref: '#/components/schemas/Tree'}
                    leaves: {type: array, items: {$ref: '#/components/schemas/Leaf'}}
                    shape: {type: object, properties: {height: {type: integer}}}
                Leaf: {type: object, properties: {color: {type: string}}}
                Receipt: {type: object, properties: {id: {type: string}, tree: {$ref: '#/components/schemas/Tree'}}}
            """, paths: paths)
        // Sent (the body, what it contains through arrays, and its inline types): mutable, boxed with get/set.
        #expect(out.types.contains("    public var leaves: [Leaf]?\n"))
        #expect(out.types.contains("    public var color: String?\n"))
        #expect(out.types.contains("        public var height: Int?\n"))
        #expect(out.types.contains("    private var _parent: Indirect<Tree>?\n"))
        // Only received: immutable.
        #expect(out.types.contains("    public let id: String?\n"))
        #expect(out.types.contains("    public let tree: Tree?\n"))
    }

    @Test func recursiveTypesAreBoxed() throws {
        let out = try Self.generate("""
                Node:
                  type: object
                  properties:
                    parent: {$ref: '#/components/schemas/Node'}
                    children: {type: array, items: {$ref: '#/components/schemas/Node'}}
            """, config: Self.writtenCoders)
        #expect(out.types.contains("private let _parent: Indirect<Node>?"))
        #expect(out.types.contains("public var parent: Node? { _parent?.value }"))
        #expect(out.types.contains("public let children: [Node]?"))
        #expect(out.types.contains(#"self._parent = try container.optionalField(Indirect<Node>.self, "parent")"#))
    }

    @Test func mutuallyRecursiveOneOfIsIndirect() throws {
        let out = try Self.generate("""
                Expr:
                  oneOf: [{$ref: '#/components/schemas/Sum'}, {type: integer}]
                Sum:
                  type: object
                  required: [left]
                  properties: {left: {$ref: '#/components/schemas/Expr'}}
            """)
        #expect(out.types.contains("public indirect enum Expr"))
    }

    @Test func additionalPropertiesBecomeObjectsWithExactKeys() throws {
        let out = try Self.generate("""
                Choices:
                  type: object
                  additionalProperties: {$ref: '#/components/schemas/Choice'}
                Choice: {type: object, properties: {url: {type: string}}}
            """)
        #expect(out.types.contains("public typealias Choices = JSONObject<Choice>"))
    }

    @Test func reservedNamesAreRenamed() throws {
        let out = try Self.generate("""
                Error: {type: object, properties: {self: {type: string}, default: {type: string}}}
            """)
        #expect(out.types.contains("public struct ErrorSchema"))
        #expect(out.types.contains("public let self_: String?"))
        #expect(out.types.contains("public let `default`: String?"))
    }

    @Test func operationsGetFlattenedParametersAndTypedResults() throws {
        let out = try Self.generate("""
                Result: {type: object, properties: {n: {type: integer}}}
                Problem: {type: object, properties: {text: {type: string}}}
            """, paths: """

              /items/{item_id}/:
                get:
                  operationId: getItem
                  parameters:
                    - {name: item_id, in: path, required: true, schema: {type: string}}
                    - {name: day, in: query, schema: {type: string, format: date}}
                    - {name: kinds, in: query, explode: false, schema: {type: array, items: {type: string, enum: [a, \
            b]}}}
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {$ref: \
            '#/components/schemas/Result'}}}}
                    '404': {description: no, content: {application/json: {schema: {$ref: \
            '#/components/schemas/Problem'}}}}
            """)
        #expect(out.client.contains("func getItem(itemId: String, day: LocalDate? = nil, "
            + "kinds: [Operations.GetItem.KindsItem]? = nil) async throws -> Result"))
        #expect(out.client.contains(#"path: "/items/\(ClientRequest.pathComponent(input.itemId))/""#))
        #expect(out.client.contains(#"request.addQuery("kinds", input.kinds, explode: false)"#))
        #expect(out.client.contains("errorBody: { ClientCore.decodeErrorBody(Problem.self, $1) }"))
    }

    @Test func undeclaredPathParametersWarnAndBecomeStrings() throws {
        let out = try Self.generate("", paths: """

              /users/{id}:
                get:
                  operationId: getUser
                  responses: {'204': {description: none}}
            """)
        #expect(out.client.contains("func getUser(id: String) async throws -> Void"))
        #expect(out.warnings.map(\.message)
            == ["path parameter 'id' of '/users/{id}' is not declared; assuming a required string"])
    }

    @Test func configFiltersAndRenames() throws {
        var config = GeneratorConfig()
        config.excludeOperations = ["b"]
        config.operationNames = ["a": "fetchA"]
        config.schemaNames = ["Thing": "Widget"]
        config.accessModifier = .internal
        let out = try Self.generate("    Thing: {type: object, properties: {x: {type: string}}}\n", paths: """

              /a: {get: {operationId: a, responses: {'200': {description: ok}}}}
              /b: {get: {operationId: b, responses: {'200': {description: ok}}}}
            """, config: config)
        #expect(out.types.contains("struct Widget: Codable"))
        #expect(!out.types.contains("public "))
        #expect(out.client.contains("func fetchA()"))
        #expect(!out.client.contains("func b("))
    }

    @Test func configErrorsPointAtTheKey() throws {
        let error = try #require(throws: Diagnostic.self) {
            try GeneratorConfig(yaml: Array("clientName: X\naccesModifier: public\n".utf8))
        }
        #expect(error.mark == Mark(line: 2, column: 1))
        #expect(error.message.hasPrefix("unknown config key 'accesModifier'"))
    }
}
