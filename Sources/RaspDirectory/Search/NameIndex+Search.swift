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

    /// Offers every name with a word starting with a query word; the rarest word drives, the others are
    /// checked against the whole name.
    private func collect(_ words: WordsView, in list: WordList, into top: inout TopResults) {
        let ranges = exactRanges(words, in: list)
        guard let driver = ranges.min(by: { $0.count < $1.count }), !driver.isEmpty else { return }
        let matcher = NameMatcher(keys: list.keys)
        let single = words.count == 1 ? words[0].count : nil
        for index in driver {
            let posting = list.postings[index]
            let kind: MatchKind
            if let length = single {
                // The flags settle the kind; only a whole-name word needs a look at where it ends.
                let best: MatchKind = posting.isWholeName ? .exact : posting.startsName ? .prefix : .wordPrefix
                guard TopResults.score(best, rank: posting.rank) < top.threshold else { continue }
                kind = best == .exact && list.keys[Int(posting.key) + length] != Fold.end ? .prefix : best
            } else {
                guard TopResults.score(.exact, rank: posting.rank) < top.threshold else { continue }
                // A joined form also starts with the driver only if the name's first word does: no need to
                // check the name twice.
                guard !posting.isJoined,
                    let found = matcher.match(words, keyAt: list.nameStart(of: posting), allowTypo: false)
                else { continue }
                kind = found
            }
            top.offer(entry: nameEntries[Int(posting.name)], score: TopResults.score(kind, rank: posting.rank))
        }
    }

    /// Offers names that match with one typo in a query word of 5+ letters. The candidates for a typo in
    /// word `i` are whichever is fewer: the words one edit away from it (then the other query words must
    /// start words of the name), or the names matching the rarest other word exactly (then the whole name is
    /// checked).
    private func collectTypos(_ words: WordsView, in list: WordList, into top: inout TopResults) {
        guard words.allowsTypo else { return }
        let exact = words.count > 1 ? exactRanges(words, in: list) : []
        let matcher = NameMatcher(keys: list.keys)
        for wordIndex in 0..<words.count where words.allowsTypo(inWord: wordIndex) {
            let near = list.typoRanges(of: words[wordIndex])
            let rarest = exact.indices.filter { $0 != wordIndex }.map { exact[$0] }.min { $0.count < $1.count }
            if let rarest, rarest.count < near.reduce(0, { $0 + $1.count }) {
                offerTypos(in: rarest, of: list, into: &top) {
                    matcher.match(words, keyAt: list.nameStart(of: $0), allowTypo: true) != nil
                }
            } else {
                for range in near {
                    offerTypos(in: range, of: list, into: &top) {
                        words.count == 1
                            || matcher.startsWords(words, except: wordIndex, keyAt: list.nameStart(of: $0))
                    }
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
