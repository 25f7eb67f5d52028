import AsyncHTTPClient
import Foundation
import RaspAsyncHTTPClient
import Testing

/// The AsyncHTTPClient settings the transport recommends, and the proxy it reads from the environment as curl (and
/// so URLSession on Linux) does.
struct ClientConfigurationTests {
    static let api = URL(string: "https://api.rasp.yandex.net/v3.0/")!
    static let plain = URL(string: "http://api.rasp.yandex.net/v3.0/")!

    @Test func theProxyOfTheURLsScheme() {
        let environment = ["https_proxy": "http://proxy.local:3128", "http_proxy": "plain.local:8080"]
        #expect(AsyncHTTPClientTransport.proxy(for: Self.api, environment: environment)
                == .server(host: "proxy.local", port: 3128))
        #expect(AsyncHTTPClientTransport.proxy(for: Self.plain, environment: environment)
                == .server(host: "plain.local", port: 8080))
        #expect(AsyncHTTPClientTransport.proxy(for: Self.api, environment: ["HTTPS_PROXY": "p:1"])
                == .server(host: "p", port: 1))
        // As curl: only the lower-case http_proxy (a CGI server sets HTTP_PROXY from a request header).
        #expect(AsyncHTTPClientTransport.proxy(for: Self.plain, environment: ["HTTP_PROXY": "p:1"]) == nil)
        #expect(AsyncHTTPClientTransport.proxy(for: Self.plain, environment: ["ALL_PROXY": "p:1"])
                == .server(host: "p", port: 1))
        #expect(AsyncHTTPClientTransport.proxy(for: Self.api, environment: ["https_proxy": "proxy.local"])
                == .server(host: "proxy.local", port: 1080))
        #expect(AsyncHTTPClientTransport.proxy(for: Self.api, environment: ["https_proxy": "socks5h://s.local:9050"])
                == .socksServer(host: "s.local", port: 9050))
        #expect(AsyncHTTPClientTransport.proxy(for: Self.api, environment: [:]) == nil)
    }

    @Test func noProxyAndLoopbackGoDirect() {
        let proxy = "http://proxy.local:3128"
        for exceptions in ["*", "api.rasp.yandex.net", "yandex.net", ".yandex.net", "other.org, rasp.yandex.net:443"] {
            #expect(AsyncHTTPClientTransport.proxy(for: Self.api, environment: ["https_proxy": proxy,
                                                                               "no_proxy": exceptions]) == nil,
                    "\(exceptions)")
        }
        #expect(AsyncHTTPClientTransport.proxy(for: Self.api, environment: ["https_proxy": proxy,
                                                                           "NO_PROXY": "ex.net"]) != nil)
        for local in ["http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080"] {
            #expect(AsyncHTTPClientTransport.proxy(for: URL(string: local)!, environment: ["http_proxy": proxy]) == nil)
        }
    }

    @Test func aProxyUserGoesAsBasicAuthorization() throws {
        let proxy = try #require(AsyncHTTPClientTransport.proxy(
            for: Self.api, environment: ["https_proxy": "http://ann:s%40cret@proxy.local:3128"]))
        #expect(proxy.host == "proxy.local" && proxy.port == 3128)
        #expect(proxy.authorization == .basic(username: "ann", password: "s@cret"))
    }

    @Test func theRecommendedConfiguration() {
        let configuration = AsyncHTTPClientTransport.clientConfiguration()
        #expect(configuration.connectionPool.retryConnectionEstablishment == false)
        #expect(configuration.timeout.connect == .seconds(30))
        #expect(configuration.timeout.read == nil)
        guard case .enabled = configuration.decompression else {
            Issue.record("answers should be decompressed")
            return
        }
    }
}
