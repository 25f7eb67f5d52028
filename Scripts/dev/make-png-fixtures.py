#!/usr/bin/env python3
"""Writes the PNG fixtures of Tests/RaspTerminalTests/Fixtures, and the pixels they are expected to decode to.

Usage: Scripts/dev/make-png-fixtures.py   (from anywhere; it writes next to the tests, overwriting what is there)

Uses only `zlib` and `struct` from the standard library (plus `json` and `pathlib` to write the files), so the
fixtures are reproducible. Every valid fixture cycles its rows through the five scanline filters (None, Sub, Up,
Average, Paeth) so a decoder's unfiltering is exercised for each colour type and bit depth.

Writes:
- `*.png`: valid images of each colour type (grey, RGB, palette, grey+alpha, RGBA), bit depths 1/2/4/8/16,
  palettes with `tRNS`, several IDAT chunks; and broken ones (`bad-*.png`) a decoder must reject.
- `expected.json`: for each valid image its size, the background it is to be composited over, and the expected
  `[r, g, b]` of every pixel, row-major. Compositing is `(c * a + bg * (255 - a) + 127) // 255` on 8-bit values;
  16-bit samples are reduced to their high byte; 1/2/4-bit grey is scaled to 0...255 (`v * 255 // max`).
- `stories-expected.json`: the story PNGs of Sources/RaspKit/Resources/Stories decoded here, independently of the
  Swift decoder: size, a few sample pixels and the Adler-32 of all their RGB bytes.
"""
import json
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Tests" / "RaspTerminalTests" / "Fixtures"
STORIES = ROOT / "Sources" / "RaspKit" / "Resources" / "Stories"
SIGNATURE = b"\x89PNG\r\n\x1a\n"

# Samples per pixel for each colour type.
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


# MARK: Encoding


