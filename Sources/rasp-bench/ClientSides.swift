import AsyncHTTPClient
import EdgeCasesAPI
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import RaspAPI
import RaspAsyncHTTPClient
import RaspRuntime
import RaspURLSession

/// The sides `rasp-bench client` compares, for each case: the generated client on `URLSessionTransport`
/// (`urlsession`) and on `AsyncHTTPClientTransport` (`nio`), and the bare libraries doing the same transfer
/// (`bare_urlsession`, `bare_ahc`), in the order the rounds run them.
struct Sides: Sendable {
    /// One call of a side: a count (bytes, events or nothing) that the case checks.
    typealias Call = @Sendable () async throws -> Int

    let url: URL
    let key: String
    let ahc: HTTPClient

    /// Long transfers need more than the 30 s default.
    private static let timeout: Duration = .seconds(600)

    private var urlSessionTransport: URLSessionTransport { URLSessionTransport(defaultTimeout: Self.timeout) }
    private var nioTransport: AsyncHTTPClientTransport {
        AsyncHTTPClientTransport(client: ahc, defaultTimeout: Self.timeout, requestsCompression: true)
    }

    /// The small answer: `copyright`.
    func small() -> [(String, Call)] {
        api(path: "/v3.0/copyright/", CopyrightResponse.self) { client in _ = try await client.copyright() }
    }

    /// The 40 KB answer: a one-day search Москва → Санкт-Петербург a week from today.
    func search() -> [(String, Call)] {
        let date = LocalDate(Date(), in: TimeZone(identifier: "Europe/Moscow")!).adding(days: 7)
        return api(path: "/v3.0/search/", query: [("from", "c213"), ("to", "c2"), ("date", "\(date)")],
                   SearchResponse.self) { client in
            _ = try await client.search(from: "c213", to: "c2", date: date)
        }
    }

    /// A Rasp API call by each side; the bare ones return the body's size. `nio_transport` is the transport alone,
    /// without the generated client: a `ClientRequest` sent and its body decoded as the bare sides do.
    private func api<T: Decodable & SendableMetatype>(
        path: String, query: [(String, String)] = [], _ type: T.Type,
        _ call: @escaping @Sendable (RaspClient) async throws -> Void
    ) -> [(String, Call)] {
        let urlSession = RaspClient(serverURL: url, authentication: .apiKeyHeader(key), transport: urlSessionTransport)
        let nio = RaspClient(serverURL: url, authentication: .apiKeyHeader(key), transport: nioTransport)
        let transport = nioTransport
        var transportRequest = ClientRequest(method: "GET", path: path, operationID: "bench")
        transportRequest.query = query.map { (name: $0.0, value: $0.1) }
        transportRequest.setHeader("Authorization", key)
        let base = url
        let target = url.absoluteString + path + (query.isEmpty ? "" : "?" + query.map { "\($0.0)=\($0.1)" }
            .joined(separator: "&"))
        var request = URLRequest(url: URL(string: target)!)
        request.setValue(key, forHTTPHeaderField: "Authorization")
        let session = URLSessionTransport.defaultSession
        var ahcRequest = HTTPClientRequest(url: target)
        ahcRequest.headers.add(name: "Authorization", value: key)
        let ahc = self.ahc
        return [
            ("urlsession", {
                try await call(urlSession)
                return 0
            }),
            ("nio", {
                try await call(nio)
                return 0
            }),
            ("nio_transport", { [transportRequest] in
                let body = try await transport.send(transportRequest, baseURL: base).body.data ?? Data()
                _ = try JSONDecoder().decode(T.self, from: body)
                return body.count
            }),
            ("bare_urlsession", { [request] in
                let (data, _) = try await session.data(for: request)
                _ = try JSONDecoder().decode(T.self, from: data)
                return data.count
            }),
            ("bare_ahc", { [ahcRequest] in
                let response = try await ahc.execute(ahcRequest, timeout: .seconds(600))
                let body = try await response.body.collect(upTo: .max)
                _ = try JSONDecoder().decode(T.self, from: body.withUnsafeReadableBytes { Data($0) })
                return body.readableBytes
            }),
        ]
    }

