/// A 24-bit colour.
public struct RGB: Sendable, Hashable {
    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8

    /// A colour from its components.
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour from `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(UInt8(truncatingIfNeeded: hex >> 16), UInt8(truncatingIfNeeded: hex >> 8),
                  UInt8(truncatingIfNeeded: hex))
    }

    /// The nearest colour of the xterm 256-colour palette (its 6×6×6 cube or its grey ramp).
    public var xterm256: UInt8 {
        func level(_ value: UInt8) -> Int {
            value < 48 ? 0 : value < 115 ? 1 : (Int(value) - 35) / 40
        }
        let (r, g, b) = (level(red), level(green), level(blue))
        let cube = 16 + 36 * r + 6 * g + b
        let steps = [0, 95, 135, 175, 215, 255]
        let cubeColour = (steps[r], steps[g], steps[b])
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let greyIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
        let grey = 8 + 10 * greyIndex
        func distance(_ c: (Int, Int, Int)) -> Int {
            let (dr, dg, db) = (c.0 - Int(red), c.1 - Int(green), c.2 - Int(blue))
            return dr * dr + dg * dg + db * db
        }
        return distance((grey, grey, grey)) < distance(cubeColour) ? UInt8(232 + greyIndex) : UInt8(cube)
    }
}
