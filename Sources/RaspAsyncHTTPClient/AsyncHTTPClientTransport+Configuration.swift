public import AsyncHTTPClient
public import Foundation
import NIOCore
public import NIOSSL

extension AsyncHTTPClientTransport {
    /// A client configuration under which AsyncHTTPClient connects, follows and fails as
    /// ``/RaspURLSession/URLSessionTransport`` does:
    ///
    /// - a connection that is refused fails the request at once (`.noConnection`) instead of being retried until the
    ///   connect timeout (AsyncHTTPClient's default);
    /// - redirects are followed up to 10 times, cycles refused, and a `POST` answered 301, 302 or 303 goes on as a
    ///   `GET` without its body, as browsers and URLSession do;
    /// - gzip and deflate answers are decompressed, with no ratio limit (URLSession has none, and a large JSON
    ///   document compresses well beyond AsyncHTTPClient's default limit); the transport asks for them when made by
    ///   ``withTransport(configuration:defaultTimeout:isolation:_:)`` or with ``requestsCompression`` set;
    /// - no read timeout: the transport's own deadlines (``defaultTimeout``, ``/RaspRuntime/ClientRequest/timeout``)
    ///   bound every exchange.
    ///
    /// ```swift
    /// var tls = TLSConfiguration.makeClientConfiguration()
    /// tls.trustRoots = .file("/etc/company/ca.pem")
    /// let configuration = AsyncHTTPClientTransport.clientConfiguration(
    ///     tls: tls, proxy: AsyncHTTPClientTransport.proxy(for: serverURL))
    /// ```
    /// - Parameters:
    ///   - connectTimeout: The longest a connection may take to open (default 30 s, the default request timeout).
    ///   - redirects: Which redirects to follow (default: up to 10, no cycles; `.disallow` returns the 3xx).
    ///   - tls: The TLS settings (trust roots, certificates, minimum version); nil for the system's trust roots
    ///     with full verification.
    ///   - proxy: The proxy to go through, if any (``proxy(for:environment:)`` reads the one curl would use).
    /// - Returns: The configuration, to adjust further or to give to `HTTPClient`.
    public static func clientConfiguration(
        connectTimeout: Duration = .seconds(30),
        redirects: HTTPClient.Configuration.RedirectConfiguration = .follow(max: 10, allowCycles: false),
        tls: TLSConfiguration? = nil,
        proxy: HTTPClient.Configuration.Proxy? = nil
    ) -> HTTPClient.Configuration {
        var pool = HTTPClient.Configuration.ConnectionPool()
        pool.retryConnectionEstablishment = false
        return HTTPClient.Configuration(
            tlsConfiguration: tls,
            redirectConfiguration: redirects,
            timeout: HTTPClient.Configuration.Timeout(connect: TimeAmount(connectTimeout)),
            connectionPool: pool,
            proxy: proxy,
            decompression: .enabled(limit: .none)
        )
    }

    /// The proxy curl (and so URLSession on Linux) would use for `url`, from the environment: `https_proxy` (or
    /// `HTTPS_PROXY`) for an https URL, `http_proxy` for an http one (lower case only, as curl reads it), else
    /// `all_proxy` (or `ALL_PROXY`); none for a host that `no_proxy` (or `NO_PROXY`) lists (`*`, a name, or a domain
    /// and its subdomains) nor for a loopback host.
    ///
    /// A proxy URL may carry a user and password (sent as basic authorization, never logged); `socks5://` and
    /// `socks5h://` proxies are SOCKS servers; a proxy without a port is on port 1080, as curl assumes.
    /// - Parameters:
    ///   - url: The server the requests go to.
    ///   - environment: The variables to read (default: the process's).
    /// - Returns: The proxy, or nil for a direct connection.
    public static func proxy(for url: URL, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> HTTPClient.Configuration.Proxy?
    {
        func variable(_ names: String...) -> String? {
            names.lazy.compactMap { environment[$0]?.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
        }
        guard let host = url.host?.lowercased(), let scheme = url.scheme?.lowercased() else { return nil }
        if ["localhost", "::1", "[::1]"].contains(host) || host.hasPrefix("127.") { return nil }
        if let exceptions = variable("no_proxy", "NO_PROXY") {
            for entry in exceptions.split(separator: ",") {
                var name = entry.trimmingCharacters(in: .whitespaces).lowercased()
                if name == "*" { return nil }
                if name.hasPrefix(".") { name.removeFirst() }
                if let colon = name.lastIndex(of: ":"), !name.contains("]") { name = String(name[..<colon]) }
                if !name.isEmpty, host == name || host.hasSuffix("." + name) { return nil }
            }
        }
        let value = scheme == "https" ? variable("https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY")
            : variable("http_proxy", "all_proxy", "ALL_PROXY")
        guard let value else { return nil }
        let components = URLComponents(string: value.contains("://") ? value : "http://" + value)
        guard let components, let proxyHost = components.host, !proxyHost.isEmpty else { return nil }
        let port = components.port ?? 1080
        if components.scheme?.lowercased().hasPrefix("socks") == true {
            return .socksServer(host: proxyHost, port: port)
        }
        if let user = components.user {
            let password = components.password ?? ""
            return .server(host: proxyHost, port: port, authorization: .basic(username: user, password: password))
        }
        return .server(host: proxyHost, port: port)
    }
}
