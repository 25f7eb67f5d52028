import Foundation
import RaspBenchData

/// Ways to damage a stored value or file, drawn from its valid bytes.
enum Corruption {
    /// Every proper prefix of `valid` (a write cut short at each byte), the empty one included.
    static func truncations(of valid: Data) -> [Data] {
        (0..<valid.count).map { valid.prefix($0) }
    }

    /// Damaged variants of `valid`: cut short at every length, one flipped bit per byte position (a sample),
    /// random bytes, zero bytes, the text of another type, and a valid prefix followed by garbage.
    static func variants(of valid: Data, seed: UInt64 = 7) -> [Data] {
        var random = SeededRandom(seed: seed)
        var variants = truncations(of: valid)
        for index in stride(from: 0, to: valid.count, by: max(1, valid.count / 16)) {
            var flipped = valid
            flipped[flipped.startIndex + index] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            variants.append(flipped)
        }
        variants.append(Data((0..<max(1, valid.count)).map { _ in UInt8.random(in: 0...255, using: &random) }))
        variants.append(Data(repeating: 0, count: max(1, valid.count)))
        variants.append(Data(#"{"unexpected": [1, 2, 3]}"#.utf8))
        variants.append(Data("42".utf8))
        variants.append(Data("null".utf8))
        variants.append(valid.prefix(valid.count / 2) + Data("\u{FFFD}garbage".utf8))
        return variants
    }

    /// Files in `folder` whose names mark them as temporary (`.<name>.<UUID>.tmp`, `*.tmp`).
    static func temporaryFiles(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".tmp") }.sorted()
    }
}
