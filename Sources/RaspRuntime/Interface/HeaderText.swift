/// Checks for the text of header fields and credentials.
///
/// HTTP forbids line breaks and other control characters in a field, and transports drop or mangle such a field
/// without a word (the server then sees no key at all), so ``ClientCore`` refuses a request that carries one
/// with ``ClientError/invalidRequest(operationID:reason:underlyingError:)`` before anything is sent.
public enum HeaderText {
    /// The first control character in `text` (U+0000…U+001F, tab included, or U+007F), if any.
    public static func firstControlCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// A short name for a control character: `CR`, `LF`, `NUL`, `TAB`, `DEL`, or its code point (`U+001B`).
    public static func name(of scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x0D: return "CR"
        case 0x0A: return "LF"
        case 0x00: return "NUL"
        case 0x09: return "TAB"
        case 0x7F: return "DEL"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }

    /// Whether `name` can be a field name: an RFC 9110 token (letters, digits and the other `tchar` characters).
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
        }
    }

    /// Why a header field cannot be sent, or nil when it can. The reason names the field and the character,
    /// never the value (it may be a credential).
    public static func problem(name fieldName: String, value: String) -> String? {
        guard isValidName(fieldName) else { return "the header name '\(printable(fieldName))' is not valid" }
        if let scalar = firstControlCharacter(in: value) {
            return "the value of header \(fieldName) contains a control character (\(name(of: scalar)))"
        }
        return nil
    }

    /// A field name with its control characters shown as code points, safe to print.
    private static func printable(_ name: String) -> String {
        name.unicodeScalars.map { firstControlCharacter(in: String($0)) == nil ? String($0) : "<\(self.name(of: $0))>" }
            .joined()
    }
}
