/// An entry found by a search, with how it matched.
struct RankedEntry: Equatable {
    var entry: Int
    var kind: MatchKind
}

extension NameIndex {
    /// The best `limit` entries for `query`, best first: by match kind, then rank. Typos are tried only when
    /// the exact kinds leave room, since a typo match never outranks them.
    func search(_ query: SearchQuery, limit: Int) -> [RankedEntry] {
        guard limit > 0 else { return [] }
        var top = TopResults(limit: limit)
        if query.isCyrillic {
            withList(folded, foldSpace, query.folded) { collect($1, in: $0, into: &top) }
            withList(native, latinSpace, query.latin) { collect($1, in: $0, into: &top) }
            guard !top.isFull else { return ranked(top) }
            withList(folded, foldSpace, query.folded) { collectTypos($1, in: $0, into: &top) }
            withList(native, latinSpace, query.latin) { collectTypos($1, in: $0, into: &top) }
        } else {
            for postings in [native, transliterated] {
                withList(postings, latinSpace, query.latin) { collect($1, in: $0, into: &top) }
            }
            guard !top.isFull else { return ranked(top) }
            for postings in [native, transliterated] {
                withList(postings, latinSpace, query.latin) { collectTypos($1, in: $0, into: &top) }
            }
        }
        return ranked(top)
    }

    /// How well `query` matches any name of `entry` (typos allowed), nil when it does not.
    func match(_ query: SearchQuery, entry: Int) -> MatchKind? {
        var best: MatchKind?
        for name in names(of: entry) {
            let foldStart = foldSpace.starts[name]
            let kind: MatchKind?
            if query.isCyrillic, foldStart != KeySpace.none {
                kind = foldSpace.keys.withUnsafeBufferPointer { keys in
                    query.folded.withView { NameMatcher(keys: keys).match($0, keyAt: Int(foldStart), allowTypo: true) }
                }
            } else {
                let start = Int(latinSpace.starts[name])
                kind = latinSpace.keys.withUnsafeBufferPointer { keys in
                    query.latin.withView { NameMatcher(keys: keys).match($0, keyAt: start, allowTypo: true) }
                }
            }
            if let kind, best.map({ kind < $0 }) ?? true { best = kind }
        }
        return best
    }

    /// The best `limit` of `entries` for `query` by matching each one (for small sets, such as the stations
    /// of one settlement).
    func scan(_ query: SearchQuery, entries: Range<Int>, limit: Int) -> [RankedEntry] {
        guard limit > 0 else { return [] }
        var top = TopResults(limit: limit)
        for entry in entries {
            guard let kind = match(query, entry: entry) else { continue }
            top.offer(entry: UInt32(entry), score: TopResults.score(kind, rank: ranks[entry]))
        }
        return ranked(top)
    }

    // MARK: Collecting

    private func ranked(_ top: TopResults) -> [RankedEntry] {
        top.items.map { RankedEntry(entry: Int($0.entry), kind: TopResults.kind(of: $0.score)) }
    }

    /// Runs `body` with a word list and the query words borrowed as buffers.
    private func withList<R>(
        _ postings: [Posting], _ space: KeySpace, _ words: SearchQuery.Words, _ body: (WordList, WordsView) -> R
    ) -> R {
        postings.withUnsafeBufferPointer { postings in
            space.keys.withUnsafeBufferPointer { keys in
                words.withView { body(WordList(postings: postings, keys: keys), $0) }
            }
        }
    }

