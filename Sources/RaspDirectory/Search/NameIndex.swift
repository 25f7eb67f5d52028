/// One word of one name in a sorted word list: where the word's text starts in its key space, the name, and
/// what a scan or a binary search needs without reading the key (kept inline, so a scan reads postings in
/// order): the rank of the name's entry, three flags, and the word's first four bytes.
struct Posting: Sendable, BitwiseCopyable {
    var key: UInt32
    var name: UInt32
    /// The rank (low 29 bits), ``startsName``, ``isWholeName`` and ``isJoined``.
    var rankAndFlags: UInt32
    /// The word's first four bytes, big-endian, zero after its end (a break sorts first, like zero).
    var head: UInt32

    static let startsNameFlag: UInt32 = 1 << 31
    static let wholeNameFlag: UInt32 = 1 << 30
    static let joinedFlag: UInt32 = 1 << 29
    static let rankMask: UInt32 = (1 << 29) - 1

    /// A posting for the word `word` stored at `key`.
    init(key: Int, name: UInt32, flags: UInt32, word: UnsafeBufferPointer<UInt8>) {
        self.key = UInt32(key)
        self.name = name
        self.rankAndFlags = flags
        var head: UInt32 = 0
        for index in 0..<4 { head = head << 8 | UInt32(index < word.count ? word[index] : 0) }
        self.head = head
    }

    var rank: UInt32 { rankAndFlags & Self.rankMask }
    /// The word is the first of its name, or the joined form: the name may start with the query.
    var startsName: Bool { rankAndFlags & Self.startsNameFlag != 0 }
    /// The word is all of its name (a one-word name, or the joined form): the name may equal the query.
    var isWholeName: Bool { rankAndFlags & Self.wholeNameFlag != 0 }
    /// The word is the joined form of a multi-word name.
    var isJoined: Bool { rankAndFlags & Self.joinedFlag != 0 }
}

/// The search keys of every name in one script, back to back. A name's key is its words separated by
/// ``Fold/wordBreak``, then (for 2–4 words, when the index joins words) ``Fold/joinedMark`` and the words
/// written together, then ``Fold/end``.
struct KeySpace: Sendable {
    /// The keys, with a leading ``Fold/end`` so every word has a byte before it.
    var keys: [UInt8] = [Fold.end]
    /// Where each name's key starts, or ``none`` when the name has no key in this space.
    var starts: [UInt32] = []

    static let none = UInt32.max
}

/// The search index of one kind of entry (settlements or stations): every searchable name (title, popular
/// title), folded and in canonical Latin, and three word lists sorted by text:
///
/// - `folded`: the words of names with Cyrillic letters, folded;
/// - `native`: the words of names without Cyrillic, in Latin;
/// - `transliterated`: the words of names with Cyrillic, in Latin.
///
/// A Cyrillic query looks in `folded` and `native`, a Latin one in `native` and `transliterated`. Every prefix
/// of a word is a contiguous run of a sorted list, found by binary search.
struct NameIndex: Sendable {
    /// The entry of each name; names are in entry order.
    var nameEntries: [UInt32] = []
    var foldSpace = KeySpace()
    var latinSpace = KeySpace()
    var folded: [Posting] = []
    var native: [Posting] = []
    var transliterated: [Posting] = []
    /// The rank of each entry among equal matches (0 first): bigger settlements, hub stations first, then
    /// document order, so equal matches always come out in the same order.
    var ranks: [UInt32] = []

    var nameCount: Int { nameEntries.count }

