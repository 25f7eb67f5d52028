import Foundation

/// What a successful run read and wrote, kept in the `--stamp` file so that the next run of the same command can
/// tell that it has nothing to do.
///
/// SwiftPM runs a build plugin's command again whenever it relinks the plugin's tool, and it relinks the tool each
/// time it plans the build anew: on the first rebuild in a clean folder, when a Swift file is added or removed, when
/// `swift build` and `swift test` take turns. The tool it relinks has the same bytes, and none of the command's
/// inputs changed. With a stamp that still matches, such a run skips parsing and writes nothing.
///
/// A stamp matches only when all of these hold:
/// - the tool is the same (its GNU build ID, or a digest of its bytes where it has none);
/// - the working folder and the arguments are the same;
/// - every file the run read (the config, the document, every file its `$ref`s name) has the same contents, and
///   every file it looked for and did not find is still missing;
/// - every file it wrote still holds what it wrote.
///
/// Contents are compared by digest, not by modification time, so a touched file or one restored with an older
/// time still compares correctly.
struct RunStamp: Codable, Equatable {
    /// The stamp's format: a stamp of another format never matches.
    static let currentFormat = 1

    /// One file and what it held.
    struct File: Codable, Equatable {
        /// Its path (an input) or its name in the output folder (an output).
        var path: String
        /// ``ContentDigest`` of its bytes, or nil when it did not exist.
        var digest: String?
    }

    /// ``currentFormat`` when the stamp was written.
    var format = Self.currentFormat
    /// ``ToolIdentity`` of the run's executable.
    var tool: String
    /// The working folder, against which relative paths were read.
    var directory: String
    /// The arguments, without the executable's path.
    var arguments: [String]
    /// Every file the run read or looked for, in the order it did.
    var inputs: [File]
    /// Every file the run wrote into its output folder.
    var outputs: [File]
    /// What the run printed to standard error (its warnings), printed again by a run it lets skip.
    var messages: [String]
    /// How many warnings the run had.
    var warnings: Int
    /// How many of them were repairs.
    var repairs: Int

    /// The stamp at a path, when it describes the run about to be made and nothing it read or wrote has changed.
    /// - Parameters:
    ///   - path: The stamp file.
    ///   - tool: ``ToolIdentity/current()`` of this run.
    ///   - arguments: This run's arguments, without the executable's path.
    ///   - output: This run's output folder.
    /// - Returns: The stamp, or nil when there is none, it cannot be read, or anything differs.
    static func matching(at path: String, tool: String, arguments: [String], output: String) -> RunStamp? {
        guard let data = FileManager.default.contents(atPath: path),
              let stamp = try? JSONDecoder().decode(RunStamp.self, from: data),
              stamp.format == currentFormat, stamp.tool == tool, stamp.arguments == arguments,
              stamp.directory == FileManager.default.currentDirectoryPath
        else { return nil }
        for input in stamp.inputs where ContentDigest.file(atPath: input.path) != input.digest { return nil }
        for file in stamp.outputs {
            let path = (output as NSString).appendingPathComponent(file.path)
            if file.digest == nil || ContentDigest.file(atPath: path) != file.digest { return nil }
        }
        return stamp
    }

    /// Writes the stamp atomically, creating its folder if needed.
    /// - Parameter path: The stamp file.
    /// - Throws: When the file cannot be written.
    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try OutputWriter.replace(path, with: encoder.encode(self))
    }
}

/// The files a run reads through its ``DocumentSource``, each with the digest of the bytes it got.
///
/// The digest is taken from the very bytes the run used, so a file changed during the run does not match the
/// stamp afterwards.
final class InputLog: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [RunStamp.File] = []

    /// Records a file the first time it is read.
    /// - Parameters:
    ///   - path: The path as the run used it.
    ///   - bytes: What it held, or nil when it could not be read.
    func record(_ path: String, _ bytes: [UInt8]?) {
        let digest = bytes.map(ContentDigest.of)
        // lock()/unlock() rather than withLock, which Foundation has only from macOS 14.
        lock.lock()
        defer { lock.unlock() }
        if !files.contains(where: { $0.path == path }) { files.append(RunStamp.File(path: path, digest: digest)) }
    }

    /// The files recorded so far, in the order they were first read.
    var recorded: [RunStamp.File] {
        lock.lock()
        defer { lock.unlock() }
        return files
    }
}

/// A 64-bit digest of a file's bytes with their count, written `count:hex`. Not cryptographic: it tells an edited
/// file from the one a stamp recorded (two contents that differ in one 8-byte word never share a digest), fast
/// enough in a debug build (about 1 GB/s) for the milliseconds a skipped run takes.
enum ContentDigest {
    /// The digest of some bytes.
    /// - Parameter bytes: The bytes.
    /// - Returns: `count:hex`.
    static func of<Bytes: ContiguousBytes>(_ bytes: Bytes) -> String {
        bytes.withUnsafeBytes { raw in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(raw.count)
            let words = raw.count / 8
            // Each step is a bijection of the state for a given word: one changed word always changes the result.
            for index in 0..<words {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* 0x9e37_79b9_7f4a_7c15
                hash ^= hash >> 32
            }
            for index in words * 8..<raw.count {
                hash = (hash ^ UInt64(raw[index])) &* 0x9e37_79b9_7f4a_7c15
                hash ^= hash >> 32
            }
            return "\(raw.count):" + String(hash, radix: 16)
        }
    }

    /// The digest of a file's bytes.
    /// - Parameter path: The file.
    /// - Returns: Its digest, or nil when it cannot be read (it does not exist, or it is a folder).
    static func file(atPath path: String) -> String? {
        FileManager.default.contents(atPath: path).map { of($0) }
    }
}
