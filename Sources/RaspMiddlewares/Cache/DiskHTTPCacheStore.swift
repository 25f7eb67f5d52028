public import Foundation
import RaspRuntime

/// Keeps ``HTTPCacheRecord``s in files of one folder, at most ``maxBytes`` of them, safe for several processes that
/// share the folder.
///
/// Each record is one file named after a checksum of its key: a first line with the format, the checksum and the
/// length of the rest, then the record's metadata as one line of JSON and its bodies. Files are replaced atomically
/// (written beside, then renamed), so a reader in another process sees the old record or the new one, never a part.
/// A file that fails a check (cut, grown, flipped bits, not a record, another key) is removed and reported as
/// ``Event/discarded(file:reason:)``, and the answer is fetched again. After each write the least recently used
/// files are removed until the folder holds at most ``maxBytes`` (a read marks a file used).
public struct DiskHTTPCacheStore: HTTPCacheStore {
    /// What the store reports through its `onEvent`: things it repaired or worked around.
    public enum Event: Sendable, Hashable, CustomStringConvertible {
        /// A damaged file was removed.
        case discarded(file: String, reason: String)
        /// A record could not be written (a full disk, a read-only folder); the answer is not kept.
        case notWritten(path: String, reason: String)

        /// One line for a log.
        public var description: String {
            switch self {
            case .discarded(let file, let reason): "removed the damaged cache file \(file) (\(reason))"
            case .notWritten(let path, let reason): "could not keep an answer in \(path) (\(reason))"
            }
        }
    }

    /// What the folder holds.
    public struct Summary: Sendable, Hashable {
        /// How many records.
        public var entries: Int
        /// Their size on disk, in bytes.
        public var bytes: Int
    }

    /// The folder.
    public let folder: URL
    /// The most bytes the folder's records may take.
    public let maxBytes: Int
    private let onEvent: (@Sendable (Event) -> Void)?

    /// The first bytes of every record file: the format and its version.
    static let magic = "rasp-http-cache 1"
    static let fileExtension = "httpcache"

    /// Creates a store.
    /// - Parameters:
    ///   - folder: The folder (created on first write).
    ///   - maxBytes: The most bytes its records may take (default 32 MB).
    ///   - onEvent: Told when a damaged file is removed or a record cannot be written.
    public init(folder: URL, maxBytes: Int = 32 << 20, onEvent: (@Sendable (Event) -> Void)? = nil) {
        self.folder = folder
        self.maxBytes = maxBytes
        self.onEvent = onEvent
    }

    public func record(for key: String) async -> HTTPCacheRecord? {
        let file = self.file(for: key)
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        do {
            let record = try Self.decode(data)
            guard record.key == key else { throw DamagedFile("it holds another key") }
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
            return record
        } catch {
            try? FileManager.default.removeItem(at: file)
            onEvent?(.discarded(file: file.lastPathComponent, reason: "\(error)"))
            return nil
        }
    }

    public func save(_ record: HTTPCacheRecord) async {
        do {
            try AtomicFile.write(try Self.encode(record), to: file(for: record.key))
        } catch {
            onEvent?(.notWritten(path: folder.path, reason: FileStorageError.cause(of: error)))
            return
        }
        trim()
    }

    public func remove(_ key: String) async {
        try? FileManager.default.removeItem(at: file(for: key))
    }

    /// How many records the folder holds and their size.
    public func summary() -> Summary {
        let files = recordFiles()
        return Summary(entries: files.count, bytes: files.reduce(0) { $0 + $1.size })
    }

    /// How many record files fail their checks (read in full; removes nothing).
    public func damagedCount() -> Int {
        recordFiles().filter { file in
            guard let data = FileManager.default.contents(atPath: file.url.path) else { return false }
            return (try? Self.decode(data)) == nil
        }.count
    }

    /// Removes every record.
    public func removeAll() {
        for file in recordFiles() { try? FileManager.default.removeItem(at: file.url) }
    }

