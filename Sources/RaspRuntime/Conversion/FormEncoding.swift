public import Foundation

extension ClientRequest {
    /// Sets a raw body and its content type.
    public mutating func setBody(_ data: Data, contentType: String) {
        setBody(MessageBody(data), contentType: contentType)
    }

    /// Sets a body that may be read as it is sent (a file, an async sequence), and its content type.
    public mutating func setBody(_ body: MessageBody, contentType: String) {
        uploadBody = body
        setHeader("Content-Type", contentType)
    }

    /// Sets a file as the whole body (a binary request body). Its ``BinaryFile/contentType``, when it has one,
    /// replaces `contentType`, the media type the operation declares (which for `*/*` or `image/*` cannot be
    /// concrete); its file name is not sent.
    public mutating func setBody(_ file: BinaryFile, contentType: String) {
        setBody(file.content, contentType: file.contentType ?? contentType)
    }

    /// Sets an `application/x-www-form-urlencoded` body from an `Encodable` value, with nested keys in the
    /// bracket style Stripe and Rails use: `card[number]=4242&items[0][price]=p_1`. Keys are sorted.
    ///
    /// Older generated code calls this; `setFormBody(_:encoding:)` (generated code's SPI) keeps the properties' order and follows the
    /// body's `encoding` object.
    public mutating func setFormBody(_ value: some Encodable) throws {
        let pairs = try FormFields.flatten(value, operationID: operationID)
        let text = pairs.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        setBody(Data(text.utf8), contentType: "application/x-www-form-urlencoded")
    }

    /// Sets a `multipart/form-data` body: each top-level property is a part, in key order; `Data` values are sent
    /// as files (named after the property, `application/octet-stream`), nested values as JSON text.
    ///
    /// Older generated code calls this; `setMultipartBody(_:encoding:)` (generated code's SPI) sends ``BinaryFile`` values as files,
    /// `Data` as base64 text (`format: byte`), and follows the body's `encoding` object.
    public mutating func setMultipartBody(_ value: some Encodable) throws {
        var writer = MultipartWriter()
        guard case .object(let fields) = try FormFields.jsonTree(value, operationID: operationID) else {
            throw ClientError.invalidRequest(operationID: operationID, reason: "a multipart body must be an object")
        }
        for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
            if case .string(let text) = field, let bytes = Data(base64Encoded: text), Self.isFileField(value, name) {
                writer.add(name: name, filename: name, contentType: "application/octet-stream", body: bytes)
            } else {
                writer.add(name: name, contentType: nil, text: FormFields.text(field))
            }
        }
        setBody(writer.finish(), contentType: writer.contentType)
    }

    /// Whether the property `name` of `value` is declared as `Data` (found by reflection, as the JSON form has
    /// only its base64 text).
    private static func isFileField(_ value: some Encodable, _ name: String) -> Bool {
        Mirror(reflecting: value).children.contains { child in
            guard let label = child.label, label == name || label == "_" + name else { return false }
            return child.value is Data || child.value is Data?
        }
    }
}

/// Turns an `Encodable` into form fields through its JSON form.
enum FormFields {
    /// The value's JSON form, as ``JSONCoding/encode(_:)`` writes it.
    static func jsonTree(_ value: some Encodable, operationID: String) throws -> JSONValue {
        do {
            let data = try JSONCoding.encode(value)
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw ClientError.invalidRequest(operationID: operationID, reason: "body does not encode: \(error)")
        }
    }

    /// The value's leaves as bracket-keyed pairs (`items[0][price]`), keys sorted, nulls left out.
    static func flatten(_ value: some Encodable, operationID: String) throws -> [(String, String)] {
        var pairs: [(String, String)] = []
        func walk(_ value: JSONValue, _ key: String) {
            switch value {
            case .object(let fields):
                for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
                    walk(field, key.isEmpty ? name : "\(key)[\(name)]")
                }
            case .array(let items):
                for (index, item) in items.enumerated() { walk(item, "\(key)[\(index)]") }
            case .null:
                break
            default:
                pairs.append((key, text(value)))
            }
        }
        walk(try jsonTree(value, operationID: operationID), "")
        return pairs
    }

    /// A JSON value as a field's text: strings as they are, numbers as query values, composites as JSON.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: ""
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number.queryValue
        case .integer(let number): String(number)
        case .unsignedInteger(let number): String(number)
        case .string(let text): text
        case .array, .object:
            (try? String(decoding: JSONCoding.encode(value), as: UTF8.self)) ?? ""
        }
    }
}
