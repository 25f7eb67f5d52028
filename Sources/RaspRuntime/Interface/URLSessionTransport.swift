public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The default transport, on `URLSession` (FoundationNetworking on Linux).
public struct URLSessionTransport: ClientTransport {
    /// The session requests go through.
    public let session: URLSession
    /// The timeout for requests that do not set their own.
    public var defaultTimeout: Duration

    /// Creates a transport.
    /// - Parameters:
    ///   - session: The session (default: `URLSession.shared`).
    ///   - defaultTimeout: Used when a request has no ``ClientRequest/timeout`` (default 30 s).
    public init(session: URLSession = .shared, defaultTimeout: Duration = .seconds(30)) {
        self.session = session
        self.defaultTimeout = defaultTimeout
    }

    public func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
        guard let url = request.url(relativeTo: baseURL) else {
            throw ClientError.invalidRequest(operationID: request.operationID, reason: "cannot build a URL from \(baseURL)")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        let timeout = request.timeout ?? defaultTimeout
        urlRequest.timeoutInterval = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        for header in request.headers {
            urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        urlRequest.httpBody = request.body
        do {
            let (data, response) = try await session.data(for: urlRequest)
            guard let http = response as? HTTPURLResponse else {
                throw ClientError.noConnection(operationID: request.operationID, reason: "not an HTTP response")
            }
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String, let value = value as? String { headers[key] = value }
            }
            return ClientResponse(status: http.statusCode, headers: headers, body: data)
        } catch let error as ClientError {
            throw error
        } catch {
            throw ClientError(transportError: error, operationID: request.operationID)
        }
    }
}
