import Foundation
import Testing
@testable import RaspTerminal

/// The PNG fixtures of `Fixtures/`, written with the pixels they must decode to by `Scripts/dev/make-png-fixtures.py`.
enum PNGFixtures {
    /// What `expected.json` says about one valid fixture.
    struct Expected: Decodable {
        let width: Int
        let height: Int
        let background: [UInt8]
        let pixels: [[UInt8]]
    }

    /// What `stories-expected.json` says about one story image, decoded independently in Python.
    struct Story: Decodable {
        struct Sample: Decodable {
            let x: Int
            let y: Int
            let rgb: [UInt8]
        }

        let width: Int
        let height: Int
        let samples: [Sample]
        let adler32: UInt32
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let stories = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/RaspKit/Resources/Stories")

    static let expected: [String: Expected] = decode("expected.json")
    static let storiesExpected: [String: Story] = decode("stories-expected.json")

    /// The valid fixtures: every colour type, bit depths 1…16, tRNS, several IDAT chunks.
    static let validNames = [
        "grey1", "grey2", "grey4", "grey8", "grey16", "grey-alpha8", "rgb8", "rgb8-multi-idat", "rgb8-trns", "rgb16",
        "rgba8", "rgba16", "palette1", "palette2", "palette4", "palette8", "palette8-trns",
    ]

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent("\(name).png"))
    }

    private static func decode<Value: Decodable>(_ file: String) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: Data(contentsOf: folder.appendingPathComponent(file)))
        } catch {
            fatalError("cannot read Fixtures/\(file) (run Scripts/dev/make-png-fixtures.py): \(error)")
        }
    }
}

/// The RGB triples of some pixels, to compare with the JSON's `[r, g, b]` arrays.
private func triples(_ pixels: [RGB]) -> [[UInt8]] {
    pixels.map { [$0.red, $0.green, $0.blue] }
}

@Suite struct PNGImageDecodingTests {
    @Test(arguments: PNGFixtures.validNames)
    func decodesEveryPixelExactly(name: String) throws {
        let expected = try #require(PNGFixtures.expected[name])
        let background = RGB(expected.background[0], expected.background[1], expected.background[2])
        let image = try PNGImage(data: PNGFixtures.data(name), background: background)
        #expect(image.width == expected.width)
        #expect(image.height == expected.height)
        #expect(triples(image.pixels) == expected.pixels)
    }

    @Test func theExpectationsCoverEveryValidFixture() {
        #expect(Set(PNGFixtures.expected.keys) == Set(PNGFixtures.validNames))
    }

    @Test func paletteTransparencyIsCompositedOverTheBackground() throws {
        // palette8-trns: row 0 holds palette entries 0, 1, 2, 3, 4, 5, 0, with tRNS alphas 0, 128, 255, 64.
        let data = try PNGFixtures.data("palette8-trns")
        let overBlue = try PNGImage(data: data, background: RGB(40, 80, 120))
        #expect(overBlue[0, 0] == RGB(40, 80, 120))  // Entry 0, red, fully transparent: the background.
        #expect(overBlue[1, 0] == RGB(20, 168, 60))  // Entry 1, green at 128/255 over the background.
        #expect(overBlue[2, 0] == RGB(0, 0, 255))  // Entry 2, blue, opaque.
        #expect(overBlue[3, 0] == RGB(94, 124, 154))  // Entry 3, white at 64/255.
        #expect(overBlue[4, 0] == RGB(10, 20, 30))  // Entry 4: past the end of tRNS, so opaque.

        let overWhite = try PNGImage(data: data, background: RGB(255, 255, 255))
        #expect(overWhite[0, 0] == RGB(255, 255, 255))
        #expect(overWhite[1, 0] == RGB(127, 255, 127))
        let overDefault = try PNGImage(data: data)
        #expect(overDefault[0, 0] == RGB(0, 0, 0))
    }

    @Test func anRGBColourKeyIsTransparent() throws {
        let image = try PNGImage(data: PNGFixtures.data("rgb8-trns"), background: RGB(1, 2, 3))
        #expect(image[0, 0] == RGB(1, 2, 3))
        #expect(image[1, 0] == RGB(40, 3, 90))
    }

    @Test func subscriptOutsideTheImageIsNil() throws {
        let image = try PNGImage(data: PNGFixtures.data("grey8"))
        #expect(image[-1, 0] == nil)
        #expect(image[0, image.height] == nil)
        #expect(image[image.width - 1, image.height - 1] != nil)
    }

