/// Decides how well one stored name key matches the words of a query (in the same script).
struct NameMatcher {
    let keys: UnsafeBufferPointer<UInt8>

    /// The best kind of match of `words` against the key starting at `start`, or nil. With `allowTypo`, one
    /// query word of 5+ letters may be one edit away from a word of the key (the others must still start
    /// words of the key).
    func match(_ words: WordsView, keyAt start: Int, allowTypo: Bool) -> MatchKind? {
        if words.count == 1 {
            return matchOne(words[0], keyAt: start, allowTypo: allowTypo && words.allowsTypo(inWord: 0))
        }
        // One pass over the key finds its words and its joined form; every check below reads only those.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.maximumWords) { wordStarts in
            var wordCount = 0
            var joined: Int?
            var position = start
            while true {
                if wordCount < Self.maximumWords {
                    wordStarts[wordCount] = position
                    wordCount += 1
                }
                while !Fold.isBreak(keys[position]) { position += 1 }
                let separator = keys[position]
                if separator == Fold.end { break }
                position += 1
                if separator == Fold.joinedMark {
                    joined = position
                    break
                }
            }
            let keyWords = UnsafeBufferPointer(rebasing: wordStarts[..<wordCount])
            return match(words, keyWords, joined: joined, allowTypo: allowTypo)
        }
    }

    /// The most words of a key the matcher looks at (names have far fewer).
    private static let maximumWords = 16

    private func match(
        _ words: WordsView, _ keyWords: UnsafeBufferPointer<Int>, joined: Int?, allowTypo: Bool
    ) -> MatchKind? {
        // Every query word but at most one must start some word of the key, unless the words written together
        // match the joined form.
        var misses = 0
        var missed = 0
        for index in 0..<words.count where !startsSome(words[index], keyWords, joined) {
            misses += 1
            missed = index
            if misses > 1 { break }
        }
        if misses > 0 {
            if let joined, let end = prefixEnd(words.bytes, at: joined) {
                return keys[end] == Fold.end ? .exact : .prefix
            }
            guard misses == 1, allowTypo, words.allowsTypo(inWord: missed) else { return nil }
            let near = keyWords.contains { Self.isWithinOneEdit(words[missed], prefixOfWordAt: $0, in: keys) }
                || joined.map { Self.isWithinOneEdit(words[missed], prefixOfWordAt: $0, in: keys) } ?? false
            return near ? .fuzzy : nil
        }
        // Every word starts a word: how the name begins decides the kind.
        if words.count <= keyWords.count {
            var exact = true
            var prefix = true
            for index in 0..<words.count {
                guard let end = prefixEnd(words[index], at: keyWords[index]) else {
                    exact = false
                    prefix = false
                    break
                }
                let ended = Fold.isBreak(keys[end])
                if index < words.count - 1, !ended {
                    exact = false
                    prefix = false
                    break
                }
                if index == words.count - 1, !ended || words.count != keyWords.count { exact = false }
            }
            if exact { return .exact }
            if prefix { return .prefix }
        }
        if let joined, let end = prefixEnd(words.bytes, at: joined) { return keys[end] == Fold.end ? .exact : .prefix }
        return .wordPrefix
    }

    /// Whether `word` starts one of the key's words or its joined form.
    @inline(__always)
    private func startsSome(_ word: UnsafeBufferPointer<UInt8>, _ keyWords: UnsafeBufferPointer<Int>, _ joined: Int?)
        -> Bool
    {
        for start in keyWords where prefixEnd(word, at: start) != nil { return true }
        if let joined { return prefixEnd(word, at: joined) != nil }
        return false
    }

    /// Whether every query word but `skipped` starts a word of the key at `start`.
    func startsWords(_ words: WordsView, except skipped: Int, keyAt start: Int) -> Bool {
        for index in 0..<words.count where index != skipped && !startsSomeWord(words[index], start) { return false }
        return true
    }

    /// One query word: exact when it is the whole name (or the joined name), prefix when it starts the name,
    /// word prefix when it starts a later word.
    private func matchOne(_ word: UnsafeBufferPointer<UInt8>, keyAt start: Int, allowTypo: Bool) -> MatchKind? {
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
    @inline(__always)
    private func nextWord(after position: Int) -> Int? {
        var position = position
        while !Fold.isBreak(keys[position]) { position += 1 }
        return keys[position] == Fold.end ? nil : position + 1
    }

    /// If `word` is a prefix of the key word at `position`, the position just after the matched bytes.
    @inline(__always)
    private func prefixEnd(_ word: UnsafeBufferPointer<UInt8>, at position: Int) -> Int? {
        for offset in 0..<word.count where keys[position + offset] != word[offset] { return nil }
        return position + word.count
    }

    /// Whether `word` starts any word of the key.
    private func startsSomeWord(_ word: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        var position: Int? = start
        while let current = position {
            if prefixEnd(word, at: current) != nil { return true }
            position = nextWord(after: current)
        }
        return false
    }

    /// Whether some word of the key has a prefix within one edit of `word`.
    private func nearSomeWord(_ word: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        var position: Int? = start
        while let current = position {
            if Self.isWithinOneEdit(word, prefixOfWordAt: current, in: keys) { return true }
            position = nextWord(after: current)
        }
        return false
    }

    /// Whether some prefix of the key word at `position` is at most one edit (replace, insert, delete, swap of
    /// neighbours) from `word`.
    static func isWithinOneEdit(
        _ word: UnsafeBufferPointer<UInt8>, prefixOfWordAt position: Int, in keys: UnsafeBufferPointer<UInt8>
    ) -> Bool {
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
