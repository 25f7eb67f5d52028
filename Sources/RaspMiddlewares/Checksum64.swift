public import Foundation
import RaspRuntime

/// A fast 64-bit checksum of bytes that catches damaged cache files (bit rot, a cut or grown file, a stray write,
/// junk of the same size). Not cryptographic: it does not stand up to deliberate tampering.
///
/// The bytes are read eight at a time as little-endian words, each mixed in as
/// `h = rotl(h ^ (w &* k1), 31) &* k2`; the last zero to seven bytes are folded in one by one as in FNV-1a, then the
/// length and a final avalanche (the `fmix64` step of MurmurHash3) finish it. Feeding the bytes in any split
/// gives the same value. Its text form, as stored in metadata, is ``prefix`` and 16 lowercase hex digits.
///
/// ```swift
/// var checksum = Checksum64()
/// checksum.update(Data("stations".utf8))
/// let text = checksum.text            // "x64:…"
/// let same = try Checksum64.text(ofFile: url) == text
/// ```
public struct Checksum64: Sendable, Hashable {
    /// What the text form starts with; a stored checksum with another prefix (another algorithm) is not comparable.
    public static let prefix = "x64:"

    private static let seed: UInt64 = 0x7261_7370_2D63_6B31
    private static let k1: UInt64 = 0x9E37_79B9_7F4A_7C15
    private static let k2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let fnvPrime: UInt64 = 0x0000_0100_0000_01B3

    private var state = seed
    private var length: UInt64 = 0
    /// Bytes of an incomplete word, first byte lowest.
    private var pending: UInt64 = 0
    private var pendingCount = 0

    /// An empty checksum.
    public init() {}

    /// Adds bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var index = 0
        while pendingCount > 0, index < bytes.count {
            pending |= UInt64(bytes[index]) << (8 * UInt64(pendingCount))
            pendingCount += 1
            index += 1
            if pendingCount == 8 {
                mix(pending)
                pending = 0
                pendingCount = 0
            }
        }
        while index + 8 <= bytes.count {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        while index < bytes.count {
            pending |= UInt64(bytes[index]) << (8 * UInt64(pendingCount))
            pendingCount += 1
            index += 1
        }
    }

    /// Adds bytes.
    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// The checksum of everything added so far (adding more afterwards goes on from there).
    public var value: UInt64 {
        var hash = state
        var rest = pending
        for _ in 0..<pendingCount {
            hash = (hash ^ (rest & 0xFF)) &* Self.fnvPrime
            rest >>= 8
        }
        hash ^= length
        hash ^= hash >> 33
        hash = hash &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        hash = hash &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        return hash
    }

    /// ``value`` in its text form: ``prefix`` and 16 lowercase hex digits.
    public var text: String {
        let digits = String(value, radix: 16)
        return Self.prefix + String(repeating: "0", count: 16 - digits.count) + digits
    }

    private mutating func mix(_ word: UInt64) {
        let mixed = state ^ (word &* Self.k1)
        state = ((mixed << 31) | (mixed >> 33)) &* Self.k2
    }

    /// The text form of the checksum of `data`.
    public static func text(of data: Data) -> String {
        var checksum = Checksum64()
        checksum.update(data)
        return checksum.text
    }

    /// The text form of the checksum of a file's bytes, read in chunks of 1 MiB.
    /// - Throws: ``/RaspRuntime/FileStorageError`` when the file cannot be opened or read.
    public static func text(ofFile url: URL) throws -> String {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw FileStorageError(path: url.path, reason: "cannot read: \(FileStorageError.cause(of: error))")
        }
        defer { try? handle.close() }
        var checksum = Checksum64()
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                checksum.update(chunk)
            }
        } catch {
            throw FileStorageError(path: url.path, reason: "cannot read: \(FileStorageError.cause(of: error))")
        }
        return checksum.text
    }
}