    @Test func imagesFromPixelsCheckTheirSize() {
        #expect(PNGImage(width: 2, height: 1, pixels: [RGB(0, 0, 0), RGB(1, 1, 1)]) != nil)
        #expect(PNGImage(width: 2, height: 2, pixels: [RGB(0, 0, 0)]) == nil)
        #expect(PNGImage(width: 0, height: 0, pixels: []) == nil)
        #expect(PNGImage(width: Int.max, height: 2, pixels: []) == nil)
    }
}

@Suite struct PNGImageStoryTests {
    @Test(arguments: PNGFixtures.storiesExpected.keys.sorted())
    func storyImagesMatchAnIndependentDecode(name: String) throws {
        let expected = try #require(PNGFixtures.storiesExpected[name])
        let data = try Data(contentsOf: PNGFixtures.stories.appendingPathComponent(name))
        let image = try PNGImage(data: data)
        #expect(image.width == expected.width)
        #expect(image.height == expected.height)
        for sample in expected.samples {
            let pixel = try #require(image[sample.x, sample.y])
            #expect([pixel.red, pixel.green, pixel.blue] == sample.rgb, "pixel (\(sample.x), \(sample.y))")
        }
        #expect(adler32(triples(image.pixels).flatMap { $0 }) == expected.adler32)
    }

    @Test func storySizesAreTheKnownOnes() throws {
        let names = PNGFixtures.storiesExpected.keys
        #expect(names.count == 9)
        for name in names {
            let image = try PNGImage(data: Data(contentsOf: PNGFixtures.stories.appendingPathComponent(name)))
            let size = (image.width, image.height)
            #expect(name.hasSuffix("preview.png") ? size == (46, 70) : size == (75, 125), "\(name)")
        }
    }

    /// Adler-32, as Python's `zlib.adler32` computes it.
    private func adler32(_ bytes: [UInt8]) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}

@Suite struct PNGImageErrorTests {
    /// Decodes a fixture that must fail, returning the error.
    private func error(decoding name: String) throws -> PNGImage.DecodeError? {
        let data = try PNGFixtures.data(name)
        do {
            _ = try PNGImage(data: data)
            return nil
        } catch {
            return error
        }
    }

    @Test func rejectsEachBrokenFixtureForItsReason() throws {
        #expect(try error(decoding: "bad-signature") == .notPNG)
        #expect(try error(decoding: "bad-crc") == .crcMismatch(chunk: "IHDR"))
        #expect(try error(decoding: "bad-filter") == .badFilter(type: 7, row: 1))
        #expect(try error(decoding: "bad-short") == .wrongDataSize(expected: 20, actual: 10))
        #expect(try error(decoding: "bad-interlaced") == .unsupported("Adam7 interlacing"))
        #expect(try error(decoding: "bad-no-palette") == .badChunk("a palette image without PLTE"))
        #expect(try error(decoding: "bad-depth") == .badChunk("bit depth 4 with colour type 2"))
        #expect(try error(decoding: "bad-truncated") == .truncated)
        #expect(try error(decoding: "bad-split-idat") == .badChunk("IDAT chunks are not consecutive"))
        #expect(try error(decoding: "bad-critical") == .unsupported("the critical chunk ZZZZ"))
        #expect(try error(decoding: "bad-palette-index") == .badPaletteIndex(5))
        guard case .badZlib = try error(decoding: "bad-zlib") else {
            Issue.record("bad-zlib should fail in zlib")
            return
        }
    }

    @Test func rejectsADecompressionBombWithoutInflatingItAll() throws {
        // bad-bomb says 4×4 grey (20 bytes) but inflates to 1 MiB: inflating stops after one block.
        guard case .wrongDataSize(let expected, let actual) = try error(decoding: "bad-bomb") else {
            Issue.record("bad-bomb should be rejected for its size")
            return
        }
        #expect(expected == 20)
        #expect(actual > 20 && actual < 1 << 20)
    }

    @Test func rejectsEmptyAndCutSignatures() {
        #expect(throws: PNGImage.DecodeError.notPNG) { try PNGImage(data: Data()) }
        #expect(throws: PNGImage.DecodeError.truncated) { try PNGImage(data: Data([0x89, 0x50, 0x4E])) }
        #expect(throws: PNGImage.DecodeError.notPNG) { try PNGImage(data: Data("hello, world".utf8)) }
    }

    @Test func ignoresBytesAfterIEND() throws {
        let data = try PNGFixtures.data("grey8") + Data("trailing garbage".utf8)
        #expect(try PNGImage(data: data).width == 7)
    }

