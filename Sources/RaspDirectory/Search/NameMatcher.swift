/// Decides how well one stored name key matches the words of a query (in the same script).
struct NameMatcher {
    let keys: UnsafeBufferPointer<UInt8>

    /// The best kind of match of `query` against the key starting at `start`, or nil. With `allowTypo`, one
    /// query word of 5+ letters may be one edit away from a word of the key (the others must still start
    /// words of the key).
    func match(_ query: SearchQuery.Words, keyAt start: Int, allowTypo: Bool) -> MatchKind? {
        let words = query.words
        if words.count == 1 {
            return matchOne(words[0], keyAt: start, allowTypo: allowTypo && query.allowsTypo(inWord: 0))
        }
        if isExact(words, start) || isJoined(query.joined, start, exact: true) { return .exact }
        if isPrefix(words, start) || isJoined(query.joined, start, exact: false) { return .prefix }
        var misses = 0
        var missed = 0
        for (index, word) in words.enumerated() where !startsSomeWord(word, start) {
            misses += 1
            missed = index
            if misses > 1 { return nil }
        }
        if misses == 0 { return .wordPrefix }
        guard allowTypo, query.allowsTypo(inWord: missed) else { return nil }
        return nearSomeWord(words[missed], start) ? .fuzzy : nil
    }

    /// One query word: exact when it is the whole name (or the joined name), prefix when it starts the name,
    /// word prefix when it starts a later word.
    private func matchOne(_ word: [UInt8], keyAt start: Int, allowTypo: Bool) -> MatchKind? {
        if let end = prefixEnd(word, at: start) { return keys[end] == Fold.end ? .exact : .prefix }
        var position = start
        while let next = nextWord(after: position) {
            position = next
            if let end = prefixEnd(word, at: position) {
                if keys[position - 1] == Fold.joinedMark { return keys[end] == Fold.end ? .exact : .prefix }
                return .wordPrefix
            }
        }
        return allowTypo && nearSomeWord(word, start) ? .fuzzy : nil
    }

    // MARK: Word walks

    /// The start of the word after the one at `position` (the joined form counts as a word), or nil.
    private func nextWord(after position: Int) -> Int? {
        var position = position
        while !Fold.isBreak(keys[position]) { position += 1 }
        return keys[position] == Fold.end ? nil : position + 1
    }

    /// If `word` is a prefix of the key word at `position`, the position just after the matched bytes.
    @inline(__always)
    private func prefixEnd(_ word: [UInt8], at position: Int) -> Int? {
        for (offset, byte) in word.enumerated() where keys[position + offset] != byte { return nil }
        return position + word.count
    }

    /// Whether the query words are the key's words, one for one.
    private func isExact(_ words: [[UInt8]], _ start: Int) -> Bool {
        var position = start
        for (index, word) in words.enumerated() {
            guard let end = prefixEnd(word, at: position) else { return false }
            let last = index == words.count - 1
            if last { return keys[end] == Fold.end || keys[end] == Fold.joinedMark }
            guard keys[end] == Fold.wordBreak else { return false }
            position = end + 1
        }
        return false
    }

    /// Whether the key starts with the query: all words but the last equal, the last a prefix.
    private func isPrefix(_ words: [[UInt8]], _ start: Int) -> Bool {
        var position = start
        for (index, word) in words.enumerated() {
            guard let end = prefixEnd(word, at: position) else { return false }
            if index == words.count - 1 { return true }
            guard keys[end] == Fold.wordBreak else { return false }
            position = end + 1
        }
        return false
    }

    /// Whether the joined query is the joined key (`exact`) or starts it.
    private func isJoined(_ joined: [UInt8], _ start: Int, exact: Bool) -> Bool {
        var position = start
        while !Fold.isBreak(keys[position]) || keys[position] == Fold.wordBreak { position += 1 }
        guard keys[position] == Fold.joinedMark, let end = prefixEnd(joined, at: position + 1) else { return false }
        return !exact || keys[end] == Fold.end
    }

    /// Whether `word` starts any word of the key.
    private func startsSomeWord(_ word: [UInt8], _ start: Int) -> Bool {
        var position: Int? = start
        while let current = position {
            if prefixEnd(word, at: current) != nil { return true }
            position = nextWord(after: current)
        }
        return false
    }

    /// Whether some word of the key has a prefix within one edit of `word`.
    private func nearSomeWord(_ word: [UInt8], _ start: Int) -> Bool {
        var position: Int? = start
        while let current = position {
            if Self.isWithinOneEdit(word, prefixOfWordAt: current, in: keys) { return true }
            position = nextWord(after: current)
        }
        return false
    }

    /// Whether some prefix of the key word at `position` is at most one edit (replace, insert, delete, swap of
    /// neighbours) from `word`.
    static func isWithinOneEdit(_ word: [UInt8], prefixOfWordAt position: Int, in keys: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        let count = word.count
        var index = 0
        while index < count, keys[position + index] == word[index] { index += 1 }
        if index == count { return true }
        func rest(from wordIndex: Int, at keyPosition: Int) -> Bool {
            var offset = 0
            while wordIndex + offset < count {
                let byte = keys[keyPosition + offset]
                if Fold.isBreak(byte) || byte != word[wordIndex + offset] { return false }
                offset += 1
            }
            return true
        }
        let here = position + index
        if rest(from: index + 1, at: here) { return true }  // extra letter in the query
        guard !Fold.isBreak(keys[here]) else { return false }
        if rest(from: index + 1, at: here + 1) { return true }  // a letter replaced
        if rest(from: index, at: here + 1) { return true }  // a letter missing from the query
        return index + 1 < count && keys[here + 1] == word[index] && keys[here] == word[index + 1]
            && rest(from: index + 2, at: here + 2)  // neighbours swapped
    }
}
