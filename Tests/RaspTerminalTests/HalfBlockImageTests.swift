import Foundation
import Testing
@testable import RaspTerminal

@Suite struct HalfBlockImageTests {
    /// An image from rows of grey levels.
    private func greyImage(_ rows: [[UInt8]]) throws -> PNGImage {
        let pixels = rows.flatMap { $0.map { RGB($0, $0, $0) } }
        return try #require(PNGImage(width: rows[0].count, height: rows.count, pixels: pixels))
    }

    // MARK: Exact sizes and enlarging

    @Test func twoByFourPixelsMakeTwoByTwoCells() throws {
        let colours = (0..<8).map { RGB(UInt8($0 * 10), UInt8(255 - $0), UInt8($0)) }
        let image = try #require(PNGImage(width: 2, height: 4, pixels: colours))
        let blocks = HalfBlockImage(image, columns: 2, rows: 2)
        #expect(blocks.columns == 2 && blocks.rows == 2)
        #expect(blocks.cells == [
            [HalfBlockCell(top: colours[0], bottom: colours[2]), HalfBlockCell(top: colours[1], bottom: colours[3])],
            [HalfBlockCell(top: colours[4], bottom: colours[6]), HalfBlockCell(top: colours[5], bottom: colours[7])],
        ])
    }

    @Test func enlargingRepeatsTheNearestPixel() throws {
        let image = try greyImage([[10, 200]])
        let blocks = HalfBlockImage(image, columns: 4, rows: 1)
        let (dark, light) = (RGB(10, 10, 10), RGB(200, 200, 200))
        #expect(blocks.cells == [[dark, dark, light, light].map { HalfBlockCell(top: $0, bottom: $0) }])
    }

    @Test func onePixelFillsEveryCell() throws {
        let image = try greyImage([[77]])
        let blocks = HalfBlockImage(image, columns: 3, rows: 2)
        let grey = HalfBlockCell(top: RGB(77, 77, 77), bottom: RGB(77, 77, 77))
        #expect(blocks.cells == Array(repeating: Array(repeating: grey, count: 3), count: 2))
    }

    // MARK: Shrinking (box filter)

    @Test func shrinkingAveragesEachBlockOfPixels() throws {
        // 4×4 pixels into 2×1 cells (2×2 pixels): each target pixel is the mean of a 2×2 block, rounded.
        let image = try greyImage([
            [0, 10, 100, 100],
            [20, 30, 100, 101],
            [0, 0, 255, 255],
            [0, 1, 255, 255],
        ])
        let blocks = HalfBlockImage(image, columns: 2, rows: 1)
        #expect(blocks.cells == [[
            HalfBlockCell(top: RGB(15, 15, 15), bottom: RGB(0, 0, 0)),  // (0+10+20+30)/4, (0+0+0+1)/4 → 0.25 → 0
            HalfBlockCell(top: RGB(100, 100, 100), bottom: RGB(255, 255, 255)),  // 100.25 → 100
        ]])
    }

    @Test func shrinkingByAFractionWeighsPartlyCoveredPixels() throws {
        // Three pixels into two: the first target pixel covers all of pixel 0 and half of pixel 1 (weights 2:1),
        // the second half of pixel 1 and all of pixel 2 (weights 1:2).
        let image = try greyImage([[0, 90, 180], [0, 90, 180]])
        let blocks = HalfBlockImage(image, columns: 2, rows: 1)
        #expect(blocks.cells[0].map(\.top) == [RGB(30, 30, 30), RGB(150, 150, 150)])
        #expect(blocks.cells[0].map(\.bottom) == [RGB(30, 30, 30), RGB(150, 150, 150)])
    }

    @Test func shrinkingAveragesEachChannelSeparately() throws {
        let image = try #require(PNGImage(width: 2, height: 2, pixels: [
            RGB(255, 0, 0), RGB(0, 255, 0), RGB(0, 0, 255), RGB(255, 255, 255),
        ]))
        // 2×2 pixels into 1×1 cell: the columns average, the rows stay (two pixel rows = one cell).
        let blocks = HalfBlockImage(image, columns: 1, rows: 1)
        #expect(blocks.cells == [[HalfBlockCell(top: RGB(128, 128, 0), bottom: RGB(128, 128, 255))]])
    }

    @Test func scalingWeightsAddUpToTheSourceSize() {
        for source in 1...40 {
            for target in 1...40 {
                let weights = HalfBlockImage.weights(from: source, to: target)
                #expect(weights.count == target)
                let expectedTotal = target < source ? source : 1
                #expect(weights.allSatisfy { $0.reduce(0) { $0 + $1.weight } == expectedTotal })
                #expect(weights.allSatisfy { $0.allSatisfy { (0..<source).contains($0.index) } })
            }
        }
    }

    // MARK: Degenerate sizes

    @Test func zeroOrNegativeSizesGiveAnEmptyImage() throws {
        let image = try greyImage([[1, 2], [3, 4]])
        for (columns, rows) in [(0, 0), (0, 5), (5, 0), (-1, 3), (3, -2)] {
            let blocks = HalfBlockImage(image, columns: columns, rows: rows)
            #expect(blocks.cells.isEmpty && blocks.columns == 0 && blocks.rows == 0)
        }
    }

    @Test func cellsHaveTheRequestedShape() throws {
        let file = PNGFixtures.stories.appendingPathComponent("story-1-full-1.png")
        let story = try PNGImage(data: Data(contentsOf: file))
        for (columns, rows) in [(1, 1), (7, 3), (29, 24), (75, 63), (200, 100)] {
            let blocks = HalfBlockImage(story, columns: columns, rows: rows)
            #expect(blocks.cells.count == rows)
            #expect(blocks.cells.allSatisfy { $0.count == columns })
        }
    }

    // MARK: Fitting

    @Test func fitKeepsTheAspectRatio() {
        // 75×125 pixels in 80×24 cells (80×48 pixels): the height limits, 48/125 of the size.
        #expect(HalfBlockImage.fit(width: 75, height: 125, columns: 80, rows: 24) == (29, 24))
        // 46×70 in 80×24: 48/70 → 31.5 → 32 columns.
        #expect(HalfBlockImage.fit(width: 46, height: 70, columns: 80, rows: 24) == (32, 24))
        // A wide image: the width limits.
        #expect(HalfBlockImage.fit(width: 200, height: 20, columns: 40, rows: 20) == (40, 2))
        // Square pixels: 10×10 pixels is 10 columns × 5 rows.
        #expect(HalfBlockImage.fit(width: 10, height: 10, columns: 10, rows: 10) == (10, 5))
        // A small image is enlarged to fill the box.
        #expect(HalfBlockImage.fit(width: 2, height: 4, columns: 20, rows: 20) == (20, 20))

        for (width, height) in [(75, 125), (46, 70), (300, 40), (70, 900)] {
            let fitted = HalfBlockImage.fit(width: width, height: height, columns: 60, rows: 30)
            #expect(fitted.columns <= 60 && fitted.rows <= 30)
            #expect(fitted.columns == 60 || fitted.rows == 30)
            // Within a rounding step of the image's ratio.
            let ratio = Double(fitted.columns) / Double(2 * fitted.rows)
            let wanted = Double(width) / Double(height)
            #expect(abs(ratio - wanted) <= wanted / Double(min(fitted.columns, fitted.rows)) + 1e-9)
        }
    }

    @Test func fitHandlesTinyAndZeroSizes() {
        #expect(HalfBlockImage.fit(width: 0, height: 10, columns: 10, rows: 10) == (0, 0))
        #expect(HalfBlockImage.fit(width: 10, height: 10, columns: 0, rows: 10) == (0, 0))
        #expect(HalfBlockImage.fit(width: 10, height: 10, columns: 10, rows: -1) == (0, 0))
        #expect(HalfBlockImage.fit(width: 1000, height: 1, columns: 5, rows: 5) == (5, 1))
        #expect(HalfBlockImage.fit(width: 1, height: 1000, columns: 5, rows: 5) == (1, 5))
        #expect(HalfBlockImage.fit(width: 1, height: 1, columns: 1, rows: 1) == (1, 1))
    }
}
