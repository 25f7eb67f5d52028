import ArgumentParser
import Foundation
import RaspRuntime
import RaspURLSession
#if CLIAsyncHTTPClient
import AsyncHTTPClient
import RaspAsyncHTTPClient
#endif

/// `--http-client` (or `$RASP_HTTP_CLIENT`): which HTTP library sends the requests.
///
/// `nio` is there in a build with the package's `CLIAsyncHTTPClient` trait (`swift build --traits CLIAsyncHTTPClient`),
/// which is off by default so that a first `swift run rasp` builds no SwiftNIO (about 100 s of a two-core machine). In
/// such a build the default is `nio` on Linux and `urlsession` on Apple systems; else `urlsession`. On Linux, measured
/// in one run against rasp-mock on loopback (`rasp-bench client`, README), AsyncHTTPClient serves a request in about
/// half the time of FoundationNetworking's URLSession, starts no slower, and streams the 40 MB station directory with a
/// flat memory profile; URLSession there also holds up every request of the process while a streamed upload waits for
/// bytes. On Apple systems URLSession is the system's own stack (proxies, VPNs, cellular policy), with none of these
/// costs.
enum HTTPClientChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case urlsession
    case nio

    /// The choice when neither the option nor the variable is set.
    static var platformDefault: HTTPClientChoice {
        #if os(Linux) && CLIAsyncHTTPClient
        .nio
        #else
        .urlsession
        #endif
    }

    /// Whether this build can send requests with AsyncHTTPClient.
    static var hasAsyncHTTPClient: Bool {
        #if CLIAsyncHTTPClient
        true
        #else
        false
        #endif
    }

    /// `--http-client`, else `$RASP_HTTP_CLIENT`, else ``platformDefault``.
    /// - Throws: ``CLIError/usage(_:)`` for a variable that names no client.
    static func resolve(option: HTTPClientChoice?, environment: Environment) throws -> HTTPClientChoice {
        var choice = option
        if choice == nil, let variable = environment["RASP_HTTP_CLIENT"] {
            guard let named = HTTPClientChoice(rawValue: variable.lowercased()) else {
                throw CLIError.usage("$RASP_HTTP_CLIENT must be urlsession or nio, got '\(variable)'")
            }
            choice = named
        }
        if choice == .nio && !hasAsyncHTTPClient {
            throw CLIError.usage("this rasp was built without AsyncHTTPClient: use urlsession, or build it with "
                                 + "`swift build --traits CLIAsyncHTTPClient`")
        }
        return choice ?? platformDefault
    }

    /// A transport of this kind for requests to `serverURL`, with the proxy the environment sets for it (URLSession
    /// reads it itself, through libcurl on Linux).
    func transport(for serverURL: URL, environment: Environment) -> any ClientTransport {
        #if CLIAsyncHTTPClient
        if self == .nio {
            let proxy = AsyncHTTPClientTransport.proxy(for: serverURL, environment: environment.variables)
            return AsyncHTTPClientTransport(client: ProcessHTTPClient.client(proxy: proxy), requestsCompression: true)
        }
        #endif
        return URLSessionTransport()
    }
}

#if CLIAsyncHTTPClient

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
#endif
