/// The HTTP method an operation is declared for.
public enum HTTPMethod: Sendable, Hashable, CustomStringConvertible {
    case get, put, post, delete, options, head, patch, trace
    /// OpenAPI 3.2's `query` (a safe method with a body).
    case query
    /// A method of OpenAPI 3.2's `additionalOperations` (`LINK`, `PURGE`), in lower case.
    case other(String)

    /// The path item fields that declare operations, in OpenAPI's order (`query` from 3.2 on).
    public static let fields: [HTTPMethod] = [.get, .put, .post, .delete, .options, .head, .patch, .trace, .query]

    /// The method named by a path item field, or (for another name) one of `additionalOperations`.
    public init(_ name: String) {
        let name = name.lowercased()
        self = Self.fields.first { $0.name == name } ?? .other(name)
    }

    /// The name in lower case, as a path item's field spells it (`get`, `purge`).
    public var name: String {
        switch self {
        case .get: "get"
        case .put: "put"
        case .post: "post"
        case .delete: "delete"
        case .options: "options"
        case .head: "head"
        case .patch: "patch"
        case .trace: "trace"
        case .query: "query"
        case .other(let name): name
        }
    }

    /// The method as a request line sends it (`GET`).
    public var wireName: String { name.uppercased() }

    public var description: String { name }
}

/// Where a parameter is sent.
public enum ParameterLocation: String, Sendable, Hashable {
    case query, path, header, cookie

    /// The styles OpenAPI defines for the location, its default first. Form and multipart body properties take
    /// the query's.
    public var styles: [ParameterStyle] {
        switch self {
        case .path: [.simple, .label, .matrix]
        case .query: [.form, .spaceDelimited, .pipeDelimited, .deepObject]
        case .header: [.simple]
        case .cookie: [.form]
        }
    }

    /// The style a parameter has when it names none.
    public var defaultStyle: ParameterStyle { styles[0] }
}

/// How a parameter's value is written (OpenAPI's `style`). The cases are named as RaspRuntime's `ParameterStyle`.
public enum ParameterStyle: String, Sendable, Hashable {
    case matrix, label, simple, form, spaceDelimited, pipeDelimited, deepObject
}

/// A key of an operation's `responses`: a status code, a range of them (`4XX`) or `default`.
public enum ResponseStatus: Sendable, Hashable, CustomStringConvertible {
    /// One status code.
    case code(Int)
    /// Every code of a class: `4XX` is `range(4)`.
    case range(Int)
    /// Every status no other key names.
    case `default`

    /// Reads a key: three digits, a digit and `XX` (either case), or `default`; nil for anything else.
    public init?(_ key: String) {
        let bytes = Array(key.utf8)
        if key == "default" {
            self = .default
        } else if bytes.count == 3, (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(bytes[0]),
                  bytes[1...].allSatisfy({ $0 == UInt8(ascii: "X") || $0 == UInt8(ascii: "x") }) {
            self = .range(Int(bytes[0] - UInt8(ascii: "0")))
        } else if bytes.count == 3, bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let code = Int(key), code >= 100 {
            self = .code(code)
        } else {
            return nil
        }
    }

    /// Whether it stands for success: a 2xx code or `2XX`.
    public var isSuccess: Bool {
        switch self {
        case .code(let code): (200...299).contains(code)
        case .range(let digit): digit == 2
        case .default: false
        }
    }

    /// The code, when the key is one.
    public var code: Int? {
        if case .code(let code) = self { return code }
        return nil
    }

    /// The key as OpenAPI spells it (`200`, `4XX`, `default`).
    public var description: String {
        switch self {
        case .code(let code): String(code)
        case .range(let digit): "\(digit)XX"
        case .default: "default"
        }
    }
}