    // MARK: Files

    private func file(for key: String) -> URL {
        var checksum = Checksum64()
        checksum.update(Data(key.utf8))
        let name = checksum.text.dropFirst(Checksum64.prefix.count)
        return folder.appendingPathComponent("\(name).\(Self.fileExtension)")
    }

    private func recordFiles() -> [(url: URL, size: Int, used: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let urls = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys)) ?? []
        return urls.filter { $0.pathExtension == Self.fileExtension }.map { url in
            let values = try? url.resourceValues(forKeys: Set(keys))
            return (url, values?.fileSize ?? 0, values?.contentModificationDate ?? .distantPast)
        }
    }

    /// Removes the least recently used files until the records fit in ``maxBytes``.
    private func trim() {
        let files = recordFiles()
        var total = files.reduce(0) { $0 + $1.size }
        guard total > maxBytes else { return }
        for file in files.sorted(by: { $0.used < $1.used }) where total > maxBytes {
            try? FileManager.default.removeItem(at: file.url)
            total -= file.size
        }
    }

    // MARK: Format

    private struct DamagedFile: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// A record's metadata: everything but the bodies, which follow it in the file in order.
    private struct Metadata: Codable {
        var key: String
        var responses: [Response]

        struct Response: Codable {
            var status: Int
            var headers: [HTTPCachedResponse.Field]
            var bodyLength: Int
            var requestTime: Date
            var responseTime: Date
            var varyValues: [String: String?]
        }
    }

    static func encode(_ record: HTTPCacheRecord) throws -> Data {
        let metadata = Metadata(key: record.key, responses: record.responses.map { response in
            Metadata.Response(status: response.status, headers: response.headers, bodyLength: response.body.count,
                              requestTime: response.requestTime, responseTime: response.responseTime,
                              varyValues: response.varyValues)
        })
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        var payload = try encoder.encode(metadata)
        payload.append(UInt8(ascii: "\n"))
        for response in record.responses { payload.append(response.body) }
        var checksum = Checksum64()
        checksum.update(payload)
        var data = Data("\(magic) \(checksum.text) \(payload.count)\n".utf8)
        data.append(payload)
        return data
    }

    static func decode(_ data: Data) throws -> HTTPCacheRecord {
        guard let headEnd = data.firstIndex(of: UInt8(ascii: "\n")),
              let head = String(data: data[data.startIndex..<headEnd], encoding: .utf8) else {
            throw DamagedFile("no header line")
        }
        let fields = head.split(separator: " ")
        guard fields.count == 4, "\(fields[0]) \(fields[1])" == magic, let length = Int(fields[3]) else {
            throw DamagedFile("not a cache record")
        }
        let payload = data[(headEnd + 1)...]
        guard payload.count == length else { throw DamagedFile("\(payload.count) bytes where \(length) were kept") }
        var checksum = Checksum64()
        checksum.update(Data(payload))
        guard checksum.text == fields[2] else { throw DamagedFile("its checksum does not match") }
        guard let metadataEnd = payload.firstIndex(of: UInt8(ascii: "\n")) else { throw DamagedFile("no metadata") }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let metadata = try decoder.decode(Metadata.self, from: Data(payload[payload.startIndex..<metadataEnd]))
        var offset = metadataEnd + 1
        var responses: [HTTPCachedResponse] = []
        for response in metadata.responses {
            guard response.bodyLength >= 0, offset + response.bodyLength <= payload.endIndex else {
                throw DamagedFile("a body runs past the end")
            }
            let body = Data(payload[offset..<(offset + response.bodyLength)])
            offset += response.bodyLength
            responses.append(HTTPCachedResponse(status: response.status, headers: response.headers, body: body,
                                                requestTime: response.requestTime,
                                                responseTime: response.responseTime,
                                                varyValues: response.varyValues))
        }
        return HTTPCacheRecord(key: metadata.key, responses: responses)
    }
}
