// An image drawn with half blocks: each terminal cell shows "▀" with the top pixel as its foreground colour and the
// bottom pixel as its background colour, so a cell is one pixel wide and two pixels tall. Terminal cells are about
// twice as tall as wide, which makes those pixels roughly square.
//
// Scaling is separable: along each axis, every target pixel takes a weighted set of source pixels. Shrinking
// averages the source pixels a target pixel covers, weighted by how much of each it covers (a box filter);
// enlarging repeats the nearest source pixel. Weights are integers, so results are exact and reproducible.

/// One terminal cell of a ``HalfBlockImage``: draw "▀" with foreground `top` and background `bottom`.
public struct HalfBlockCell: Sendable, Hashable {
    /// The colour of the upper pixel (the foreground of "▀").
    public var top: RGB
    /// The colour of the lower pixel (the background of "▀").
    public var bottom: RGB

    /// A cell from its two pixels.
    public init(top: RGB, bottom: RGB) {
        self.top = top
        self.bottom = bottom
    }
}

/// A ``PNGImage`` scaled into a block of terminal cells, two pixels per cell.
public struct HalfBlockImage: Sendable, Hashable {
    /// Cells per row.
    public let columns: Int
    /// Rows of cells.
    public let rows: Int
    /// `rows` arrays of `columns` cells, top to bottom (empty when either is 0).
    public let cells: [[HalfBlockCell]]

    /// The largest block of cells, at most `columns × rows`, that shows a `width × height` pixel image with its
    /// aspect ratio kept (one cell being one pixel wide and two pixels tall).
    ///
    /// The result is at least 1 × 1 when every argument is positive, and `(0, 0)` otherwise.
    public static func fit(width: Int, height: Int, columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        guard width > 0, height > 0, columns > 0, rows > 0 else { return (0, 0) }
        // The scale that makes the image as large as the box allows, the box being columns × 2·rows pixels.
        let scale = min(Double(columns) / Double(width), Double(2 * rows) / Double(height))
        let fittedColumns = (Double(width) * scale).rounded()
        let fittedRows = (Double(height) * scale / 2).rounded()
        return (max(1, min(columns, Int(fittedColumns))), max(1, min(rows, Int(fittedRows))))
    }

    /// `image` scaled to exactly `columns × rows` cells (`columns` × `2·rows` pixels); use
    /// ``fit(width:height:columns:rows:)`` first to keep its aspect ratio.
    ///
    /// A zero or negative `columns` or `rows` gives an empty image.
    public init(_ image: PNGImage, columns: Int, rows: Int) {
        guard columns > 0, rows > 0 else {
            self.init(columns: 0, rows: 0, cells: [])
            return
        }
        let horizontal = Self.weights(from: image.width, to: columns)
        let vertical = Self.weights(from: image.height, to: 2 * rows)
        // Scaled pixels of one row at a time, built once per pixel row and paired into cells.
        let pixelRows = vertical.map { rowWeights in
            horizontal.map { columnWeights in Self.average(image, columns: columnWeights, rows: rowWeights) }
        }
        let cells = (0..<rows).map { row in
            zip(pixelRows[2 * row], pixelRows[2 * row + 1]).map { HalfBlockCell(top: $0, bottom: $1) }
        }
        self.init(columns: columns, rows: rows, cells: cells)
    }

    private init(columns: Int, rows: Int, cells: [[HalfBlockCell]]) {
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }

    // MARK: Scaling

    /// One source pixel's share in a target pixel, along one axis.
    struct Weight: Hashable {
        let index: Int
        let weight: Int
    }

    /// For each of `target` pixels along an axis of `source` pixels, the source pixels it takes and their weights.
    ///
    /// Shrinking: in units of 1/`target` of a source pixel, target pixel `t` covers `[t·source, (t+1)·source)` and
    /// source pixel `s` covers `[s·target, (s+1)·target)`; the weight is the length of their overlap, and the
    /// weights of a target pixel add up to `source`. Enlarging (or equal sizes): the source pixel under the
    /// target pixel's centre, with weight 1.
    static func weights(from source: Int, to target: Int) -> [[Weight]] {
        guard source > 0, target > 0 else { return [] }
        guard target < source else {
            return (0..<target).map { t in [Weight(index: (2 * t + 1) * source / (2 * target), weight: 1)] }
        }
        return (0..<target).map { t in
            let (start, end) = (t * source, (t + 1) * source)
            return (start / target ... (end - 1) / target).compactMap { s in
                let overlap = min(end, (s + 1) * target) - max(start, s * target)
                return overlap > 0 ? Weight(index: s, weight: overlap) : nil
            }
        }
    }

    /// The weighted average of the pixels of `image` at the given column and row weights, rounded.
    static func average(_ image: PNGImage, columns: [Weight], rows: [Weight]) -> RGB {
        var (red, green, blue, total) = (0, 0, 0, 0)
        for row in rows {
            for column in columns {
                let pixel = image.pixels[row.index * image.width + column.index]
                let weight = row.weight * column.weight
                red += Int(pixel.red) * weight
                green += Int(pixel.green) * weight
                blue += Int(pixel.blue) * weight
                total += weight
            }
        }
        guard total > 0 else { return RGB(0, 0, 0) }
        return RGB(UInt8((red + total / 2) / total), UInt8((green + total / 2) / total),
                   UInt8((blue + total / 2) / total))
    }
}
