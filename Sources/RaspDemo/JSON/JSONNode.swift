import Foundation

/// A JSON value with ordered object keys, for writing responses byte-for-byte deterministically.
///
/// The demo handler builds every body as a tree of these and serializes it once; keys keep the order they were
/// added in, so two identical requests always produce identical bytes.
enum JSONNode: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// A floating-point number, always written with a fraction (`8400.0`), as the real API does for some
    /// durations.
    case double(Double)
    case string(String)
    case array([JSONNode])
    case object([(String, JSONNode)])

    static func == (lhs: JSONNode, rhs: JSONNode) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// A string, or `null` when nil.
    static func string(_ value: String?) -> JSONNode {
        value.map(JSONNode.string) ?? .null
    }

    /// The UTF-8 bytes of the value, compact (no spaces).
    func serialized() -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        write(into: &bytes)
        return Data(bytes)
    }

    private func write(into bytes: inout [UInt8]) {
        switch self {
        case .null: bytes.append(contentsOf: Self.nullBytes)
        case .bool(let value): bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
        case .int(let value): bytes.append(contentsOf: String(value).utf8)
        case .double(let value): bytes.append(contentsOf: Self.format(value).utf8)
        case .string(let value): Self.writeString(value, into: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item.write(into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.writeString(member.0, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                member.1.write(into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Shortest round-tripping text, with `.0` added to whole numbers so they read as floats.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let text = "\(value)"
        if text.contains("e") || text.contains(".") { return text }
        return text + ".0"
    }

    private static func writeString(_ value: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
            case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let nullBytes = Array("null".utf8)
    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
}
