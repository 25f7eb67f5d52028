import Foundation

/// Which build of `rasp-generate` is running, for ``RunStamp``: a stamp written by another build never matches, so
/// a generator rebuilt from other sources always generates again.
///
/// On Linux it is the GNU build ID the linker writes into the executable (SwiftPM links with `--build-id`): a hash of
/// the linked bytes, so relinking the same code gives the same ID and any other code another one. It is read from the
/// first few kilobytes of the file. Without one (another object format, or no build ID), it is ``ContentDigest`` of
/// the whole executable, which costs a read of the file (some milliseconds for a debug build).
enum ToolIdentity {
    /// The running executable's identity.
    /// - Returns: `build-id:<hex>` or `digest:<count>:<hex>`, or nil when the executable cannot be read.
    static func current() -> String? {
        guard let handle = FileHandle(forReadingAtPath: executablePath) else { return nil }
        defer { try? handle.close() }
        if let id = buildID(handle) { return "build-id:" + id }
        guard (try? handle.seek(toOffset: 0)) != nil, let bytes = try? handle.readToEnd() else { return nil }
        return "digest:" + ContentDigest.of(bytes)
    }

    /// The running executable's file.
    private static var executablePath: String {
        #if os(Linux)
        "/proc/self/exe"
        #else
        Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
    }

    /// The GNU build ID of a 64-bit little-endian ELF file: the `NT_GNU_BUILD_ID` note of a `PT_NOTE` segment.
    /// - Parameter handle: The open file.
    /// - Returns: The ID in hex, or nil when the file is not such an ELF file or has no build ID.
    private static func buildID(_ handle: FileHandle) -> String? {
        // The ELF header: magic, 64-bit class, little-endian data; where the program headers are.
        guard let header = read(handle, at: 0, count: 64), header.count == 64,
              header.starts(with: [0x7f, 0x45, 0x4c, 0x46, 2, 1]),
              let headersOffset = integer(UInt64.self, in: header, at: 0x20),
              let headerSize = integer(UInt16.self, in: header, at: 0x36),
              let headerCount = integer(UInt16.self, in: header, at: 0x38), headerSize >= 56,
              let headers = read(handle, at: headersOffset, count: Int(headerSize) * Int(headerCount))
        else { return nil }
        for index in 0..<Int(headerCount) {
            let start = index * Int(headerSize)
            guard integer(UInt32.self, in: headers, at: start) == 4,  // PT_NOTE
                  let offset = integer(UInt64.self, in: headers, at: start + 8),
                  let size = integer(UInt64.self, in: headers, at: start + 32), size <= 1 << 16,
                  let notes = read(handle, at: offset, count: Int(size)),
                  let id = buildID(notes: notes)
            else { continue }
            return id
        }
        return nil
    }

    /// The build ID among the notes of one segment: each note is a name size, a description size and a type, then
    /// the name and the description, each padded to 4 bytes.
    /// - Parameter notes: The segment's bytes.
    /// - Returns: The description of the `GNU` note of type 3 (`NT_GNU_BUILD_ID`) in hex, or nil.
    private static func buildID(notes: [UInt8]) -> String? {
        var offset = 0
        while let nameSize = integer(UInt32.self, in: notes, at: offset),
              let descriptionSize = integer(UInt32.self, in: notes, at: offset + 4),
              let type = integer(UInt32.self, in: notes, at: offset + 8) {
            let name = offset + 12
            let description = name + (Int(nameSize) + 3) / 4 * 4
            let end = description + Int(descriptionSize)
            guard end <= notes.count else { return nil }
            if type == 3, notes[name..<description].starts(with: Array("GNU\0".utf8)), descriptionSize > 0 {
                return notes[description..<end].map { byte in
                    (byte < 16 ? "0" : "") + String(byte, radix: 16)
                }.joined()
            }
            offset = description + (Int(descriptionSize) + 3) / 4 * 4
        }
        return nil
    }

    /// Reads bytes at an offset.
    /// - Parameters:
    ///   - handle: The open file.
    ///   - offset: Where to start.
    ///   - count: How many bytes.
    /// - Returns: The bytes (fewer at the end of the file), or nil when the file cannot be read there.
    private static func read(_ handle: FileHandle, at offset: UInt64, count: Int) -> [UInt8]? {
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.read(upToCount: count) else {
            return nil
        }
        return [UInt8](data)
    }

    /// A little-endian integer at an offset.
    /// - Parameters:
    ///   - type: The integer type.
    ///   - bytes: The bytes.
    ///   - offset: Where it starts.
    /// - Returns: The integer, or nil when the bytes end before it does.
    private static func integer<T: FixedWidthInteger>(_ type: T.Type, in bytes: [UInt8], at offset: Int) -> T? {
        guard offset >= 0, offset + MemoryLayout<T>.size <= bytes.count else { return nil }
        return bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }
}
