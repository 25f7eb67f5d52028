/// Sorts postings by the text of their words (then by name, so equal words keep name order).
enum WordSorter {
    static func sort(_ postings: inout [Posting], keys: [UInt8]) {
        guard postings.count > 1 else { return }
        keys.withUnsafeBufferPointer { keys in
            // Sort by the first eight bytes packed into a number, which settles almost every comparison; only
            // longer words with equal heads compare the rest.
            var keyed = postings.map { (head: head(of: $0.key, in: keys), posting: $0) }
            keyed.sort { left, right in
                if left.head != right.head { return left.head < right.head }
                let order = compareTails(left.posting.key, right.posting.key, in: keys)
                return order != 0 ? order < 0 : left.posting.name < right.posting.name
            }
            for index in keyed.indices { postings[index] = keyed[index].posting }
        }
    }

    /// The first eight bytes of the word at `key`, big-endian, zero after its end.
    @inline(__always)
    private static func head(of key: UInt32, in keys: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        var position = Int(key)
        var ended = false
        for _ in 0..<8 {
            var byte: UInt8 = 0
            if !ended {
                byte = keys[position]
                if Fold.isBreak(byte) {
                    ended = true
                    byte = 0
                } else {
                    position += 1
                }
            }
            value = value << 8 | UInt64(byte)
        }
        return value
    }

    /// Compares two words from their ninth byte on (their heads are equal): <0, 0 or >0.
    private static func compareTails(_ left: UInt32, _ right: UInt32, in keys: UnsafeBufferPointer<UInt8>) -> Int {
        var leftPosition = Int(left)
        var rightPosition = Int(right)
        // Equal heads: either both words ended within 8 bytes (equal), or both have 8+ bytes.
        for _ in 0..<8 {
            if Fold.isBreak(keys[leftPosition]) { return 0 }
            leftPosition += 1
            rightPosition += 1
        }
        while true {
            let leftByte = keys[leftPosition]
            let rightByte = keys[rightPosition]
            let leftEnded = Fold.isBreak(leftByte)
            let rightEnded = Fold.isBreak(rightByte)
            if leftEnded || rightEnded { return leftEnded && rightEnded ? 0 : (leftEnded ? -1 : 1) }
            if leftByte != rightByte { return leftByte < rightByte ? -1 : 1 }
            leftPosition += 1
            rightPosition += 1
        }
    }
}