    @Test func errorsDescribeThemselves() {
        let errors: [PNGImage.DecodeError] = [
            .notPNG, .truncated, .badChunk("x"), .crcMismatch(chunk: "IDAT"), .unsupported("x"), .badZlib("x"),
            .wrongDataSize(expected: 2, actual: 1), .wrongDataSize(expected: 1, actual: 2),
            .badFilter(type: 9, row: 0), .badPaletteIndex(7),
        ]
        let descriptions = errors.map(\.description)
        #expect(Set(descriptions).count == errors.count)
        #expect(descriptions.allSatisfy { !$0.isEmpty })
    }
}

/// Malformed input must throw a `DecodeError` or give a consistent image; it must never trap.
@Suite struct PNGImageFuzzTests {
    static let seeds = ["rgb8", "palette8-trns", "grey2", "rgba16", "rgb8-multi-idat"]

    @Test(arguments: seeds)
    func truncatedFilesNeverTrap(name: String) throws {
        let file = try [UInt8](PNGFixtures.data(name))
        for length in 0..<file.count {
            #expect(throws: PNGImage.DecodeError.self) { try PNGImage(data: Data(file[..<length])) }
        }
    }

    @Test(arguments: seeds)
    func flippedBytesNeverTrap(name: String) throws {
        let file = try [UInt8](PNGFixtures.data(name))
        var random = SplitMix64(seed: UInt64(name.utf8.count))
        var decoded = 0
        for _ in 0..<400 {
            var bytes = file
            for _ in 0...random.next(below: 3) {
                bytes[random.next(below: bytes.count)] ^= UInt8(1 << random.next(below: 8))
            }
            if check(bytes) { decoded += 1 }
        }
        // Most flips hit a CRC-checked chunk, so most fail; the point is that none traps.
        #expect(decoded < 400)
    }

    /// Flips bytes inside chunk data and fixes the CRCs, so the damage reaches the header, zlib and unfiltering.
    @Test(arguments: seeds)
    func damagedChunkDataNeverTraps(name: String) throws {
        let file = try [UInt8](PNGFixtures.data(name))
        var random = SplitMix64(seed: 0x5EED &+ UInt64(name.utf8.count))
        var failures: Set<String> = []
        for _ in 0..<600 {
            var bytes = file
            for _ in 0...random.next(below: 2) {
                // Past the signature and the first length/type, anywhere up to the end of the file.
                let index = 16 + random.next(below: bytes.count - 16)
                bytes[index] = random.next(below: 3) == 0 ? UInt8(random.next(below: 256)) : bytes[index] ^ 0x10
            }
            fixCRCs(&bytes)
            if let error = decodeError(bytes) {
                // The CRCs are right again, so failures come from deeper in the decoder.
                #expect(error != .crcMismatch(chunk: "IDAT") && error != .crcMismatch(chunk: "IHDR"))
                failures.insert(String(describing: error).prefix { $0 != ":" }.description)
            }
        }
        // The damage reaches several stages: chunk structure, zlib, sizes, filters.
        #expect(failures.count >= 3, "\(failures)")
    }

    /// Decodes `bytes`; true when they gave an image, which must then be consistent.
    private func check(_ bytes: [UInt8]) -> Bool {
        decodeError(bytes) == nil
    }

    /// Decodes `bytes`, checking a decoded image is consistent; the error when they do not decode.
    private func decodeError(_ bytes: [UInt8]) -> PNGImage.DecodeError? {
        do {
            let image = try PNGImage(data: Data(bytes))
            #expect(image.width > 0 && image.height > 0)
            #expect(image.pixels.count == image.width * image.height)
            return nil
        } catch {
            #expect(!error.description.isEmpty)
            return error
        }
    }

    /// Recomputes the CRC of every whole chunk of a PNG file in place (stopping at the first chunk that does not fit).
    private func fixCRCs(_ bytes: inout [UInt8]) {
        var position = 8
        while bytes.count - position >= 12 {
            let length = Int(bytes[position..<position + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            guard bytes.count - position - 12 >= length else { return }
            let crc = CRC32.checksum(bytes[position + 4 ..< position + 8 + length])
            for shift in 0..<4 {
                bytes[position + 8 + length + shift] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * shift))
            }
            position += 12 + length
        }
    }
}

/// The CRC-32 of PNG chunks (and zlib), bit by bit: slow but short, and independent of the decoder's.
enum CRC32 {
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }
}

/// A small deterministic random number generator, so a fuzz failure can be replayed.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` must be positive).
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
