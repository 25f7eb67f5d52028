import Foundation

/// Stores each distinct short value (a direction, a type name) once and hands out small numbers for it.
struct ValueInterner {
    /// The values by number; 0 is the empty value.
    private(set) var values: [TextRef] = [.empty]
    private var hashes: [UInt64] = [0]
    private var slots = [Int32](repeating: -1, count: 1024)

    /// The number of `bytes`, adding them to `text` the first time they are seen.
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, text: inout TextTable) -> UInt32 {
        if bytes.isEmpty { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let number = Int(slots[slot])
            let ref = values[number]
            if hashes[number] == hash, ref.count == bytes.count,
                text.bytes.withUnsafeBufferPointer({
                    memcmp($0.baseAddress! + Int(ref.start), bytes.baseAddress!, bytes.count) == 0
                })
            {
                return UInt32(number)
            }
            slot = (slot + 1) & mask
        }
        let number = values.count
        values.append(text.append(bytes))
        hashes.append(hash)
        slots[slot] = Int32(number)
        if values.count * 2 > slots.count { grow() }
        return UInt32(number)
    }

    /// The number of a string value.
    mutating func intern(_ string: String, text: inout TextTable) -> UInt32 {
        var string = string
        return string.withUTF8 { intern($0, text: &text) }
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for number in 1..<values.count {
            var slot = Int(truncatingIfNeeded: hashes[number]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number)
        }
    }
}
