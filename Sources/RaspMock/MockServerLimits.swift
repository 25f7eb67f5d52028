import HummingbirdCore

extension MockServer {
    /// What the server accepts from clients before it refuses, answering like nginx does: every refusal closes the
    /// connection after its answer.
    ///
    /// | limit | default | answer |
    /// | --- | --- | --- |
    /// | ``maxRequestLineBytes`` | 8 KiB | 414 URI Too Long |
    /// | ``maxHeaderLineBytes`` | 16 KiB | 431 Request Header Fields Too Large |
    /// | ``maxHeaderBytes`` | 64 KiB | 431 Request Header Fields Too Large |
    /// | ``maxHeaderCount`` | 100 | 431 Request Header Fields Too Large |
    /// | ``maxBodyBytes`` | 64 MiB | 413 Content Too Large |
    /// | ``maxConnections`` | 512 | new connections wait in the listen backlog |
    ///
    /// Connections that wait on the client are closed without an answer after ``idleTimeout`` (between requests),
    /// ``headTimeout`` (a request head that has begun), ``bodyTimeout`` (no body bytes) or ``sendTimeout`` (the
    /// client does not take the answer), so idle clients cannot hold the connection slots.
    ///
    /// Heads are checked once NIO's HTTP/1.1 parser has read them. The parser stops earlier, at eight times the
    /// line limits and twice the head limits, which bounds what a connection holds before the checks run; a head
    /// past those is answered 431 without telling which limit it broke.
    public struct Limits: Sendable, Hashable {
        /// The longest request line (`GET /path?query HTTP/1.1`, without its CRLF), in bytes.
        public var maxRequestLineBytes: Int
        /// The longest header line (`Name: value`, without its CRLF and the whitespace around the value), in bytes.
        public var maxHeaderLineBytes: Int
        /// The most bytes of all header lines of a request together (with their CRLFs).
        public var maxHeaderBytes: Int
        /// The most header lines a request may have.
        public var maxHeaderCount: Int
        /// The largest request body, announced by `Content-Length` or sent chunked (refused as soon as it is known).
        public var maxBodyBytes: Int
        /// The most connections open at once. When they are all taken the server stops accepting (new connections
        /// wait in the kernel's listen backlog until one closes) and logs it, at most every 10 seconds.
        public var maxConnections: Int
        /// How long a connection may wait for the first byte of its next request.
        public var idleTimeout: Duration
        /// How long a request head may take to arrive once its first byte has.
        public var headTimeout: Duration
        /// How long a request body may go without a byte arriving.
        public var bodyTimeout: Duration
        /// How long a write may wait for the client to take the bytes.
        public var sendTimeout: Duration

        /// 8 KiB, as nginx's `large_client_header_buffers 4 8k`.
        public static let defaultMaxRequestLineBytes = 8 * 1024
        /// 16 KiB.
        public static let defaultMaxHeaderLineBytes = 16 * 1024
        /// 64 KiB.
        public static let defaultMaxHeaderBytes = 64 * 1024
        /// 100 header lines.
        public static let defaultMaxHeaderCount = 100
        /// 64 MiB: far above the 2 MiB the `/_echo/` route reads, so tests can send bodies over that route's limit.
        public static let defaultMaxBodyBytes = 64 * 1024 * 1024
        /// 512 connections (nginx's default `worker_connections`), well under the usual 1024 open files.
        public static let defaultMaxConnections = 512

        /// Creates limits (every argument defaults to its `default…` constant; the timeouts to 60, 30, 30 and 60 s).
        public init(
            maxRequestLineBytes: Int = Limits.defaultMaxRequestLineBytes,
            maxHeaderLineBytes: Int = Limits.defaultMaxHeaderLineBytes,
            maxHeaderBytes: Int = Limits.defaultMaxHeaderBytes,
            maxHeaderCount: Int = Limits.defaultMaxHeaderCount,
            maxBodyBytes: Int = Limits.defaultMaxBodyBytes,
            maxConnections: Int = Limits.defaultMaxConnections,
            idleTimeout: Duration = .seconds(60),
            headTimeout: Duration = .seconds(30),
            bodyTimeout: Duration = .seconds(30),
            sendTimeout: Duration = .seconds(60)
        ) {
            self.maxRequestLineBytes = max(16, maxRequestLineBytes)
            self.maxHeaderLineBytes = max(16, maxHeaderLineBytes)
            self.maxHeaderBytes = max(16, maxHeaderBytes)
            self.maxHeaderCount = max(1, maxHeaderCount)
            self.maxBodyBytes = max(0, maxBodyBytes)
            self.maxConnections = max(1, maxConnections)
            self.idleTimeout = idleTimeout
            self.headTimeout = headTimeout
            self.bodyTimeout = bodyTimeout
            self.sendTimeout = sendTimeout
        }

        /// The limits of NIO's HTTP/1.1 parser, which reads a whole head before it is checked: a field (the request
        /// target, a header name or value) up to eight times the longest line allowed, a head up to twice the
        /// request line and headers allowed, eight times the header fields allowed.
        var parserLimits: HTTP1Channel.Configuration.DecoderConfiguration {
            // Saturating: a limit may be as large as Int.max.
            func times(_ factor: Int, _ value: Int) -> Int { min(Int.max / factor, value) * factor }
            let head = maxRequestLineBytes.addingReportingOverflow(maxHeaderBytes)
            return .init(maxHeaderFieldSize: times(8, max(maxRequestLineBytes, maxHeaderLineBytes)),
                         maxHeaderListSize: times(2, head.overflow ? Int.max : head.partialValue),
                         maxHeaderFieldCount: times(8, maxHeaderCount))
        }
    }
}