    /// `count` server-sent events: typed through the edge-case client, or only received (bare).
    func events(_ count: Int) -> [(String, Call)] {
        let stream: @Sendable (any ClientTransport) async throws -> Int = { [url] transport in
            var received = 0
            for try await _ in try await Client(serverURL: url, transport: transport).streamEvents(count: count,
                                                                                                  done: ._1) {
                received += 1
            }
            return received
        }
        let (urlSession, nio) = (urlSessionTransport, nioTransport)
        let ahc = self.ahc
        let target = "\(url.absoluteString)/_stream/sse?count=\(count)&done=1"
        return [
            ("urlsession", { try await stream(urlSession) }),
            ("nio", { try await stream(nio) }),
            ("bare_ahc", {
                var bytes = 0
                let response = try await ahc.execute(HTTPClientRequest(url: target), timeout: .seconds(600))
                for try await buffer in response.body {
                    bytes += buffer.readableBytes
                }
                precondition(bytes > 0, "no events")
                return count
            }),
        ]
    }

    /// A download of `size` bytes in 64 KiB chunks: read as the edge-case client's `MessageBody`, or only counted.
    func download(_ size: Int) -> [(String, Call)] {
        let read: @Sendable (any ClientTransport) async throws -> Int = { [url] transport in
            var count = 0
            for try await chunk in try await Client(serverURL: url, transport: transport)
                .downloadStream(size: size, chunk: 1 << 16) {
                count += chunk.count
            }
            return count
        }
        let (urlSession, nio) = (urlSessionTransport, nioTransport)
        let ahc = self.ahc
        let target = "\(url.absoluteString)/_stream/bytes?size=\(size)&chunk=\(1 << 16)"
        return [
            ("urlsession", { try await read(urlSession) }),
            ("nio", { try await read(nio) }),
            ("bare_urlsession", { try await StreamSuite.bareBytes(target) }),
            ("bare_ahc", {
                var count = 0
                let response = try await ahc.execute(HTTPClientRequest(url: target), timeout: .seconds(600))
                for try await buffer in response.body {
                    count += buffer.readableBytes
                }
                return count
            }),
        ]
    }

    /// An upload of `file` to the sink: from the file through the edge-case client, or by the bare libraries
    /// (URLSession through `InputStream(url:)`, its fastest way on Linux; AsyncHTTPClient from 256 KiB reads).
    func upload(_ file: URL) -> [(String, Call)] {
        let send: @Sendable (any ClientTransport) async throws -> Int = { [url] transport in
            try await Client(serverURL: url, transport: transport).uploadFile(body: BinaryFile(contentsOf: file)).size
        }
        let (urlSession, nio) = (urlSessionTransport, nioTransport)
        let ahc = self.ahc
        let target = "\(url.absoluteString)/_sink/upload"
        return [
            ("urlsession", { try await send(urlSession) }),
            ("nio", { try await send(nio) }),
            ("bare_urlsession", { [url] in try await StreamSuite.bareUpload(file, to: url, asStream: true) }),
            ("bare_ahc", {
                var request = HTTPClientRequest(url: target)
                request.method = .PUT
                request.headers.add(name: "Content-Type", value: "application/octet-stream")
                let size = try file.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
                request.body = .stream(FileBuffers(file: file), length: .known(Int64(size)))
                let response = try await ahc.execute(request, timeout: .seconds(600))
                let body = try await response.body.collect(upTo: 1 << 20)
                let data = body.withUnsafeReadableBytes { Data($0) }
                return try JSONDecoder().decode(UploadReceipt.self, from: data).size
            }),
        ]
    }
}

/// A file's bytes as `ByteBuffer`s of 256 KiB, read as AsyncHTTPClient asks for them.
private struct FileBuffers: AsyncSequence, Sendable {
    let file: URL

    func makeAsyncIterator() -> Iterator { Iterator(handle: try? FileHandle(forReadingFrom: file)) }

    struct Iterator: AsyncIteratorProtocol {
        let handle: FileHandle?

        mutating func next() async throws -> ByteBuffer? {
            guard let chunk = try handle?.read(upToCount: 1 << 18), !chunk.isEmpty else { return nil }
            return ByteBuffer(bytes: chunk)
        }
    }
}