def chunk(kind, data, crc=None):
    """One chunk: length, type, data, CRC-32 of type and data (or the given wrong one)."""
    if crc is None:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def ihdr(width, height, depth, colour, interlace=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_row(kind, row, previous, bpp):
    """The bytes of `row` filtered with filter `kind` (0...4), given the previous (unfiltered) row."""
    out = bytearray()
    for i, x in enumerate(row):
        a = row[i - bpp] if i >= bpp else 0
        b = previous[i]
        c = previous[i - bpp] if i >= bpp else 0
        predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
        out.append((x - predictor) & 0xFF)
    return bytes(out)


def pack_samples(samples, depth):
    """Samples of one row packed big-endian into bytes at the given bit depth (the last byte padded with 0s)."""
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out, accumulator, bits = bytearray(), 0, 0
    for s in samples:
        accumulator = (accumulator << depth) | s
        bits += depth
        if bits == 8:
            out.append(accumulator)
            accumulator, bits = 0, 0
    if bits:
        out.append(accumulator << (8 - bits))
    return bytes(out)


def image_data(rows, depth, colour, filters=None):
    """The zlib stream of the image: each row of samples packed, filtered (cycling 0...4 by default)."""
    bits_per_pixel = depth * CHANNELS[colour]
    bpp = max(1, bits_per_pixel // 8)
    raw = b""
    previous = None
    for y, samples in enumerate(rows):
        packed = pack_samples(samples, depth)
        previous = previous or bytes(len(packed))
        kind = filters[y] if filters else y % 5
        raw += bytes([kind]) + filter_row(kind, packed, previous, bpp)
        previous = packed
    return raw


def png(width, height, depth, colour, rows, extra=b"", idat_size=None, filters=None, raw=None):
    """A whole PNG file; `idat_size` splits the compressed data into IDAT chunks of at most that many bytes."""
    raw = raw if raw is not None else image_data(rows, depth, colour, filters)
    compressed = zlib.compress(raw, 9)
    size = idat_size or len(compressed)
    idats = b"".join(chunk(b"IDAT", compressed[i:i + size]) for i in range(0, len(compressed), size))
    return SIGNATURE + ihdr(width, height, depth, colour) + extra + idats + chunk(b"IEND", b"")


# MARK: Expected pixels


def composite(rgba, background):
    r, g, b, a = rgba
    return [(c * a + bg * (255 - a) + 127) // 255 for c, bg in zip((r, g, b), background)]


def expected(width, height, rgba_pixels, background=(0, 0, 0)):
    return {
        "width": width,
        "height": height,
        "background": list(background),
        "pixels": [composite(p, background) for p in rgba_pixels],
    }


# MARK: The valid fixtures


def grey(width, height, depth):
    """A grey ramp at the given bit depth: the samples and their expected 8-bit RGBA."""
    top = (1 << depth) - 1
    rows = [[(x * 3 + y * 5) % (top + 1) for x in range(width)] for y in range(height)]
    pixels = [(v * 255 // top,) * 3 + (255,) for row in rows for v in row]
    return rows, pixels


def rgb_value(x, y):
    return ((x * 40 + y * 7) % 256, (y * 50 + 3 * x) % 256, (x * y * 13 + 90) % 256)


def valid_fixtures():
    """name → (file bytes, expected JSON)."""
    out = {}
    width, height = 7, 10  # 10 rows: each filter twice. 7 columns: low bit depths need padding bits.

    for depth in (1, 2, 4, 8):
        rows, pixels = grey(width, height, depth)
        out[f"grey{depth}"] = (png(width, height, depth, 0, rows), expected(width, height, pixels))

    rows = [[(x * 9000 + y * 3001) % 65536 for x in range(width)] for y in range(height)]
    pixels = [((v >> 8),) * 3 + (255,) for row in rows for v in row]
    out["grey16"] = (png(width, height, 16, 0, rows), expected(width, height, pixels))

    rows = [[c for x in range(width) for c in rgb_value(x, y)] for y in range(height)]
    pixels = [rgb_value(x, y) + (255,) for y in range(height) for x in range(width)]
    out["rgb8"] = (png(width, height, 8, 2, rows), expected(width, height, pixels))
    # The same image, its compressed data split into 5-byte IDAT chunks, with an ancillary chunk in between.
    extra = chunk(b"tEXt", b"Comment\x00fixture")
    out["rgb8-multi-idat"] = (png(width, height, 8, 2, rows, extra=extra, idat_size=5),
                              expected(width, height, pixels))

    rows16 = [[c * 257 + (x % 3) for x in range(width) for c in rgb_value(x, y)] for y in range(height)]
    out["rgb16"] = (png(width, height, 16, 2, rows16), expected(width, height, pixels))

    # RGB with tRNS: the colour of pixel (0, 0) is fully transparent wherever it appears.
    key = rgb_value(0, 0)
    trns = chunk(b"tRNS", struct.pack(">HHH", *key))
    keyed = [p[:3] + ((0,) if p[:3] == key else (255,)) for p in pixels]
    out["rgb8-trns"] = (png(width, height, 8, 2, rows, extra=trns), expected(width, height, keyed, (200, 100, 50)))

    palette = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (10, 20, 30), (250, 128, 1)]
    plte = chunk(b"PLTE", bytes(c for colour in palette for c in colour))
    for depth in (1, 2, 4, 8):
        count = min(len(palette), 1 << depth)
        rows = [[(x + 2 * y) % count for x in range(width)] for y in range(height)]
        pixels = [palette[i] + (255,) for row in rows for i in row]
        out[f"palette{depth}"] = (png(width, height, depth, 3, rows, extra=plte), expected(width, height, pixels))

    # Palette with tRNS: alphas for the first four entries only (the others are opaque).
    alphas = [0, 128, 255, 64]
    trns = chunk(b"tRNS", bytes(alphas))
    rows = [[(x + 2 * y) % len(palette) for x in range(width)] for y in range(height)]
    pixels = [palette[i] + ((alphas[i] if i < len(alphas) else 255),) for row in rows for i in row]
    out["palette8-trns"] = (png(width, height, 8, 3, rows, extra=plte + trns),
                            expected(width, height, pixels, (40, 80, 120)))

    rows = [[s for x in range(width) for s in ((x * 30 + y) % 256, (x * 37 + y * 20) % 256)] for y in range(height)]
    pixels = [(row[2 * x],) * 3 + (row[2 * x + 1],) for row in rows for x in range(width)]
    out["grey-alpha8"] = (png(width, height, 8, 4, rows), expected(width, height, pixels, (255, 255, 255)))

    rows = [[s for x in range(width) for s in rgb_value(x, y) + ((x * 41 + y * 17) % 256,)] for y in range(height)]
    pixels = [tuple(row[4 * x:4 * x + 4]) for row in rows for x in range(width)]
    out["rgba8"] = (png(width, height, 8, 6, rows), expected(width, height, pixels, (0, 128, 255)))

    rows = [[s * 257 for x in range(width) for s in rgb_value(x, y) + ((x * 41 + y * 17) % 256,)]
            for y in range(height)]
    out["rgba16"] = (png(width, height, 16, 6, rows), expected(width, height, pixels, (0, 128, 255)))
    return out


# MARK: The broken fixtures


def broken_fixtures():
    """name → file bytes of PNGs a decoder must reject."""
    rows = [[x * 60 for x in range(4)] for _ in range(4)]
    good = png(4, 4, 8, 0, rows)
    raw = image_data(rows, 8, 0)
    compressed = zlib.compress(raw, 9)
    return {
        # The CRC of IHDR off by one.
        "bad-crc": good[:29] + bytes([good[29] ^ 1]) + good[30:],
        # Filter type 7 on the second row.
        "bad-filter": png(4, 4, 8, 0, rows, raw=raw[:5] + b"\x07" + raw[6:]),
        # 4×4 grey needs 20 bytes; this inflates to 1 MiB of zeros (a decompression bomb).
        "bad-bomb": png(4, 4, 8, 0, rows, raw=bytes(1 << 20)),
        # Two rows' worth of data for a four-row header.
        "bad-short": png(4, 4, 8, 0, rows, raw=raw[:10]),
        # IDAT that is not a zlib stream.
        "bad-zlib": SIGNATURE + ihdr(4, 4, 8, 0) + chunk(b"IDAT", b"not zlib at all") + chunk(b"IEND", b""),
        # Adam7 interlacing (this decoder rejects it).
        "bad-interlaced": SIGNATURE + ihdr(4, 4, 8, 0, 1) + good[33:],
        # A palette image without PLTE.
        "bad-no-palette": png(4, 4, 8, 3, [[0] * 4] * 4),
        # Colour type 2 at bit depth 4 is not a valid combination.
        "bad-depth": SIGNATURE + ihdr(4, 4, 4, 2) + good[33:],
        # The file stops in the middle of IDAT.
        "bad-truncated": good[:50],
        # Not a PNG at all.
        "bad-signature": b"GIF89a" + good[6:],
        # IDAT, then tEXt, then IDAT again.
        "bad-split-idat": SIGNATURE + ihdr(4, 4, 8, 0) + chunk(b"IDAT", compressed[:4]) + chunk(b"tEXt", b"a\x00b")
        + chunk(b"IDAT", compressed[4:]) + chunk(b"IEND", b""),
        # An unknown critical chunk (upper-case first letter): the image cannot be shown without understanding it.
        "bad-critical": SIGNATURE + ihdr(4, 4, 8, 0) + chunk(b"ZZZZ", b"?") + good[33:],
        # Index 5 in a two-colour palette.
        "bad-palette-index": png(4, 4, 8, 3, [[0, 1, 5, 1]] * 4, extra=chunk(b"PLTE", bytes(6))),
    }


# MARK: The story images, decoded independently


def decode(path):
    """Width, height and RGB rows of an 8-bit RGB non-interlaced PNG, by hand: chunks, zlib, unfiltering."""
    data = path.read_bytes()
    assert data[:8] == SIGNATURE, path
    position, idat = 8, b""
    while position < len(data):
        (length,) = struct.unpack(">I", data[position:position + 4])
        kind = data[position + 4:position + 8]
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert (depth, colour, interlace) == (8, 2, 0), path
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    raw = zlib.decompress(idat)
    stride = width * 3
    rows, previous = [], bytes(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 3] if i >= 3 else 0
            b = previous[i]
            c = previous[i - 3] if i >= 3 else 0
            line[i] = (line[i] + [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, rows


def stories_expected():
    out = {}
    for path in sorted(STORIES.glob("*.png")):
        width, height, rows = decode(path)
        points = [(0, 0), (width - 1, 0), (width // 2, height // 2), (0, height - 1), (width - 1, height - 1)]
        samples = [{"x": x, "y": y, "rgb": list(rows[y][3 * x:3 * x + 3])} for x, y in points]
        out[path.name] = {"width": width, "height": height, "samples": samples,
                          "adler32": zlib.adler32(b"".join(rows)) & 0xFFFFFFFF}
    return out


def main():
    FIXTURES.mkdir(parents=True, exist_ok=True)
    expectations = {}
    for name, (data, expectation) in sorted(valid_fixtures().items()):
        (FIXTURES / f"{name}.png").write_bytes(data)
        expectations[name] = expectation
    for name, data in sorted(broken_fixtures().items()):
        (FIXTURES / f"{name}.png").write_bytes(data)
    (FIXTURES / "expected.json").write_text(compact_json(expectations))
    (FIXTURES / "stories-expected.json").write_text(compact_json(stories_expected()))


def compact_json(mapping):
    """A JSON object with one entry a line, each entry on its line without spaces."""
    lines = [f"{json.dumps(key)}:{json.dumps(value, separators=(',', ':'))}" for key, value in mapping.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


if __name__ == "__main__":
    main()