    /// Offers every name with a word starting with a query word. One word: its run, the kind read off the
    /// postings. Several: the rarest word's run drives, filtered by the names in the next rarest word's run
    /// (a bit set, so most candidates are dropped without reading their key), and the rest is checked against
    /// the whole name; joined forms starting with the words written together are offered too.
    private func collect(_ words: WordsView, in list: WordList, into top: inout TopResults) {
        guard words.count > 1 else { return collectOne(words[0], in: list, into: &top) }
        collectJoined(words, in: list, into: &top)
        let ranges = exactRanges(words, in: list).sorted { $0.count < $1.count }
        let driver = ranges[0]
        guard !driver.isEmpty else { return }
        var filter: NameSet?
        if ranges[1].count <= 64 * driver.count {
            filter = NameSet(names: nameCount)
            filter?.insert(ranges[1], of: list)
        }
        let matcher = NameMatcher(keys: list.keys)
        for index in driver {
            let posting = list.postings[index]
            // A joined form starts with the driver only if the name's first word does: seen there.
            guard TopResults.score(.exact, rank: posting.rank) < top.threshold, !posting.isJoined,
                filter?.contains(posting.name) ?? true,
                let kind = matcher.match(words, keyAt: list.nameStart(of: posting), allowTypo: false)
            else { continue }
            top.offer(entry: nameEntries[Int(posting.name)], score: TopResults.score(kind, rank: posting.rank))
        }
    }

    /// One query word: the flags settle the kind; only a whole-name word needs a look at where it ends.
    private func collectOne(_ word: UnsafeBufferPointer<UInt8>, in list: WordList, into top: inout TopResults) {
        for index in list.range(of: word, within: list.all) {
            let posting = list.postings[index]
            let best: MatchKind = posting.isWholeName ? .exact : posting.startsName ? .prefix : .wordPrefix
            guard TopResults.score(best, rank: posting.rank) < top.threshold else { continue }
            let kind = best == .exact && list.keys[Int(posting.key) + word.count] != Fold.end ? .prefix : best
            top.offer(entry: nameEntries[Int(posting.name)], score: TopResults.score(kind, rank: posting.rank))
        }
    }

    /// Names whose joined form starts with the query words written together («ростов надону»).
    private func collectJoined(_ words: WordsView, in list: WordList, into top: inout TopResults) {
        for index in list.range(of: words.bytes, within: list.all) {
            let posting = list.postings[index]
            guard posting.isJoined else { continue }
            let kind: MatchKind = list.keys[Int(posting.key) + words.bytes.count] == Fold.end ? .exact : .prefix
            top.offer(entry: nameEntries[Int(posting.name)], score: TopResults.score(kind, rank: posting.rank))
        }
    }

    /// Offers names that match with one typo in a query word of 5+ letters: the words one edit away from it,
    /// and, with several query words, only names in the rarest other word's run (a bit set) whose words the
    /// other query words start.
    private func collectTypos(_ words: WordsView, in list: WordList, into top: inout TopResults) {
        guard words.allowsTypo else { return }
        let exact = words.count > 1 ? exactRanges(words, in: list) : []
        let matcher = NameMatcher(keys: list.keys)
        for wordIndex in 0..<words.count where words.allowsTypo(inWord: wordIndex) {
            let near = list.typoRanges(of: words[wordIndex])
            guard words.count > 1 else {
                for range in near { offerTypos(in: range, of: list, into: &top) { _ in true } }
                continue
            }
            let rarest = exact.indices.filter { $0 != wordIndex }.map { exact[$0] }.min { $0.count < $1.count }
            // Another word that starts no word at all cannot be saved: only one typo is forgiven.
            guard let rarest, !rarest.isEmpty else { continue }
            var filter = NameSet(names: nameCount)
            filter.insert(rarest, of: list)
            for range in near {
                offerTypos(in: range, of: list, into: &top) {
                    filter.contains($0.name)
                        && matcher.startsWords(words, except: wordIndex, keyAt: list.nameStart(of: $0))
                }
            }
        }
    }

    /// Offers the postings of `range` that pass `matches` as typo matches.
    @inline(__always)
    private func offerTypos(
        in range: Range<Int>, of list: WordList, into top: inout TopResults, _ matches: (Posting) -> Bool
    ) {
        for index in range {
            let posting = list.postings[index]
            let score = TopResults.score(.fuzzy, rank: posting.rank)
            guard score < top.threshold, matches(posting) else { continue }
            top.offer(entry: nameEntries[Int(posting.name)], score: score)
        }
    }

    /// The run of postings starting with each query word.
    private func exactRanges(_ words: WordsView, in list: WordList) -> [Range<Int>] {
        (0..<words.count).map { list.range(of: words[$0], within: list.all) }
    }
}
