// Each scanline of the inflated data starts with a filter-type byte, and its bytes are stored as differences from
// a prediction made from the bytes already decoded: the byte one pixel to the left (a), the byte above (b) and the
// byte above-left (c), all 0 outside the image. Unfiltering adds the prediction back, modulo 256.

extension PNGImage {
    /// The five scanline filters of PNG filter method 0.
    enum Filter: UInt8 {
        case none = 0, sub, up, average, paeth

        /// The prediction for a byte from its left (`a`), upper (`b`) and upper-left (`c`) neighbours.
        func predict(left a: UInt8, up b: UInt8, upLeft c: UInt8) -> UInt8 {
            switch self {
            case .none: 0
            case .sub: a
            case .up: b
            case .average: UInt8((Int(a) + Int(b)) / 2)
            case .paeth: Self.paeth(Int(a), Int(b), Int(c))
            }
        }

        /// The Paeth predictor: whichever of `a`, `b`, `c` is nearest to `a + b − c`, ties going to `a`, then `b`.
        private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> UInt8 {
            let estimate = a + b - c
            let (da, db, dc) = (abs(estimate - a), abs(estimate - b), abs(estimate - c))
            if da <= db && da <= dc { return UInt8(a) }
            return UInt8(db <= dc ? b : c)
        }
    }

    /// The scanlines of `filtered` (as inflated: each row with its filter-type byte first), unfiltered and without
    /// their filter-type bytes: `height × rowByteCount` bytes.
    ///
    /// `filtered` must hold exactly `header.filteredByteCount` bytes, as ``inflate(_:expectedCount:)`` ensures.
    static func unfilter(_ filtered: [UInt8], header: Header) throws(DecodeError) -> [UInt8] {
        let (rowBytes, distance) = (header.rowByteCount, header.filterDistance)
        var rows = [UInt8](repeating: 0, count: header.height * rowBytes)
        for row in 0..<header.height {
            let source = row * (rowBytes + 1)
            guard let filter = Filter(rawValue: filtered[source]) else {
                throw .badFilter(type: filtered[source], row: row)
            }
            let start = row * rowBytes
            for index in 0..<rowBytes {
                let hasLeft = index >= distance
                let left = hasLeft ? rows[start + index - distance] : 0
                let up = row > 0 ? rows[start - rowBytes + index] : 0
                let upLeft = row > 0 && hasLeft ? rows[start - rowBytes + index - distance] : 0
                let prediction = filter.predict(left: left, up: up, upLeft: upLeft)
                rows[start + index] = filtered[source + 1 + index] &+ prediction
            }
        }
        return rows
    }
}