    /// The names of `entry` (a range of name numbers, empty when it has none).
    func names(of entry: Int) -> Range<Int> {
        let key = UInt32(entry)
        var low = 0
        var high = nameEntries.count
        while low < high {
            let middle = (low + high) / 2
            if nameEntries[middle] < key { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < nameEntries.count, nameEntries[end] == key { end += 1 }
        return low..<end
    }
}

/// Builds a ``NameIndex`` one name at a time.
struct NameIndexBuilder {
    /// Whether multi-word names also get their joined form (settlements: «санктпетербург»).
    let joinsWords: Bool
    private(set) var index = NameIndex()
    private var folded: [UInt8] = []
    private var latin: [UInt8] = []
    private var foldedSorter = WordSorter()
    private var nativeSorter = WordSorter()
    private var transliteratedSorter = WordSorter()

    init(joinsWords: Bool, expectedNames: Int = 0) {
        self.joinsWords = joinsWords
        index.nameEntries.reserveCapacity(expectedNames)
        index.foldSpace.starts.reserveCapacity(expectedNames)
        index.latinSpace.starts.reserveCapacity(expectedNames)
        index.foldSpace.keys.reserveCapacity(expectedNames * 20)
        index.latinSpace.keys.reserveCapacity(expectedNames * 24)
        index.folded.reserveCapacity(expectedNames * 2)
        index.transliterated.reserveCapacity(expectedNames * 2)
    }

    /// Adds a name of `entry` (entries in ascending order). Names without letters or digits are skipped.
    mutating func add(entry: Int, name utf8: UnsafeBufferPointer<UInt8>) {
        folded.removeAll(keepingCapacity: true)
        let summary = TextFolder.fold(utf8, into: &folded)
        guard summary.words > 0 else { return }
        let name = UInt32(index.nameEntries.count)
        index.nameEntries.append(UInt32(entry))
        let joins = joinsWords && summary.words > 1 && summary.words <= 4
        if summary.cyrillic {
            index.foldSpace.starts.append(UInt32(index.foldSpace.keys.count))
            folded.withUnsafeBufferPointer {
                Self.append($0, name: name, joins: joins, to: &index.foldSpace.keys, &index.folded, &foldedSorter)
            }
        } else {
            index.foldSpace.starts.append(KeySpace.none)
        }
        latin.removeAll(keepingCapacity: true)
        folded.withUnsafeBufferPointer { buffer in
            var start = 0
            for position in 0...buffer.count where position == buffer.count || buffer[position] == Fold.wordBreak {
                if start > 0 { latin.append(Fold.wordBreak) }
                let word = UnsafeBufferPointer(rebasing: buffer[start..<position])
                Transliterator.appendLatin(of: word, to: &latin)
                start = position + 1
            }
        }
        index.latinSpace.starts.append(UInt32(index.latinSpace.keys.count))
        latin.withUnsafeBufferPointer { buffer in
            if summary.cyrillic {
                Self.append(
                    buffer, name: name, joins: joins, to: &index.latinSpace.keys, &index.transliterated,
                    &transliteratedSorter)
            } else {
                Self.append(buffer, name: name, joins: joins, to: &index.latinSpace.keys, &index.native, &nativeSorter)
            }
        }
    }

    /// Sets the entries' ranks and sorts the word lists.
    mutating func finish(ranks: [UInt32]) -> NameIndex {
        precondition(ranks.count <= Int(Posting.rankMask), "too many entries for a 29-bit rank")
        index.ranks = ranks
        Self.setRanks(&index.folded, ranks: ranks, entries: index.nameEntries)
        Self.setRanks(&index.native, ranks: ranks, entries: index.nameEntries)
        Self.setRanks(&index.transliterated, ranks: ranks, entries: index.nameEntries)
        // One list at a time, in place, each sorter freed once used.
        foldedSorter.sort(&index.folded, keys: index.foldSpace.keys)
        foldedSorter = WordSorter()
        nativeSorter.sort(&index.native, keys: index.latinSpace.keys)
        nativeSorter = WordSorter()
        transliteratedSorter.sort(&index.transliterated, keys: index.latinSpace.keys)
        transliteratedSorter = WordSorter()
        return index
    }

    private static func setRanks(_ postings: inout [Posting], ranks: [UInt32], entries: [UInt32]) {
        for position in postings.indices {
            let rank = ranks[Int(entries[Int(postings[position].name)])]
            postings[position].rankAndFlags = postings[position].rankAndFlags & ~Posting.rankMask | rank
        }
    }

    /// Appends one key (`words` separated by word breaks, maybe with empty words from letters that vanish in
    /// Latin) and its postings.
    private static func append(
        _ words: UnsafeBufferPointer<UInt8>, name: UInt32, joins: Bool, to keys: inout [UInt8],
        _ postings: inout [Posting], _ sorter: inout WordSorter
    ) {
        var wordCount = 0
        var start = 0
        for position in 0...words.count where position == words.count || words[position] == Fold.wordBreak {
            if position > start {
                if wordCount > 0 { keys.append(Fold.wordBreak) }
                let word = UnsafeBufferPointer(rebasing: words[start..<position])
                let flags = wordCount == 0 ? Posting.startsNameFlag : 0
                postings.append(Posting(key: keys.count, name: name, flags: flags, word: word))
                keys.append(contentsOf: word)
                wordCount += 1
            }
            start = position + 1
        }
        if wordCount == 1 { postings[postings.count - 1].rankAndFlags |= Posting.wholeNameFlag }
        if joins, wordCount > 1 {
            keys.append(Fold.joinedMark)
            let joined = words.filter { $0 != Fold.wordBreak }
            let flags = Posting.startsNameFlag | Posting.wholeNameFlag | Posting.joinedFlag
            let key = keys.count
            joined.withUnsafeBufferPointer { postings.append(Posting(key: key, name: name, flags: flags, word: $0)) }
            keys.append(contentsOf: joined)
        }
        keys.append(Fold.end)
        // Intern the words now that their bytes are in `keys`.
        keys.withUnsafeBufferPointer { keys in
            for posting in postings.suffix(wordCount + (joins && wordCount > 1 ? 1 : 0)) {
                sorter.add(wordAt: Int(posting.key), in: keys)
            }
        }
    }
}

/// A set of name numbers as bits: intersects word runs without reading any key.
struct NameSet {
    private var bits: [UInt64]

    /// An empty set for names `0..<names`.
    init(names: Int) { bits = [UInt64](repeating: 0, count: (names + 63) / 64) }

    /// Adds the names of the postings in `range`.
    mutating func insert(_ range: Range<Int>, of list: WordList) {
        bits.withUnsafeMutableBufferPointer { bits in
            for index in range {
                let name = Int(list.postings[index].name)
                bits[name >> 6] |= 1 << UInt64(name & 63)
            }
        }
    }

    @inline(__always)
    func contains(_ name: UInt32) -> Bool { bits[Int(name) >> 6] & (1 << UInt64(name & 63)) != 0 }
}
