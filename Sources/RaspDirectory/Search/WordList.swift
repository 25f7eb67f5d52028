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
        let start = Int(postings[index].key)
        var position = from
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
        keys[Int(postings[index].key) + depth]
    }
}

extension WordList {
    /// Runs of postings whose words start with a string one edit (a letter replaced, inserted, deleted, or two
    /// neighbours swapped) away from `word`: every word having a prefix within one edit of `word`. Runs may
    /// overlap, and may hold exact matches too.
    ///
    /// Walks the sorted list like a trie along `word`: at each depth it tries the edits there, for
    /// replacements and insertions only with the letters that actually follow in the list.
    func typoRanges(of word: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var probe: [UInt8] = []
        probe.reserveCapacity(word.count + 1)
        var range = all
        let count = word.count
        func look(_ within: Range<Int>, _ depth: Int) {
            let found = probe.withUnsafeBufferPointer { self.range(of: $0, within: within, known: depth) }
            if !found.isEmpty { ranges.append(found) }
        }
        for depth in 0..<count {
            // Deletion: the word without letter `depth`.
            probe.removeAll(keepingCapacity: true)
            probe.append(contentsOf: word[..<depth])
            probe.append(contentsOf: word[(depth + 1)...])
            look(range, depth)
            // Swap of letters `depth` and `depth + 1`.
            if depth + 1 < count, word[depth] != word[depth + 1] {
                probe.removeAll(keepingCapacity: true)
                probe.append(contentsOf: word[..<depth])
                probe.append(word[depth + 1])
                probe.append(word[depth])
                probe.append(contentsOf: word[(depth + 2)...])
                look(range, depth)
            }
            // Replacement or insertion at `depth`, with each letter that follows `word[..<depth]` in the list.
            var position = partition(range) { Fold.isBreak(byte($0, at: depth)) }
            while position < range.upperBound {
                let letter = byte(position, at: depth)
                let child = position..<partition(position..<range.upperBound) { byte($0, at: depth) <= letter }
                if letter != word[depth] {
                    probe.removeAll(keepingCapacity: true)
                    probe.append(contentsOf: word[..<depth])
                    probe.append(letter)
                    probe.append(contentsOf: word[(depth + 1)...])
                    look(child, depth + 1)
                }
                probe.removeAll(keepingCapacity: true)
                probe.append(contentsOf: word[..<depth])
                probe.append(letter)
                probe.append(contentsOf: word[depth...])
                look(child, depth + 1)
                position = child.upperBound
            }
            // Follow the word one letter deeper.
            range = word.withUnsafeBufferPointer {
                self.range(of: UnsafeBufferPointer(rebasing: $0[...depth]), within: range, known: depth)
            }
            if range.isEmpty { break }
        }
        return ranges
    }
}
