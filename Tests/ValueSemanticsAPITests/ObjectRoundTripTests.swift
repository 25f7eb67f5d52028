import Foundation
import RaspRuntime
import Testing
import ValueSemanticsAPI

/// Inheritance, read/write-only properties, extra properties and nulls.
struct ObjectRoundTripTests {
    /// The operations name the base; its discriminator chooses the subtype, and an unknown one keeps the base.
    @Test func aBaseSchemaDecodesEverySubtype() throws {
        let pets = try decode([Pet].self, """
            [{"petType": "dog", "name": "Rex", "bark": "woof"}, {"petType": "cat", "name": "Tom", "indoor": true},
             {"petType": "Bird", "name": "Kiwi", "wingspan": 0.3}, {"petType": "fish", "name": "Nemo"}]
            """)
        guard pets.count == 4, case .dog(let dog) = pets[0], case .cat(let cat) = pets[1],
              case .bird(let bird) = pets[2], case .base(let other) = pets[3] else {
            Issue.record("decoded as \(pets)")
            return
        }
        #expect(dog.bark == "woof")
        #expect(cat.indoor)
        #expect(bird.wingspan == 0.3)
        #expect(other.petType == "fish" && other.name == "Nemo")
        try expectRoundTrip(Pet.self, #"{"petType": "dog", "name": "Rex", "bark": "woof"}"#)
        try expectRoundTrip(Pet.self, #"{"petType": "fish", "name": "Nemo"}"#)
        let untagged = try expectRoundTrip(Pet.self, #"{"name": "Nameless"}"#)
        guard case .base(let base) = untagged else { Issue.record("decoded as \(untagged)"); return }
        #expect(base.petType == nil)
    }

    /// A value whose subtype does not accept it (a mapped subtype requires more than the value carries) is the
    /// base's own properties, kept whole; a value neither accepts is still an error.
    @Test func aValueItsSubtypeRejectsIsTheBase() throws {
        let pet = try expectRoundTrip(Pet.self, #"{"petType": "cat", "name": "Tom"}"#)
        guard case .base(let base) = pet else { Issue.record("decoded as \(pet)"); return }
        #expect(base.petType == "cat" && base.name == "Tom")
        #expect(throws: DecodingError.self) { try decode(Pet.self, #"{"petType": "cat", "indoor": true}"#) }
    }

    /// An inline object declared in two `allOf` parts keeps the members of both (the extra keys one part allows,
    /// the property the other adds).
    @Test func anObjectDeclaredInTwoPartsKeepsBoth() throws {
        let member = try expectRoundTrip(Member.self, #"{"_embedded": {"blocks": ["b1"], "groups": {"g": 1}}}"#)
        #expect(member.embedded?.blocks == ["b1"])
        #expect(member.embedded?.additionalProperties["groups"] == ["g": .number(1)])
    }

    /// A union with a variant that allows anything, or a nullable one, allows `null`: it is kept apart from a
    /// missing key.
    @Test func aUnionThatAllowsAnythingKeepsNull() throws {
        let null = try expectRoundTrip(Paging.self, #"{"pages": null}"#)
        let missing = try expectRoundTrip(Paging.self, "{}")
        #expect(null.pages == nil && missing.pages == nil && null != missing)
        try expectRoundTrip(Paging.self, #"{"pages": {"next": "/2"}}"#)
        // A nullable variant allows it too.
        let noOwner = try expectRoundTrip(Paging.self, #"{"owner": null}"#)
        #expect(noOwner.owner == nil && noOwner != missing)
        try expectRoundTrip(Paging.self, #"{"owner": {"id": "u1"}}"#)
    }

    /// An integer without a format whose schema shows values beyond `Int.max` holds them: a `UInt64` when it cannot
    /// be negative, else a `Decimal`.
    @Test func integersTheSchemaShowsBeyond64BitsSurvive() throws {
        let settings = try expectRoundTrip(KafkaSettings.self, """
            {"flushMessages": 9223372036854776000, "retentionBytes": -1, "maxLag": 18446744073709551615}
            """)
        #expect(settings.maxLag == .max)
        #expect(settings.retentionBytes == -1)
        #expect(settings.flushMessages == Decimal(string: "9223372036854776000"))
        #expect(try decode(KafkaSettings.self, "{}").flushMessages == Decimal(string: "9223372036854776000"))
        try expectRoundTrip(KafkaSettings.self, #"{"retentionBytes": 18446744073709551615}"#)
    }

    /// One type serves both directions: a request need not carry `readOnly` values, a response `writeOnly` ones.
    @Test func readOnlyAndWriteOnlyPropertiesAreNotRequired() throws {
        let request = Account(username: "ann", password: "secret")
        #expect(try encoded(request) == .object(["username": .string("ann"), "password": .string("secret")]))
        let response = try expectRoundTrip(
            Account.self, #"{"id": "a1", "created": "2025-03-01T10:00:00.123456Z", "username": "ann"}"#)
        #expect(response.id == "a1" && response.password == nil)
    }

    /// A date-time keeps its text: digits beyond a microsecond and the offset it was written with survive, also
    /// through a nullable alias; one made from a `Date` is written in UTC.
    @Test func aDateTimeKeepsItsText() throws {
        let account = try expectRoundTrip(
            Account.self, #"{"created": "2025-03-01T13:00:00.123456789+03:00", "username": "ann"}"#)
        #expect(account.created?.nanoseconds == 123_456_789 && account.created?.secondsFromGMT == 10_800)
        #expect(account.created == Timestamp("2025-03-01T10:00:00.123456789Z"))
        let nulls = try expectRoundTrip(
            Nulls.self, #"{"requiredNullable": null, "requiredAlias": null, "optionalTime": "2025-03-01 10:00:00.5"}"#)
        #expect(nulls.optionalTime?.description == "2025-03-01 10:00:00.5")
        let written = Account(created: Timestamp(Date(timeIntervalSince1970: 1_740_823_200.25)), username: "bob")
        guard case .object(let fields) = try encoded(written) else { Issue.record("not an object"); return }
        #expect(fields["created"] == .string("2025-03-01T10:00:00.250Z"))
    }

    /// A property redeclared in a later `allOf` part keeps the `readOnly` of the earlier one.
    @Test func readOnlySurvivesARedeclaration() throws {
        let admin = AdminAccount(username: "root", password: "secret", scopes: ["all"])
        #expect(try encoded(admin) == .object([
            "username": .string("root"), "password": .string("secret"), "scopes": .array([.string("all")]),
        ]))
        try expectRoundTrip(AdminAccount.self, #"{"id": "a1", "username": "root"}"#)
    }

    @Test func extraPropertiesAreKept() throws {
        let profile = try expectRoundTrip(
            Profile.self, #"{"login": "ann", "shoeSize": 38, "tags": ["x", null], "id": 9223372036854775807}"#)
        #expect(profile.additionalProperties["shoeSize"] == .number(38))
        // An integer beyond a Double's exact range keeps every digit.
        #expect(profile.additionalProperties["id"] == .integer(.max))
        // And one above Int64's range, up to UInt64's maximum.
        let hashed = try decode(Profile.self, #"{"login": "ann", "hash": 18446744073709551615}"#)
        #expect(hashed.additionalProperties["hash"] == .unsignedInteger(.max))
        let text = String(decoding: try JSONCoding.encoder.encode(hashed), as: UTF8.self)
        #expect(text.contains(#""hash":18446744073709551615"#), "\(text)")
        let labels = try expectRoundTrip(Labels.self, #"{"team": "core", "tier": "gold", "region": null}"#)
        let expected: JSONObject<String?> = ["tier": "gold", "region": nil]
        #expect(labels.additionalProperties == expected)
    }

    /// Keys that differ only in Unicode normalization ("café" as NFC and as NFD) are two keys on the wire: the
    /// generated reader keeps both, and writes both back.
    @Test func extraKeysThatDifferOnlyInNormalizationStayTwo() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let json = #"{"team": "core", "\#(composed)": "nfc", "\#(decomposed)": null}"#
        let labels = try JSONCoding.decode(Labels.self, from: Data(json.utf8))
        #expect(labels.additionalProperties.count == 2)
        #expect(labels.additionalProperties[composed] == .some("nfc"))
        #expect(labels.additionalProperties[decomposed] == .some(nil))
        let written = String(decoding: try JSONCoding.encode(labels), as: UTF8.self)
        #expect(written == #"{"team":"core","\#(composed)":"nfc","\#(decomposed)":null}"#)
    }

    @Test func unsignedSixtyFourBitIntegersKeepEveryValue() throws {
        let json = #"{"total": 18446744073709551615, "signed": -9223372036854775808}"#
        let value = try decode(Counters.self, json)
        #expect(value.total == UInt64.max && value.signed == Int.min)
        let text = String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self)
        #expect(text.contains("18446744073709551615") && text.contains("-9223372036854775808"), "\(text)")
    }

    @Test func nullsSurviveInEveryPosition() throws {
        let nulls = try expectRoundTrip(Nulls.self, """
            {"requiredNullable": null, "requiredAlias": null, "optionalNullable": null, "optionalTime": null,
             "values": {"a": "x", "b": null}, "items": [1, null, 3], "raw": null, "kind": "Custom"}
            """)
        #expect(nulls.requiredNullable == nil && nulls.$optionalNullable == .null)
        #expect(nulls.items == [1, nil, 3])
        #expect(nulls.raw == .null)
        // Nullable with a default: `null` and a missing key still differ.
        let level = try expectRoundTrip(Nulls.self,
                                        #"{"requiredNullable": null, "requiredAlias": null, "level": null}"#)
        #expect(level.$level == .null)
        try expectRoundTrip(Nulls.self, #"{"requiredNullable": "x", "requiredAlias": "y", "kind": "Builtin"}"#)
    }

    /// A value that contains itself stores the properties that close the cycle out of line; an explicit `null`
    /// there stays apart from a missing key (optional, required, through a nullable alias, in an array).
    @Test func nullsSurviveWhereAValueContainsItself() throws {
        let null = try expectRoundTrip(Transaction.self, #"{"id": "t1", "parent": null, "originating": null}"#)
        let missing = try expectRoundTrip(Transaction.self, #"{"id": "t1", "parent": null}"#)
        #expect(null.originating == nil && missing.originating == nil && null != missing)
        try expectRoundTrip(Transaction.self, #"{"id": "t1", "parent": null, "reversal": null}"#)
        try expectRoundTrip(Transaction.self,
                            #"{"id": "t1", "parent": null, "related": [null, {"id": "t0", "parent": null}]}"#)
        let nested = try expectRoundTrip(Transaction.self, """
            {"id": "t2", "parent": {"id": "t1", "parent": null, "originating": null},
             "originating": {"id": "t0", "parent": null, "reversal": null}}
            """)
        #expect(nested.parent?.id == "t1" && nested.originating?.id == "t0")
        // A value built in Swift writes no key for a nil optional, and `null` for a nil required one.
        var built = Transaction(id: "t3")
        built.originating = missing
        #expect(try encoded(built) == .object([
            "id": .string("t3"), "parent": .null,
            "originating": .object(["id": .string("t1"), "parent": .null]),
        ]))
    }

    /// A missing key with a schema default reads as the default and stays missing when written back; an explicit
    /// default stays written.
    @Test func defaultsDoNotAddKeys() throws {
        let missing = try expectRoundTrip(Nulls.self, #"{"requiredNullable": "x", "requiredAlias": "y"}"#)
        #expect(missing.kind == .custom)
        let explicit = try expectRoundTrip(Nulls.self,
                                           #"{"requiredNullable": "x", "requiredAlias": "y", "kind": "Custom"}"#)
        #expect(explicit.kind == .custom)
        var changed = missing
        changed.kind = .builtin
        #expect(try encoded(changed) == .object([
            "requiredNullable": .string("x"), "requiredAlias": .string("y"), "kind": .string("Builtin"),
        ]))
    }

    /// A required, nullable property is written as `null`: the key must be there.
    @Test func aRequiredNullIsSent() throws {
        let value = Nulls(kind: .builtin)
        #expect(try encoded(value) == .object([
            "requiredNullable": .null, "requiredAlias": .null, "kind": .string("Builtin"),
        ]))
    }

    /// A PATCH body tells "clear it" (`null`) from "leave it" (no key).
    @Test func optionalNullableTellsNullFromMissing() throws {
        var patch = ProfilePatch()
        #expect(try encoded(patch) == .object([:]))
        patch.$nickname = .null
        patch.email = "a@example.com"
        #expect(try encoded(patch) == .object(["nickname": .null, "email": .string("a@example.com")]))
        patch.$nickname = "Ann"
        #expect(patch.nickname == "Ann")
        patch.nickname = nil
        #expect(try encoded(patch) == .object(["email": .string("a@example.com")]))
        let decoded = try expectRoundTrip(ProfilePatch.self, #"{"nickname": null}"#)
        #expect(decoded.$nickname == .null && decoded.$email == nil && decoded.nickname == nil)
    }
}
