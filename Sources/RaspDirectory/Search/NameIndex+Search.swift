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
            withList(folded, foldSpace) { collect(query.folded, in: $0, starts: foldSpace.starts, into: &top) }
            withList(native, latinSpace) { collect(query.latin, in: $0, starts: latinSpace.starts, into: &top) }
            guard !top.isFull else { return ranked(top) }
            withList(folded, foldSpace) { collectTypos(query.folded, in: $0, starts: foldSpace.starts, into: &top) }
            withList(native, latinSpace) { collectTypos(query.latin, in: $0, starts: latinSpace.starts, into: &top) }
        } else {
            for postings in [native, transliterated] {
                withList(postings, latinSpace) { collect(query.latin, in: $0, starts: latinSpace.starts, into: &top) }
            }
            guard !top.isFull else { return ranked(top) }
            for postings in [native, transliterated] {
                withList(postings, latinSpace) {
                    collectTypos(query.latin, in: $0, starts: latinSpace.starts, into: &top)
                }
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
                kind = foldSpace.keys.withUnsafeBufferPointer {
                    NameMatcher(keys: $0).match(query.folded, keyAt: Int(foldStart), allowTypo: true)
                }
            } else {
                kind = latinSpace.keys.withUnsafeBufferPointer {
                    NameMatcher(keys: $0).match(query.latin, keyAt: Int(latinSpace.starts[name]), allowTypo: true)
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

    private func withList<R>(_ postings: [Posting], _ space: KeySpace, _ body: (WordList) -> R) -> R {
        postings.withUnsafeBufferPointer { postings in
            space.keys.withUnsafeBufferPointer { keys in body(WordList(postings: postings, keys: keys)) }
        }
    }

    /// Offers every name with a word starting with a query word; the rarest word drives, the others are
    /// checked against the whole name.
    private func collect(_ query: SearchQuery.Words, in list: WordList, starts: [UInt32], into top: inout TopResults) {
        let words = query.words
        let ranges = exactRanges(query, in: list)
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
                guard list.keys[Int(posting.key) - 1] != Fold.joinedMark,
                    let found = matcher.match(query, keyAt: Int(starts[Int(posting.name)]), allowTypo: false)
                else { continue }
                kind = found
            }
            top.offer(entry: nameEntries[Int(posting.name)], score: TopResults.score(kind, rank: posting.rank))
        }
    }

    /// Offers names that match with one typo in a query word of 5+ letters. For a single word the candidates
    /// are the words one edit away; with several words, whichever is fewer: those, or the names matching the
    /// rarest other word exactly.
    private func collectTypos(
        _ query: SearchQuery.Words, in list: WordList, starts: [UInt32], into top: inout TopResults
    ) {
        let words = query.words
        let exact = words.count > 1 ? exactRanges(query, in: list) : []
        let matcher = NameMatcher(keys: list.keys)
        for (wordIndex, word) in words.enumerated() where query.allowsTypo(inWord: wordIndex) {
            var candidates = list.typoRanges(of: word)
            if words.count > 1 {
                let others = exact.indices.filter { $0 != wordIndex }.map { exact[$0] }
                if let rarest = others.min(by: { $0.count < $1.count }),
                    rarest.count < candidates.reduce(0, { $0 + $1.count })
                {
                    candidates = [rarest]
                }
            }
            for range in candidates {
                for index in range {
                    let posting = list.postings[index]
                    guard TopResults.score(.fuzzy, rank: posting.rank) < top.threshold else { continue }
                    if words.count > 1 {
                        let start = Int(starts[Int(posting.name)])
                        guard matcher.match(query, keyAt: start, allowTypo: true) != nil else { continue }
                    }
                    top.offer(entry: nameEntries[Int(posting.name)], score: TopResults.score(.fuzzy, rank: posting.rank))
                }
            }
        }
    }

    /// The run of postings starting with each query word.
    private func exactRanges(_ query: SearchQuery.Words, in list: WordList) -> [Range<Int>] {
        query.words.map { word in word.withUnsafeBufferPointer { list.range(of: $0, within: list.all) } }
    }
}
