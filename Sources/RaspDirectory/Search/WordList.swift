/// A sorted word list and its key space, borrowed for the length of one lookup.
struct WordList {
    let postings: UnsafeBufferPointer<Posting>
    let keys: UnsafeBufferPointer<UInt8>

    /// The postings whose word starts with `prefix`, within `range` (all of whose words start with
    /// `prefix[..<known]`).
    func range(of prefix: UnsafeBufferPointer<UInt8>, within range: Range<Int>, known: Int = 0) -> Range<Int> {
        let lower = partition(range) { compare(prefix, wordAt: $0, from: known) < 0 }
        let upper = partition(lower..<range.upperBound) { compare(prefix, wordAt: $0, from: known) <= 0 }
        return lower..<upper
    }

    /// All postings.
    var all: Range<Int> { 0..<postings.count }

    /// The first index in `range` for which `isBefore` is false (`isBefore` holds for a leading run).
    @inline(__always)
    func partition(_ range: Range<Int>, isBefore: (Int) -> Bool) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if isBefore(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Compares the word of posting `index` with `prefix` from byte `from` on: <0 when the word sorts before
    /// every word starting with `prefix`, 0 when it starts with `prefix`, >0 when it sorts after them.
    @inline(__always)
    func compare(_ prefix: UnsafeBufferPointer<UInt8>, wordAt index: Int, from: Int = 0) -> Int {
        let posting = postings[index]
        var position = from
        // The first four bytes are in the posting: most comparisons never read the key.
        let inHead = min(prefix.count, 4)
        while position < inHead {
            let byte = UInt8(truncatingIfNeeded: posting.head >> (24 - 8 * position))
            if byte == 0 { return -1 }
            let wanted = prefix[position]
            if byte != wanted { return byte < wanted ? -1 : 1 }
            position += 1
        }
        let start = Int(posting.key)
        while position < prefix.count {
            let byte = keys[start + position]
            if Fold.isBreak(byte) { return -1 }
            let wanted = prefix[position]
            if byte != wanted { return byte < wanted ? -1 : 1 }
            position += 1
        }
        return 0
    }

    /// The byte at `depth` of the word of posting `index` (a break byte when the word is shorter).
    @inline(__always)
    func byte(_ index: Int, at depth: Int) -> UInt8 {
        let posting = postings[index]
        if depth < 4 { return UInt8(truncatingIfNeeded: posting.head >> (24 - 8 * depth)) }
        return keys[Int(posting.key) + depth]
    }

    /// Where the key of the name of `posting` starts: just after the end byte of the key before it, found
    /// next to the word itself (no lookup in another array).
    @inline(__always)
    func nameStart(of posting: Posting) -> Int {
        var position = Int(posting.key)
        while keys[position - 1] != Fold.end { position -= 1 }
        return position
    }
}

extension WordList {
    /// Runs of postings whose words start with a string one edit (a letter replaced, inserted, deleted, or two
    /// neighbours swapped) away from `word`: every word having a prefix within one edit of `word`. Runs may
    /// overlap, and may hold exact matches too.
    ///
    /// Walks the sorted list like a trie along `word`: at each depth it tries the edits there, for
    /// replacements and insertions only with the letters that actually follow in the list.
    func typoRanges(of word: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        let count = word.count
        guard count > 0 else { return ranges }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count + 1) { probe in
            /// Copies `word[source]` into the probe from `position` on and returns where it ends.
            func put(_ source: Range<Int>, at position: Int) -> Int {
                for (offset, index) in source.enumerated() { probe[position + offset] = word[index] }
                return position + source.count
            }
            func look(_ length: Int, within: Range<Int>, known: Int) {
                let prefix = UnsafeBufferPointer(rebasing: probe[..<length])
                let found = self.range(of: prefix, within: within, known: known)
                if !found.isEmpty { ranges.append(found) }
            }
            var range = all
            for depth in 0..<count {
                // probe[..<depth] holds word[..<depth] throughout.
                // Deletion: the word without letter `depth`.
                look(put((depth + 1)..<count, at: depth), within: range, known: depth)
                // Swap of letters `depth` and `depth + 1`.
                if depth + 1 < count, word[depth] != word[depth + 1] {
                    probe[depth] = word[depth + 1]
                    probe[depth + 1] = word[depth]
                    look(put((depth + 2)..<count, at: depth + 2), within: range, known: depth)
                }
                // Replacement or insertion at `depth`, with each letter that follows `word[..<depth]` in the list.
                var position = partition(range) { Fold.isBreak(byte($0, at: depth)) }
                while position < range.upperBound {
                    let letter = byte(position, at: depth)
                    let child = position..<partition(position..<range.upperBound) { byte($0, at: depth) <= letter }
                    probe[depth] = letter
                    if letter != word[depth] {
                        look(put((depth + 1)..<count, at: depth + 1), within: child, known: depth + 1)
                    }
                    look(put(depth..<count, at: depth + 1), within: child, known: depth + 1)
                    position = child.upperBound
                }
                // Follow the word one letter deeper.
                probe[depth] = word[depth]
                range = self.range(of: UnsafeBufferPointer(rebasing: word[...depth]), within: range, known: depth)
                if range.isEmpty { break }
            }
        }
        return ranges
    }
}
