import Foundation

/// Writes compact JSON text to a file through a buffer, so a 40 MB document never sits in memory.
struct JSONTextWriter {
    private let handle: FileHandle?
    private var buffer: [UInt8] = []
    /// Everything written so far, when writing to memory.
    private(set) var collected: [UInt8] = []
    private(set) var bytesWritten = 0
    private var failure: (any Error)?

    /// Writes to `handle`, or collects in memory when it is nil.
    init(handle: FileHandle?) {
        self.handle = handle
        buffer.reserveCapacity(1 << 20)
    }

    mutating func raw(_ text: StaticString) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        flushIfFull()
    }

    /// A string value, quoted and escaped.
    mutating func string(_ value: String) {
        buffer.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                buffer.append(UInt8(ascii: "\\"))
                buffer.append(byte)
            case 0..<0x20:
                buffer.append(contentsOf: Array(String(format: "\\u%04x", byte).utf8))
            default:
                buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
        flushIfFull()
    }

    /// A number written with `decimals` digits after the point.
    mutating func number(_ value: Double, decimals: Int) {
        buffer.append(contentsOf: Array(String(format: "%.\(decimals)f", value).utf8))
    }

    /// `"key":`
    mutating func key(_ name: StaticString) {
        buffer.append(UInt8(ascii: "\""))
        raw(name)
        buffer.append(UInt8(ascii: "\""))
        buffer.append(UInt8(ascii: ":"))
    }

    /// Writes what is buffered and throws the first write error, if any.
    mutating func finish() throws {
        flush()
        if let failure { throw failure }
    }

    private mutating func flush() {
        bytesWritten += buffer.count
        if let handle {
            do {
                if failure == nil { try handle.write(contentsOf: buffer) }
            } catch {
                failure = error
            }
        } else {
            collected.append(contentsOf: buffer)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func flushIfFull() {
        if buffer.count >= 1 << 20 { flush() }
    }
}
