public import Foundation

extension ClientRequest {
    /// Sets a raw body and its content type.
    public mutating func setBody(_ data: Data, contentType: String) {
        body = data
        setHeader("Content-Type", contentType)
    }

    /// Sets an `application/x-www-form-urlencoded` body from an `Encodable` value, with nested keys in the
    /// bracket style Stripe and Rails use: `card[number]=4242&items[0][price]=p_1`.
    public mutating func setFormBody(_ value: some Encodable) throws {
        let pairs = try FormFields.flatten(value, operationID: operationID)
        let text = pairs.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        setBody(Data(text.utf8), contentType: "application/x-www-form-urlencoded")
    }

    /// Sets a `multipart/form-data` body: each top-level property is a part; `Data` values are sent as files.
    public mutating func setMultipartBody(_ value: some Encodable) throws {
        let boundary = "rasp-boundary-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        var data = Data()
        guard case .object(let fields) = try FormFields.jsonTree(value, operationID: operationID) else {
            throw ClientError.invalidRequest(operationID: operationID, reason: "a multipart body must be an object")
        }
        for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
            data.append(Data("--\(boundary)\r\n".utf8))
            if case .string(let text) = field, let bytes = Data(base64Encoded: text), Self.isFileField(value, name) {
                data.append(Data("Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(name)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8))
                data.append(bytes)
            } else {
                data.append(Data("Content-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8))
                data.append(Data(FormFields.text(field).utf8))
            }
            data.append(Data("\r\n".utf8))
        }
        data.append(Data("--\(boundary)--\r\n".utf8))
        setBody(data, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    private static func isFileField(_ value: some Encodable, _ name: String) -> Bool {
        Mirror(reflecting: value).children.contains { child in
            guard let label = child.label, label == name || label == "_" + name else { return false }
            return child.value is Data || child.value is Data?
        }
    }
}

/// Turns an `Encodable` into form fields through its JSON form.
enum FormFields {
    static func jsonTree(_ value: some Encodable, operationID: String) throws -> JSONValue {
        do {
            let data = try JSONCoding.encoder.encode(value)
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw ClientError.invalidRequest(operationID: operationID, reason: "body does not encode: \(error)")
        }
    }

    static func flatten(_ value: some Encodable, operationID: String) throws -> [(String, String)] {
        var pairs: [(String, String)] = []
        func walk(_ value: JSONValue, _ key: String) {
            switch value {
            case .object(let fields):
                for (name, field) in fields.sorted(by: { $0.key < $1.key }) { walk(field, key.isEmpty ? name : "\(key)[\(name)]") }
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

    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: ""
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number.queryValue
        case .string(let text): text
        case .array, .object:
            (try? String(decoding: JSONCoding.encoder.encode(value), as: UTF8.self)) ?? ""
        }
    }
}
