/// Going on after an error: each construct that can fail on its own (a schema, a parameter, a response, an
/// operation, a server, a security scheme) is read inside ``DocumentParser/recovering(repair:_:)``, which records the
/// error and gives nil, so the reader leaves the construct out (or reads a schema as free-form) and goes on with its
/// siblings. An error is reported once, at its innermost construct, and nothing built from a construct left out
/// fails again. The repairs are listed, with the errors that have none, in `GeneratorDiagnostics.md`.
extension DocumentParser {
    /// Runs `body`; an error it throws is recorded in ``diagnostics`` and nil is returned.
    /// - Parameters:
    ///   - repair: What leaving the construct out (or the caller's placeholder) amounts to, when that is a safe
    ///     repair; nil when it is not, and the error then fails a lenient run too.
    ///   - body: Reads one construct.
    /// - Returns: What `body` returns, or nil when it threw.
    @discardableResult
    func recovering<T>(repair: String? = nil, _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch is Skipped {
            return nil
        } catch var diagnostic as Diagnostic {
            diagnostic.repair = repair
            diagnostics.error(diagnostic)
        } catch {
            diagnostics.error(Diagnostic(.error, "\(error)", at: nil, repair: repair))
        }
        return nil
    }

    // MARK: Documentation fields

    /// A documentation text (`description`, `summary`, `title`) of a mapping; one that is no string (an unbundled
    /// `description: {$ref: description.md}`) is an error whose repair is to ignore it.
    func docText(_ map: YAMLMapping, _ key: String) -> String? {
        map[key].flatMap { docText($0, key) }
    }

    /// ``docText(_:_:)`` for the value itself.
    func docText(_ node: YAMLNode, _ key: String) -> String? {
        guard case .scalar(let scalar) = node else {
            let message = "expected a string for '\(key)', found \(node.kindDescription)"
            diagnostics.error(message, at: node.mark, repair: Self.ignoredRepair)
            return nil
        }
        return scalar.value
    }

    /// `deprecated` of a mapping (false when absent); one that is no boolean is an error whose repair is to ignore it
    /// (it only marks the generated declaration deprecated).
    func deprecatedFlag(_ map: YAMLMapping) -> Bool {
        map["deprecated"].map(deprecatedFlag) ?? false
    }

    /// ``deprecatedFlag(_:)`` for the value itself.
    func deprecatedFlag(_ node: YAMLNode) -> Bool {
        guard case .scalar(let scalar) = node, case .bool(let value) = scalar.resolved else {
            let message = "expected true or false for 'deprecated', found \(node.kindDescription)"
            diagnostics.error(message, at: node.mark, repair: Self.ignoredRepair)
            return false
        }
        return value
    }

    // MARK: The repairs, as the warnings state them

    /// A documentation field of the wrong kind.
    static let ignoredRepair = "ignored (documentation only)"
    /// `tags` of the wrong kind: the operation has none (the config's `tags` filter saw none either).
    static let tagsRepair = "ignored (the operation has no tags)"
    /// A schema that cannot be read: every JSON value still decodes into it and encodes back unchanged.
    static let freeFormRepair = "the schema is read as free-form JSON (JSONValue)"
    /// A server that cannot be read: the client takes any server URL.
    static let serverRepair = "the server is left out (the client takes any server URL)"
    /// A security scheme that cannot be read, treated like a scheme the client cannot wire up.
    static let schemeRepair = "the security scheme is left out (the client has no function for it): "
        + "add its credential by hand (Authentication's apiKey, bearer, basic, oauth2) or a middleware"

    /// A `$ref` to a request body where a response belongs, or the other way round.
    static func followedRepair(_ found: String, as kind: String) -> String {
        "followed: the \(found)'s 'content' is read as the \(kind)'s"
    }

    /// An `operationId` another operation has already, or one that is no string.
    static func routeNameRepair(_ operation: Operation) -> String {
        let name = Naming.bare(Naming.memberName(operation.routeName))
        return "the method is named '\(name)' from its method and path"
    }

    /// A path that does not start with `/`: paths are appended to the server URL, so `pets` can only mean `/pets`.
    static func pathRepair(_ path: String) -> String {
        "read as '/\(path)'"
    }
}

/// Thrown to leave a construct out that a warning has already explained (a feature the generator does not support):
/// ``DocumentParser/recovering(repair:_:)`` records no error for it.
struct Skipped: Error {}
