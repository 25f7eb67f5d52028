import ArgumentParser
import AsyncHTTPClient
import Foundation
import RaspAsyncHTTPClient
import RaspRuntime

/// `--http-client` (or `$RASP_HTTP_CLIENT`): which HTTP library sends the requests.
///
/// The default is `nio` on Linux and `urlsession` on Apple systems. On Linux, measured in one run against rasp-mock
/// on loopback (`rasp-bench client`, README), AsyncHTTPClient serves a request in about half the time of
/// FoundationNetworking's URLSession, starts no slower, and streams the 40 MB station directory with a flat memory
/// profile; URLSession there also holds up every request of the process while a streamed upload waits for bytes.
/// On Apple systems URLSession is the system's own stack (proxies, VPNs, cellular policy), with none of these costs.
enum HTTPClientChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case urlsession
    case nio

    /// The choice when neither the option nor the variable is set.
    static var platformDefault: HTTPClientChoice {
        #if os(Linux)
        .nio
        #else
        .urlsession
        #endif
    }

    /// `--http-client`, else `$RASP_HTTP_CLIENT`, else ``platformDefault``.
    /// - Throws: ``CLIError/usage(_:)`` for a variable that names no client.
    static func resolve(option: HTTPClientChoice?, environment: Environment) throws -> HTTPClientChoice {
        if let option { return option }
        guard let variable = environment["RASP_HTTP_CLIENT"] else { return platformDefault }
        guard let choice = HTTPClientChoice(rawValue: variable.lowercased()) else {
            throw CLIError.usage("$RASP_HTTP_CLIENT must be urlsession or nio, got '\(variable)'")
        }
        return choice
    }

    /// A transport of this kind for requests to `serverURL`, with the proxy the environment sets for it (URLSession
    /// reads it itself, through libcurl on Linux).
    func transport(for serverURL: URL, environment: Environment) -> any ClientTransport {
        switch self {
        case .urlsession:
            return URLSessionTransport()
        case .nio:
            let proxy = AsyncHTTPClientTransport.proxy(for: serverURL, environment: environment.variables)
            return AsyncHTTPClientTransport(client: ProcessHTTPClient.client(proxy: proxy), requestsCompression: true)
        }
    }
}

/// The AsyncHTTPClient clients of the process, one per proxy: made on first use and kept for the life of the process
/// (like `HTTPClient.shared`, never shut down; a command makes its requests and exits).
enum ProcessHTTPClient {
    private static let clients = Locked<[HTTPClient.Configuration.Proxy?: HTTPClient]>([:])

    /// The client that goes through `proxy` (nil: direct), configured as the transport recommends.
    static func client(proxy: HTTPClient.Configuration.Proxy?) -> HTTPClient {
        clients.withLock { clients in
            if let client = clients[proxy] { return client }
            let client = HTTPClient(configuration: AsyncHTTPClientTransport.clientConfiguration(proxy: proxy))
            clients[proxy] = client
            return client
        }
    }
}
