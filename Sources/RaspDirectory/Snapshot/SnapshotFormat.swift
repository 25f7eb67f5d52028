/// The directory snapshot file: a header, then the directory's arrays as raw little-endian sections.
///
/// ```
/// header   magic "RASPDIR\0" · version u32 · reserved u32 · payload length u64 · payload checksum u64
/// payload  sections, each: element count u64 · element size u32 · section number u32 · bytes · zero padding to 8
/// ```
///
/// Sections come in a fixed order (see `DirectoryStorage+Snapshot.swift`); the reader checks each one's number
/// and element size, the checksum catches damaged bytes, and the structure is validated before use, so a bad
/// file gives a clear error, never a crash. Bump ``version`` whenever the layout or the meaning of a section
/// changes. Snapshots are for the machine that wrote them: only little-endian hosts are supported.
enum SnapshotFormat {
    static let magic: [UInt8] = Array("RASPDIR\0".utf8)
    static let version: UInt32 = 1
    static let headerSize = 32

    /// A fast 64-bit checksum (not cryptographic): catches truncation, bit rot and stray writes.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x5241_5350_4449_5231
        let words = bytes.count / 8
        for index in 0..<words {
            let word = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
        }
        for index in (words * 8)..<bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* 0x9E37_79B9_7F4A_7C15
        }
        return hash ^ UInt64(bytes.count)
    }
}

/// Appends sections to a snapshot payload.
struct SnapshotWriter {
    private(set) var payload: [UInt8] = []
    private var sections: UInt32 = 0

    /// Appends `array` as the next section.
    mutating func write<Element: BitwiseCopyable>(_ array: [Element]) {
        append(UInt64(array.count))
        append(UInt32(MemoryLayout<Element>.stride))
        append(sections)
        sections += 1
        array.withUnsafeBytes { payload.append(contentsOf: $0) }
        while payload.count % 8 != 0 { payload.append(0) }
    }

    /// The whole file: header and payload.
    func file() -> [UInt8] {
        var file: [UInt8] = SnapshotFormat.magic
        func put<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { file.append(contentsOf: $0) }
        }
        put(SnapshotFormat.version)
        put(UInt32(0))
        put(UInt64(payload.count))
        put(payload.withUnsafeBytes { SnapshotFormat.checksum($0) })
        file.reserveCapacity(file.count + payload.count)
        file.append(contentsOf: payload)
        return file
    }

    private mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { payload.append(contentsOf: $0) }
    }
}

/// Reads sections back, checking each one.
struct SnapshotReader {
    private let payload: UnsafeRawBufferPointer
    private var position = 0
    private var sections: UInt32 = 0

    /// Checks the header and the checksum of `file` and positions at the first section.
    init(file: UnsafeRawBufferPointer) throws {
        let header = SnapshotFormat.headerSize
        let magic = SnapshotFormat.magic
        guard file.prefix(magic.count).elementsEqual(magic.prefix(file.count)) else {
            throw StationDirectoryError.notASnapshot
        }
        guard file.count >= header else { throw StationDirectoryError.truncatedSnapshot }
        let version = UInt32(littleEndian: file.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        guard version == SnapshotFormat.version else {
            throw StationDirectoryError.unsupportedSnapshotVersion(found: version, supported: SnapshotFormat.version)
        }
        let length = UInt64(littleEndian: file.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
        let checksum = UInt64(littleEndian: file.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
        guard UInt64(file.count - header) >= length else { throw StationDirectoryError.truncatedSnapshot }
        guard UInt64(file.count - header) == length else {
            let extra = UInt64(file.count - header) - length
            throw StationDirectoryError.corruptSnapshot(reason: "\(extra) bytes past the end")
        }
        payload = UnsafeRawBufferPointer(rebasing: file[header...])
        guard SnapshotFormat.checksum(payload) == checksum else {
            throw StationDirectoryError.corruptSnapshot(reason: "checksum mismatch")
        }
    }

    /// The next section as an array of `Element`.
    mutating func read<Element: BitwiseCopyable>(_: Element.Type = Element.self) throws -> [Element] {
        guard position + 16 <= payload.count else { throw corrupt("missing section \(sections)") }
        let count = UInt64(littleEndian: payload.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        let stride = UInt32(littleEndian: payload.loadUnaligned(fromByteOffset: position + 8, as: UInt32.self))
        let number = UInt32(littleEndian: payload.loadUnaligned(fromByteOffset: position + 12, as: UInt32.self))
        guard number == sections, stride == MemoryLayout<Element>.stride else {
            throw corrupt("section \(sections) is out of place")
        }
        let size = Int(clamping: count).multipliedReportingOverflow(by: Int(stride))
        guard !size.overflow, size.partialValue <= payload.count - position - 16 else {
            throw corrupt("section \(sections) runs past the end")
        }
        let start = position + 16
        // An empty section is `[]`: `Array(unsafeUninitializedCapacity: 0)` writes its count into the shared empty
        // array, a race the thread sanitizer reports when two snapshots load at once.
        let array = count == 0 ? [] : [Element](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(
                from: UnsafeRawBufferPointer(rebasing: payload[start..<(start + size.partialValue)]))
            initialized = Int(count)
        }
        position = (start + size.partialValue + 7) / 8 * 8
        sections += 1
        return array
    }

    /// Throws unless every section has been read.
    func expectEnd() throws {
        guard position == payload.count else { throw corrupt("unexpected bytes after the last section") }
    }

    private func corrupt(_ reason: String) -> StationDirectoryError { .corruptSnapshot(reason: reason) }
}
