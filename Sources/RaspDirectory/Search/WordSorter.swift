/// Puts the postings of one word list in word order without comparing postings: each word is interned as it
/// is added (real names repeat words a lot: «платформа», «улица», «Новая»), the distinct words are sorted once,
/// and a stable counting sort places the postings, which keeps postings of one word in name order.
struct WordSorter {
    /// The word number of each posting, in the order they were added.
    private var wordOfPosting: [UInt32] = []
    /// Where each distinct word was first seen in its key space.
    private var wordKeys: [UInt32] = []
    /// Open addressing: a word's hash, first eight bytes, length and number side by side, so a probe is one
    /// memory access and words of up to eight bytes never need their text read again.
    private var slots = [Slot](repeating: Slot(hash: 0, head: 0, length: 0, word: -1), count: 1 << 12)

    private struct Slot {
        var hash: UInt64
        var head: UInt64
        var length: Int32
        var word: Int32
    }

    /// Records the word of the next posting: the word at `key` in `keys`.
    mutating func add(wordAt key: Int, in keys: UnsafeBufferPointer<UInt8>) {
        // Hash eight bytes at a time: one multiply per chunk, not per byte.
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
        var chunk: UInt64 = 0
        var head: UInt64 = 0
        var end = key
        while !Fold.isBreak(keys[end]) {
            chunk = chunk << 8 | UInt64(keys[end])
            end += 1
            if (end - key) & 7 == 0 {
                if end - key == 8 { head = chunk }
                hash = (hash ^ chunk) &* 0xBF58_476D_1CE4_E5B9
                chunk = 0
            }
        }
        let length = end - key
        if length < 8 { head = chunk }
        hash = (hash ^ chunk ^ UInt64(length)) &* 0x94D0_49BB_1331_11EB
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 32) & mask
        while slots[slot].word >= 0 {
            let entry = slots[slot]
            if entry.hash == hash, entry.head == head, Int(entry.length) == length,
                length <= 8 || Self.sameTail(key, Int(wordKeys[Int(entry.word)]), length: length, in: keys)
            {
                wordOfPosting.append(UInt32(entry.word))
                return
            }
            slot = (slot + 1) & mask
        }
        let number = wordKeys.count
        wordKeys.append(UInt32(key))
        slots[slot] = Slot(hash: hash, head: head, length: Int32(length), word: Int32(number))
        wordOfPosting.append(UInt32(number))
        if wordKeys.count * 2 > slots.count { grow() }
    }

    /// `postings` (added in step with ``add(_:at:in:)``) in word order, each word's postings in added order.
    func sorted(_ postings: [Posting], keys: [UInt8]) -> [Posting] {
        precondition(postings.count == wordOfPosting.count)
        let order = keys.withUnsafeBufferPointer { keys in sortedWords(keys) }
        // starts[w] = the first output position of word w's postings.
        var counts = [Int](repeating: 0, count: wordKeys.count)
        for word in wordOfPosting { counts[Int(word)] += 1 }
        var starts = [Int](repeating: 0, count: wordKeys.count)
        var position = 0
        for word in order {
            starts[Int(word)] = position
            position += counts[Int(word)]
        }
        return [Posting](unsafeUninitializedCapacity: postings.count) { buffer, initialized in
            for (index, word) in wordOfPosting.enumerated() {
                buffer[starts[Int(word)]] = postings[index]
                starts[Int(word)] += 1
            }
            initialized = postings.count
        }
    }

    /// The distinct words in text order.
    private func sortedWords(_ keys: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        var heads: [(head: UInt64, word: UInt32)] = []
        heads.reserveCapacity(wordKeys.count)
        for (word, key) in wordKeys.enumerated() {
            heads.append((Self.head(of: Int(key), in: keys), UInt32(word)))
        }
        heads.sort { left, right in
            if left.head != right.head { return left.head < right.head }
            return Self.tailPrecedes(Int(wordKeys[Int(left.word)]), Int(wordKeys[Int(right.word)]), in: keys)
        }
        return heads.map(\.word)
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(hash: 0, head: 0, length: 0, word: -1), count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry.word >= 0 {
            var slot = Int(truncatingIfNeeded: entry.hash >> 32) & mask
            while slots[slot].word >= 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// Whether two words of `length` bytes, equal in their first eight, are equal.
    private static func sameTail(_ left: Int, _ right: Int, length: Int, in keys: UnsafeBufferPointer<UInt8>) -> Bool {
        for offset in 8..<length where keys[left + offset] != keys[right + offset] { return false }
        return true
    }

    /// The first eight bytes of the word at `key`, big-endian, zero after its end.
    private static func head(of key: Int, in keys: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        var position = key
        for _ in 0..<8 {
            let byte = keys[position]
            if Fold.isBreak(byte) {
                value <<= 8
            } else {
                value = value << 8 | UInt64(byte)
                position += 1
            }
        }
        return value
    }

    /// Whether the word at `left` sorts before the different word at `right`, given equal heads.
    private static func tailPrecedes(_ left: Int, _ right: Int, in keys: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while true {
            let leftByte = keys[left + offset]
            let rightByte = keys[right + offset]
            let leftEnded = Fold.isBreak(leftByte)
            let rightEnded = Fold.isBreak(rightByte)
            if leftEnded || rightEnded { return leftEnded && !rightEnded }
            if leftByte != rightByte { return leftByte < rightByte }
            offset += 1
        }
    }
}
