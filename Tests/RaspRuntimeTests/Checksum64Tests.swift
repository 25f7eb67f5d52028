import Foundation
import RaspMiddlewares
import RaspRuntime
import Testing

/// ``Checksum64``: the same value however the bytes are fed, and a different one for every kind of damage the
/// caches must catch.
struct Checksum64Tests {
    static let bytes = Data((0..<1027).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })

    @Test func theSameBytesInAnySplitGiveTheSameValue() {
        let whole = Checksum64.text(of: Self.bytes)
        var random = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            var checksum = Checksum64()
            var start = 0
            while start < Self.bytes.count {
                let end = min(Self.bytes.count, start + Int.random(in: 0...19, using: &random))
                checksum.update(Self.bytes[start..<end])
                start = end
            }
            #expect(checksum.text == whole)
        }
    }

    @Test func everySingleBitFlipChangesTheValue() {
        let original = Checksum64.text(of: Self.bytes)
        var bytes = [UInt8](Self.bytes)
        var unchanged: [Int] = []
        for bit in 0..<(bytes.count * 8) {
            bytes[bit / 8] ^= 1 << UInt8(bit % 8)
            if Checksum64.text(of: Data(bytes)) == original { unchanged.append(bit) }
            bytes[bit / 8] ^= 1 << UInt8(bit % 8)
        }
        #expect(unchanged.isEmpty, "flips the checksum missed: \(unchanged.prefix(10))")
    }

    @Test func cutsGrowthZerosAndSwapsChangeTheValue() {
        let original = Checksum64.text(of: Self.bytes)
        var variants = (0..<Self.bytes.count).map { Self.bytes.prefix($0) }
        variants.append(Self.bytes + Data([0]))
        variants.append(Data(count: Self.bytes.count))
        variants.append(Self.bytes.suffix(8) + Self.bytes.prefix(Self.bytes.count - 8))
        let values = variants.map { Checksum64.text(of: Data($0)) }
        #expect(!values.contains(original))
        #expect(Set(values).count == values.count, "different damage gives different values")
        #expect(Checksum64.text(of: Data(count: 8)) != Checksum64.text(of: Data(count: 16)), "the length counts")
    }

    @Test func textFormAndFilesAgree() throws {
        let text = Checksum64.text(of: Self.bytes)
        #expect(text.hasPrefix(Checksum64.prefix))
        #expect(text.count == Checksum64.prefix.count + 16)
        let digits = text.dropFirst(Checksum64.prefix.count)
        #expect(digits.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        let file = temporaryFolder().appendingPathComponent("bytes")
        try (Self.bytes + Self.bytes).write(to: file)
        var twice = Checksum64()
        twice.update(Self.bytes)
        twice.update(Self.bytes)
        #expect(try Checksum64.text(ofFile: file) == twice.text)
        let missing = file.deletingLastPathComponent().appendingPathComponent("missing")
        let error = try #require(throws: FileStorageError.self) { try Checksum64.text(ofFile: missing) }
        #expect(error.reason == "cannot read: No such file or directory")
    }
}
