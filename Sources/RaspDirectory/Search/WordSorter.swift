/// Puts the postings of one word list in word order without comparing postings: each word is interned as it
/// is added (real names repeat words a lot: «платформа», «улица», «Новая»), the distinct words are sorted once,
/// and a stable counting sort places the postings, which keeps postings of one word in name order.
struct WordSorter {
    /// The word number of each posting, in the order they were added.
    private var wordOfPosting: [UInt32] = []
    /// Where each distinct word was first seen in its key space.
    private var wordKeys: [UInt32] = []
    /// Open addressing: a word's first eight bytes, hash and number side by side (16 bytes), so a probe is one
    /// memory access, and words of up to eight bytes (whose head is zero-padded, which no symbol is) never
    /// need their text read again.
    private var slots = [Slot](repeating: Slot(head: 0, hash: 0, word: -1), count: 1 << 12)

    private struct Slot {
        var head: UInt64
        var hash: UInt32
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
        let shortHash = UInt32(truncatingIfNeeded: hash >> 32)
        let mask = slots.count - 1
        var slot = Int(shortHash) & mask
        while slots[slot].word >= 0 {
            let entry = slots[slot]
            if entry.hash == shortHash, entry.head == head,
                length <= 8 || Self.sameTail(key, Int(wordKeys[Int(entry.word)]), in: keys)
            {
                wordOfPosting.append(UInt32(entry.word))
                return
            }
            slot = (slot + 1) & mask
        }
        let number = wordKeys.count
        wordKeys.append(UInt32(key))
        slots[slot] = Slot(head: head, hash: shortHash, word: Int32(number))
        wordOfPosting.append(UInt32(number))
        if wordKeys.count * 2 > slots.count { grow() }
    }

    /// Puts `postings` (added in step with ``add(wordAt:in:)``) in word order, each word's postings in added
    /// order, in place: the hash table is freed first and the postings are moved along the cycles of the
    /// permutation, so the list is never held twice.
    mutating func sort(_ postings: inout [Posting], keys: [UInt8]) {
        precondition(postings.count == wordOfPosting.count)
        slots = []
        let order = keys.withUnsafeBufferPointer { keys in sortedWords(keys) }
        // next[w] = the next free position for word w's postings.
        var next = [Int](repeating: 0, count: wordKeys.count)
        for word in wordOfPosting { next[Int(word)] += 1 }
        var position = 0
        for word in order {
            let count = next[Int(word)]
            next[Int(word)] = position
            position += count
        }
        // wordOfPosting becomes each posting's destination.
        for index in wordOfPosting.indices {
            let word = Int(wordOfPosting[index])
            wordOfPosting[index] = UInt32(next[word])
            next[word] += 1
        }
        next = []
        postings.withUnsafeMutableBufferPointer { postings in
            wordOfPosting.withUnsafeMutableBufferPointer { destinations in
                for index in postings.indices {
                    while Int(destinations[index]) != index {
                        let target = Int(destinations[index])
                        postings.swapAt(index, target)
                        destinations.swapAt(index, target)
                    }
                }
            }
        }
        wordOfPosting = []
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
        slots = [Slot](repeating: Slot(head: 0, hash: 0, word: -1), count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry.word >= 0 {
            var slot = Int(entry.hash) & mask
            while slots[slot].word >= 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// Whether two words, equal in their first eight bytes, are equal.
    private static func sameTail(_ left: Int, _ right: Int, in keys: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 8
        while true {
            let leftByte = keys[left + offset]
            let rightByte = keys[right + offset]
            let leftEnded = Fold.isBreak(leftByte)
            if leftEnded || Fold.isBreak(rightByte) { return leftEnded && Fold.isBreak(rightByte) }
            if leftByte != rightByte { return false }
            offset += 1
        }
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
