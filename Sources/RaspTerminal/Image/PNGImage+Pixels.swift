// Turning unfiltered scanlines into colours: read each pixel's samples at the image's bit depth, bring them to
// 8 bits, look palette indices up, find the pixel's alpha (its alpha sample, its palette entry's tRNS alpha, or 0
// when it matches the tRNS colour key), and composite it over the background.

extension PNGImage {
    /// Converts the unfiltered scanlines of one image into opaque colours.
    struct PixelConverter {
        let header: Header
        let background: RGB
        /// The palette entries already composited over the background (palette images only).
        private var palette: [RGB] = []
        /// The raw sample values (one for grey, three for RGB) that tRNS marks fully transparent.
        private var colourKey: [Int]?

        /// Prepares the conversion, checking `tRNS` against the colour type.
        init(header: Header, palette: [RGB], transparency: [UInt8]?, background: RGB) throws(DecodeError) {
            self.header = header
            self.background = background
            switch (header.colourType, transparency) {
            case (.palette, let alphas):
                // Entries past the end of tRNS (or all of them, without tRNS) are opaque.
                let alphas = alphas ?? []
                self.palette = palette.indices.map { index in
                    composite(palette[index], alpha: index < alphas.count ? alphas[index] : 255)
                }
            case (.grey, let key?):
                guard key.count == 2 else { throw .badChunk("tRNS of \(key.count) bytes for a grey image") }
                colourKey = [Int(key[0]) << 8 | Int(key[1])]
            case (.rgb, let key?):
                guard key.count == 6 else { throw .badChunk("tRNS of \(key.count) bytes for an RGB image") }
                colourKey = stride(from: 0, to: 6, by: 2).map { Int(key[$0]) << 8 | Int(key[$0 + 1]) }
            default:
                // No tRNS, or one on an image with an alpha channel (where the format forbids it): ignored.
                break
            }
        }

        /// The colours of every pixel, row-major, from `height × rowByteCount` bytes of scanlines.
        func pixels(of scanlines: [UInt8]) throws(DecodeError) -> [RGB] {
            var pixels: [RGB] = []
            pixels.reserveCapacity(header.width * header.height)
            let channels = header.colourType.channels
            var samples = [Int](repeating: 0, count: channels)
            for row in 0..<header.height {
                let start = row * header.rowByteCount
                for column in 0..<header.width {
                    for channel in 0..<channels {
                        samples[channel] = sample(scanlines, rowStart: start, index: column * channels + channel)
                    }
                    pixels.append(try colour(of: samples))
                }
            }
            return pixels
        }

        /// The `index`th sample of the scanline starting at `rowStart`, as stored (not yet scaled to 8 bits).
        private func sample(_ bytes: [UInt8], rowStart: Int, index: Int) -> Int {
            switch header.bitDepth {
            case 8:
                return Int(bytes[rowStart + index])
            case 16:
                return Int(bytes[rowStart + 2 * index]) << 8 | Int(bytes[rowStart + 2 * index + 1])
            default:
                // 1, 2 or 4 bits: samples are packed from the most significant bit of each byte.
                let bit = index * header.bitDepth
                let shift = 8 - header.bitDepth - bit % 8
                return Int(bytes[rowStart + bit / 8] >> shift) & (1 << header.bitDepth - 1)
            }
        }

        /// A sample brought to 0…255: the high byte of 16-bit samples, low depths stretched to the full range.
        private func eightBit(_ sample: Int) -> UInt8 {
            switch header.bitDepth {
            case 16: UInt8(sample >> 8)
            case 8: UInt8(sample)
            default: UInt8(sample * 255 / (1 << header.bitDepth - 1))
            }
        }

        /// The composited colour of one pixel from its stored samples.
        private func colour(of samples: [Int]) throws(DecodeError) -> RGB {
            let keyed = colourKey == samples
            switch header.colourType {
            case .grey:
                let grey = eightBit(samples[0])
                return composite(RGB(grey, grey, grey), alpha: keyed ? 0 : 255)
            case .rgb:
                let colour = RGB(eightBit(samples[0]), eightBit(samples[1]), eightBit(samples[2]))
                return composite(colour, alpha: keyed ? 0 : 255)
            case .palette:
                guard samples[0] < palette.count else { throw .badPaletteIndex(samples[0]) }
                return palette[samples[0]]
            case .greyAlpha:
                let grey = eightBit(samples[0])
                return composite(RGB(grey, grey, grey), alpha: eightBit(samples[1]))
            case .rgba:
                let colour = RGB(eightBit(samples[0]), eightBit(samples[1]), eightBit(samples[2]))
                return composite(colour, alpha: eightBit(samples[3]))
            }
        }

        /// `colour` with opacity `alpha` over the background, rounded to the nearest 8-bit value.
        private func composite(_ colour: RGB, alpha: UInt8) -> RGB {
            if alpha == 255 { return colour }
            func blend(_ value: UInt8, _ under: UInt8) -> UInt8 {
                let (value, under, alpha) = (Int(value), Int(under), Int(alpha))
                return UInt8((value * alpha + under * (255 - alpha) + 127) / 255)
            }
            return RGB(blend(colour.red, background.red), blend(colour.green, background.green),
                       blend(colour.blue, background.blue))
        }
    }
}
