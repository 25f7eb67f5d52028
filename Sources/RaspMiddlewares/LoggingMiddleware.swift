import HTTPTypes
public import Foundation
import RaspRuntime
public import Logging

/// Logs one line per call on a swift-log `Logger`, with every secret masked.
///
/// - `info`: `search GET https://host/v3.0/search/?from=c213&apikey=<redacted> -> 200, 5120 bytes, 87 ms, 1 attempt`
///   (a non-2xx status logs at `notice`, a thrown error at `warning`, a cancellation at `info`).
/// - `debug`: the request's and the response's header fields, secret values masked.
///
/// URLs, headers and error texts go through ``redactor`` merged with ``/RaspRuntime/Redactor/current`` (which
/// ``/RaspRuntime/ClientCore`` sets to mask the client's own credential). The attempt count comes from an
/// ``/RaspRuntime/AttemptTracker``, so place this outside ``RetryMiddleware`` to see one line per call with its
/// attempts. The same values are attached as logger metadata (`rasp.operation`, `rasp.status`, …).
public struct LoggingMiddleware: ClientMiddleware {
    /// Where lines go.
    public var logger: Logger
    /// Extra secrets to mask, on top of ``/RaspRuntime/Redactor/current``.
    public var redactor: Redactor

    /// Creates the middleware.
    /// - Parameters:
    ///   - logger: The logger.
    ///   - redactor: Extra secrets to mask (default ``/RaspRuntime/Redactor/standard``).
    public init(logger: Logger, redactor: Redactor = .standard) {
        self.logger = logger
        self.redactor = redactor
    }

    public func intercept(
        _ request: ClientRequest,
        baseURL: URL,
        next: @Sendable (ClientRequest, URL) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        let redactor = self.redactor.merging(Redactor.current)
        let url = request.url(relativeTo: baseURL).map(redactor.redact(url:))
            ?? redactor.redact(baseURL.absoluteString + request.path)
        let summary = "\(request.operationID) \(request.method) \(url)"
        var metadata: Logger.Metadata = [
            "rasp.operation": "\(request.operationID)", "rasp.method": "\(request.method)", "rasp.url": "\(url)",
        ]
        if logger.logLevel <= .debug {
            logger.debug("\(summary) request headers: \(Self.render(redactor.redact(headers: request.headers)))",
                         metadata: metadata)
        }
        let tracker = AttemptTracker()
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await AttemptTracker.$current.withValue(tracker) { try await next(request, baseURL) }
            let milliseconds = Self.milliseconds(clock.now - start)
            // A body still arriving is counted by its announced length.
            let bytes = response.body.data?.count ?? response.header("Content-Length").flatMap { Int($0) } ?? 0
            metadata["rasp.status"] = "\(response.status)"
            metadata["rasp.bytes"] = "\(bytes)"
            metadata["rasp.ms"] = "\(milliseconds)"
            metadata["rasp.attempts"] = "\(tracker.attempts)"
            let level: Logger.Level = (200..<400).contains(response.status) ? .info : .notice
            let attempts = Self.attempts(tracker.attempts)
            logger.log(level: level,
                       "\(summary) -> \(response.status), \(bytes) bytes, \(milliseconds) ms, \(attempts)",
                       metadata: metadata)
            if logger.logLevel <= .debug {
                logger.debug("\(summary) response headers: \(Self.render(redactor.redact(headers: response.headers)))",
                             metadata: metadata)
            }
            return response
        } catch {
            let milliseconds = Self.milliseconds(clock.now - start)
            let clientError = error as? ClientError
                ?? ClientError(transportError: error, operationID: request.operationID)
            metadata["rasp.ms"] = "\(milliseconds)"
            metadata["rasp.attempts"] = "\(tracker.attempts)"
            let reason = redactor.redact(clientError.description)
            metadata["rasp.error"] = "\(reason)"
            var level = Logger.Level.warning
            if clientError.kind == .cancelled { level = .info }
            logger.log(level: level,
                       "\(summary) failed: \(reason), \(milliseconds) ms, \(Self.attempts(tracker.attempts))",
                       metadata: metadata)
            throw error
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    private static func attempts(_ count: Int) -> String { count == 1 ? "1 attempt" : "\(count) attempts" }

    private static func render(_ headers: HTTPFields) -> String {
        headers.map { "\($0.name): \($0.value)" }.joined(separator: "; ")
    }
}
