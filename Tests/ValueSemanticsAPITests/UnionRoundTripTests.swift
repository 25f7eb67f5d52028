import Foundation
import RaspRuntime
import Testing
import ValueSemanticsAPI

/// Unions without a discriminator decode as the variant that keeps the whole value, not the first that accepts it.
struct UnionRoundTripTests {
    @Test func aColorWithAlphaIsRGBAThoughRGBComesFirst() throws {
        let color = try expectRoundTrip(Color.self, #"{"r": 1, "g": 0.5, "b": 0, "a": 0.25}"#)
        guard case .rgba(let rgba) = color else { Issue.record("decoded as \(color)"); return }
        #expect(rgba.a == 0.25)
    }

    @Test func aColorWithoutAlphaIsRGB() throws {
        let color = try expectRoundTrip(Color.self, #"{"r": 1, "g": 0.5, "b": 0}"#)
        guard case .rgb = color else { Issue.record("decoded as \(color)"); return }
    }

    /// Each variant's `type` is an open enum, so either variant would accept the other's value: the disjoint
    /// enum values act as a discriminator.
    @Test func disjointEnumValuesChooseTheVariant() throws {
        let directional = try expectRoundTrip(
            Transition.self, #"{"type": "PUSH", "duration": 0.3, "direction": "LEFT", "matchLayers": true}"#)
        guard case .directionalTransition(let value) = directional else {
            Issue.record("decoded as \(directional)")
            return
        }
        #expect(value.matchLayers == true)
        let simple = try expectRoundTrip(Transition.self, #"{"type": "DISSOLVE", "duration": 1}"#)
        guard case .simpleTransition = simple else { Issue.record("decoded as \(simple)"); return }
    }

    /// Keys alone tie (each variant drops one key and lacks one); the value of `type` is listed by one variant only.
    @Test func enumValuesRuleOutVariantsWhenKeysTie() throws {
        let action = try decode(Action.self, #"{"type": "SET_MODE", "variableModeId": "m", "variableId": "v"}"#)
        guard case .setModeAction(let mode) = action else { Issue.record("decoded as \(action)"); return }
        #expect(mode.variableModeId == "m")
        let other = try expectRoundTrip(Action.self, #"{"type": "SET_VARIABLE", "variableId": "v"}"#)
        guard case .setVariableAction = other else { Issue.record("decoded as \(other)"); return }
    }

    @Test func aValueOfNoVariantTypeIsAnErrorWithItsPath() throws {
        #expect(throws: DecodingError.self) {
            try decode(Transition.self, #"{"type": "FLY_AWAY", "duration": 1}"#)
        }
        do {
            _ = try decode(Paint.self, #"{"color": {"r": "red"}, "layer": 1}"#)
            Issue.record("a color of text decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["color"])
        }
    }

    /// Every property of every variant is optional: each variant decodes any object, and the keys decide.
    @Test func optionalOnlyVariantsAreChosenByTheirKeys() throws {
        let results = try decode([SearchResult].self, """
            [{"name": "Ann", "known_for": ["Film"]}, {"title": "Film", "release_date": "2020-01-01"},
             {"name": "Show", "first_air_date": "2019-05-01"}]
            """)
        guard results.count == 3, case .person(let person) = results[0], case .movie = results[1],
              case .tvShow = results[2] else {
            Issue.record("decoded as \(results)")
            return
        }
        #expect(person.knownFor == ["Film"])
    }

    /// A key the schema requires but never describes is kept.
    @Test func aRequiredUndescribedKeyIsKept() throws {
        let paint = try expectRoundTrip(Paint.self, #"{"color": {"r": 1, "g": 1, "b": 1}, "layer": {"z": [1, null]}}"#)
        #expect(paint.layer == .object(["z": .array([.number(1), .null])]))
    }

    /// `allOf: [{$ref: union}, {nullable: true}]` is the union, nullable: a string variant still decodes.
    @Test func aUnionWrappedInAnAnnotatingAllOfKeepsItsVariants() throws {
        let json = #"{"color": {"r": 1, "g": 1, "b": 1}, "layer": 0, "toolChoice": "auto"}"#
        let paint = try expectRoundTrip(Paint.self, json)
        #expect(paint.toolChoice == .string(.auto))
        try expectRoundTrip(Paint.self, #"{"color": {"r": 1, "g": 1, "b": 1}, "layer": 0, "toolChoice": null}"#)
    }

    /// Integer tags count like string ones when keys alone cannot choose.
    @Test func integerTagsChooseTheVariant() throws {
        let rules = try decode([Rule].self, #"[{"type": 2, "metadata": {"channel": "c"}}, {"type": 1}]"#)
        guard rules.count == 2, case .alert(let alert) = rules[0], case .block = rules[1] else {
            Issue.record("decoded as \(rules)")
            return
        }
        #expect(alert.metadata?.channel == "c")
    }

    /// Every value a variant's tag enum allows selects it under a discriminator without a mapping.
    @Test func everyTagValueOfAVariantSelectsIt() throws {
        let tools = try decode([Tool].self, #"[{"type": "web_search_2025_03_11"}, {"type": "file_search"}]"#)
        guard tools.count == 2, case .webSearchTool = tools[0], case .fileSearchTool = tools[1] else {
            Issue.record("decoded as \(tools)")
            return
        }
    }

    /// A declared discriminator whose mapping leaves a variant's tag out: the value is found by trying the variants
    /// (the one that accepts it); a mapped tag still decides alone.
    @Test func aTagTheMappingLeavesOutTriesTheVariants() throws {
        let custom = try expectRoundTrip(Step.self, #"{"kind": "deploy", "plugin": "helm"}"#)
        guard case .customStep(let step) = custom else { Issue.record("decoded as \(custom)"); return }
        #expect(step.plugin == "helm")
        let run = try expectRoundTrip(Step.self, #"{"kind": "run", "command": "make test"}"#)
        guard case .runStep = run else { Issue.record("decoded as \(run)"); return }
        // The mapping is authoritative: a `run` value that its variant does not accept is an error.
        #expect(throws: DecodingError.self) { try decode(Step.self, #"{"kind": "run", "plugin": "helm"}"#) }
        // A value no variant accepts is an error too.
        #expect(throws: DecodingError.self) { try decode(Step.self, #"{"kind": "deploy"}"#) }
    }

    /// Variants that share a discriminator value are chosen among by what the value is (the role's values here),
    /// not by document order.
    @Test func variantsSharingATagAreChosenByTheValue() throws {
        let output = try expectRoundTrip(ChatItem.self, #"{"type": "message", "role": "assistant", "refusal": "no"}"#)
        guard case .chatOutput(let message) = output else { Issue.record("decoded as \(output)"); return }
        #expect(message.refusal == "no")
        let input = try expectRoundTrip(ChatItem.self, #"{"type": "message", "role": "user"}"#)
        guard case .chatInput = input else { Issue.record("decoded as \(input)"); return }
    }

    @Test func primitiveVariantsDecodeByType() throws {
        #expect(try expectRoundTrip(IdOrName.self, "42") == .int(42))
        #expect(try expectRoundTrip(IdOrName.self, #""forty-two""#) == .string("forty-two"))
    }

    /// The properties beside a union and the union itself read and write the same object.
    @Test func propertiesBesideAUnionKeepBoth() throws {
        let source = try expectRoundTrip(
            IngestSource.self, #"{"name": "payments", "type": "stripe", "config": {"key": "k", "live": true}}"#)
        #expect(source.name == "payments")
        guard case .stripe(let stripe) = source.variant else { Issue.record("decoded as \(source)"); return }
        #expect(stripe.config.live == true)
        let built = IngestSource(name: "repo", variant: .gitHub(.init(config: .init(secret: "s"))))
        #expect(try encoded(built) == .object([
            "name": .string("repo"), "type": .string("github"), "config": .object(["secret": .string("s")]),
        ]))
        // Written by its own `writeJSON(to:)`: its keys, then the variant's, in one object.
        #expect(String(decoding: try JSONCoding.encode(built), as: UTF8.self)
            == #"{"name":"repo","type":"github","config":{"secret":"s"}}"#)
    }
}
