extension SwiftRenderer {
    /// The static functions of `extension Authentication` that make a credential for one security scheme, each
    /// naming the scheme so the client sends it where the operations' `security` asks for it.
    func renderCredentials(_ scheme: SecuritySchemeDecl, _ w: inout CodeWriter) {
        let lead = scheme.doc.map { [$0.trimmed, ""] } ?? []
        // In a namespace the functions start with its name: two documents of one module may name a scheme alike.
        let name = namespace.map { Naming.memberName($0 + " " + Naming.bare(scheme.name)) } ?? scheme.name
        let wire = Naming.literal(scheme.schemeName)
        switch scheme.kind {
        case .apiKey(let location, let parameter):
            w.doc(lead + ["- Parameter key: The credential, sent as is."])
            w.line(access, "static func ", name, "(_ key: String) -> Authentication { .apiKey(key, in: .", location,
                   "(", Naming.literal(parameter), "), scheme: ", wire, ") }")
        case .bearer:
            w.doc(lead + ["- Parameter key: The credential, sent as is."])
            w.line(access, "static func ", name, "(_ key: String) -> Authentication { .bearer(key, scheme: ", wire,
                   ") }")
            renderTokenProvider(name, wire, lead: lead, call: "bearer(tokens: tokens", &w)
        case .basic:
            w.doc(lead + ["- Parameters:", "  - username: The user name.", "  - password: The password."])
            w.line(access, "static func ", name, "(username: String, password: String) -> Authentication { ",
                   ".basic(username: username, password: password, scheme: ", wire, ") }")
        case .http(let authScheme):
            let what = authScheme.map { "`\($0.capitalizedFirst) <credentials>`" } ?? "its scheme and credentials"
            w.doc(lead + ["- Parameter credentials: The whole `Authorization` value, \(what)."])
            w.line(access, "static func ", name, "(_ credentials: String) -> Authentication { ",
                   ".apiKey(credentials, in: .header(\"Authorization\"), scheme: ", wire, ") }")
        case .oauth2(let clientCredentials, let refresh, let metadata, let device):
            var flows: [String] = []
            if let metadata {
                flows.append("Authorization server metadata (RFC 8414): `\(metadata)` "
                             + "(`OpenIDConfiguration.load(from:)` reads its token endpoint).")
            }
            if let device {
                flows.append("The device authorization flow (RFC 8628): the app asks `\(device)` for a user code, "
                             + "polls the token endpoint and hands the tokens over here"
                             + (refresh == nil ? "." : " (or their refresh token to "
                                 + "`\(name)(refreshToken:clientID:)`)."))
            }
            renderTokenProvider(name, wire, lead: lead + flows + (flows.isEmpty ? [] : [""]), &w)
            if let url = clientCredentials {
                w.doc([
                    "The client credentials flow: tokens from `\(url)`, cached and refreshed by an `OAuth2Tokens`.",
                    "- Parameters:", "  - clientID: The client ID.", "  - clientSecret: The client secret.",
                    "  - scopes: The scopes to ask for.", "  - tokenURL: The token endpoint.",
                ])
                w.line(access, "static func ", name, "(clientID: String, clientSecret: String, scopes: [String] = [], ",
                       "tokenURL: URL = ", urlLiteral(url), ") -> Authentication {")
                w.line("    .oauth2(OAuth2Tokens(tokenURL: tokenURL, clientID: clientID, clientSecret: clientSecret, ",
                       "scopes: scopes), scheme: ", wire, ")")
                w.line("}")
            }
            if let url = refresh {
                w.doc([
                    "A user's tokens, refreshed at `\(url)` from the refresh token the app's own authorization flow "
                        + "obtained, by an `OAuth2Tokens`.",
                    "- Parameters:", "  - refreshToken: The refresh token.", "  - clientID: The client ID.",
                    "  - clientSecret: The client secret (nil for a public client).",
                    "  - tokenURL: The token endpoint.",
                ])
                w.line(access, "static func ", name, "(refreshToken: String, clientID: String, ",
                       "clientSecret: String? = nil, tokenURL: URL = ", urlLiteral(url), ") -> Authentication {")
                w.line("    .oauth2(OAuth2Tokens(tokenURL: tokenURL, clientID: clientID, clientSecret: clientSecret, ",
                       "grant: .refreshToken(refreshToken)), scheme: ", wire, ")")
                w.line("}")
            }
        case .openIDConnect(let discovery):
            let where_ = discovery.map {
                ["OpenID Connect discovery: `\($0)` (`OpenIDConfiguration.load(from:)` reads its token endpoint)."]
            } ?? []
            renderTokenProvider(name, wire, lead: lead + where_ + (where_.isEmpty ? [] : [""]), &w)
        }
    }

    /// The function that takes a token provider (`OAuth2Tokens`, or the app's own: authorization code with PKCE, a
    /// token from an identity SDK).
    private func renderTokenProvider(_ name: String, _ wire: String, lead: [String], call: String = "oauth2(tokens",
                                     _ w: inout CodeWriter) {
        w.doc(lead + ["- Parameter tokens: Hands out access tokens: an `OAuth2Tokens`, or the app's own "
                      + "`AccessTokenProvider`."])
        w.line(access, "static func ", name, "(_ tokens: any AccessTokenProvider) -> Authentication { .", call,
               ", scheme: ", wire, ") }")
    }

    /// A `URL` expression for a token URL: absolute as is, a path resolved against the first server.
    private func urlLiteral(_ url: String) -> String {
        if url.hasPrefix("/"), let server = api.servers.first {
            let base = qualified("Servers") + "." + server.name
            return "URL(string: \(Naming.literal(url)), relativeTo: \(base))!.absoluteURL"
        }
        return "URL(string: \(Naming.literal(url)))!"
    }
}

extension String {
    /// The text with its first character upper-cased (`digest` → `Digest`).
    var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
