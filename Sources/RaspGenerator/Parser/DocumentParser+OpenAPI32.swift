/// What OpenAPI 3.2 adds to the objects around operations: tags that nest (`parent`, `kind`, `summary`) and the
/// OAuth 2 additions (`oauth2MetadataUrl` and the device authorization flow), read into the document model.
extension DocumentParser {
    /// The OAuth flow fields, by the flow's kind, and the URLs each requires.
    static let flowKinds = OAuthFlow.Kind.allCases.map(\.rawValue)

    /// Top-level `tags`. They only document operations, so one that cannot be read is left out without an error
    /// (documents from before 3.2 were never checked here). A `parent` that names no tag, or a chain of parents that
    /// comes back to a tag, is a warning at the `parent`.
    func parseTags() -> [Tag] {
        var tags: [Tag] = []
        var parentMarks: [String: Mark] = [:]
        for item in root["tags"]?.sequence?.items ?? [] {
            guard let map = item.mapping, let name = map["name"]?.scalar?.value else { continue }
            let text = { (key: String) in map[key]?.scalar?.value }
            tags.append(Tag(name: name, summary: text("summary"), description: text("description"),
                            parent: text("parent"), kind: text("kind")))
            if let mark = map["parent"]?.mark { parentMarks[name] = mark }
        }
        let parents = Dictionary(tags.map { ($0.name, $0.parent) }, uniquingKeysWith: { first, _ in first })
        for tag in tags {
            guard let parent = tag.parent else { continue }
            guard parents[parent] != nil else {
                warn("tag '\(tag.name)' has parent '\(parent)', which is no tag of the document",
                     at: parentMarks[tag.name])
                continue
            }
            var seen: Set<String> = [tag.name]
            var current: String? = parent
            while let name = current {
                guard seen.insert(name).inserted else {
                    warn("the parents of tag '\(tag.name)' lead back to it", at: parentMarks[tag.name])
                    break
                }
                current = parents[name] ?? nil
            }
        }
        return tags
    }

    /// An OAuth 2 scheme's `flows`, each of the kinds ``flowKinds`` names; another key is an error at it.
    func parseFlows(_ scheme: YAMLMapping) throws -> [OAuthFlow] {
        guard let flows = try Self.optionalMapping(scheme, "flows") else { return [] }
        return try flows.entries.compactMap { entry in
            if entry.key.hasPrefix("x-") { return nil }
            guard let kind = OAuthFlow.Kind(rawValue: entry.key) else {
                let message = "unknown OAuth flow '\(entry.key)'; expected \(Self.flowKinds.joined(separator: ", "))"
                throw Diagnostic(.error, message, at: entry.keyMark)
            }
            let map = try Self.mapping(entry.value, "an OAuth flow")
            let scopes = try Self.optionalMapping(map, "scopes")?.entries.map(\.key) ?? []
            return OAuthFlow(kind: kind, authorizationURL: try Self.optionalString(map, "authorizationUrl"),
                             deviceAuthorizationURL: try Self.optionalString(map, "deviceAuthorizationUrl"),
                             tokenURL: try Self.optionalString(map, "tokenUrl"),
                             refreshURL: try Self.optionalString(map, "refreshUrl"), scopes: scopes)
        }
    }
}
