/// How well a name matched a query; smaller is better.
enum MatchKind: UInt8, Comparable, Sendable {
    /// The whole name is the query («Москва» for «москва», «санкт петербург» for «Санкт-Петербург»).
    case exact = 0
    /// The name starts with the query («Москва» for «моск»).
    case prefix = 1
    /// Every query word starts some word of the name («Нижний Новгород» for «новг»).
    case wordPrefix = 2
    /// As a word prefix, but one word of 5+ letters has one typo (a letter wrong, missing, extra or swapped).
    case fuzzy = 3

    static func < (lhs: MatchKind, rhs: MatchKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A query, folded and transliterated once.
struct SearchQuery {
    /// The words in one script (folded or canonical Latin), back to back in one buffer: written together they
    /// are also the joined query, which meets joined names («санктпетербург»).
    struct Words {
        var bytes: [UInt8] = []
        /// Word `i` is `bytes[bounds[i]..<bounds[i + 1]]`.
        var bounds: [Int] = [0]
        /// Bit `i` is set when word `i` has 5+ letters as typed (folded), so it may carry the one typo.
        var typoWords: UInt64 = 0

        var count: Int { bounds.count - 1 }

        mutating func append(_ word: [UInt8], letters: Int) {
            guard !word.isEmpty else { return }
            if letters >= SearchQuery.fuzzyMinimumLetters, count < 64 { typoWords |= 1 << UInt64(count) }
            bytes.append(contentsOf: word)
            bounds.append(bytes.count)
        }

        /// Runs `body` with the words borrowed as buffers (no reference counting in the matching loops).
        func withView<R>(_ body: (WordsView) -> R) -> R {
            bytes.withUnsafeBufferPointer { bytes in
                bounds.withUnsafeBufferPointer { bounds in
                    body(WordsView(bytes: bytes, bounds: bounds, typoWords: typoWords))
                }
            }
        }
    }

    /// Folded words (compared with names that have Cyrillic letters).
    let folded: Words
    /// Canonical Latin words (compared with transliterated names and with names that have no Cyrillic).
    let latin: Words
    /// Whether the query has Cyrillic letters: it then looks up names by their folded form, and names without
    /// Cyrillic by their Latin form; otherwise every name by its Latin form.
    let isCyrillic: Bool

    /// The fewest letters a word needs before a typo in it is forgiven.
    static let fuzzyMinimumLetters = 5

    /// Folds `text`; nil when it has no letters or digits.
    init?(_ text: String) {
        let folded = TextFolder.fold(text)
        guard !folded.isEmpty else { return nil }
        var foldedWords = Words()
        var latinWords = Words()
        for word in folded.split(separator: Fold.wordBreak) {
            foldedWords.append(Array(word), letters: word.count)
            var latin: [UInt8] = []
            Array(word).withUnsafeBufferPointer { Transliterator.appendLatin(of: $0, to: &latin) }
            latinWords.append(latin, letters: word.count)
        }
        self.folded = foldedWords
        self.latin = latinWords
        self.isCyrillic = folded.contains(where: Fold.isCyrillic)
    }
}

/// Query words borrowed for one search.
struct WordsView {
    /// All words back to back: also the joined query.
    let bytes: UnsafeBufferPointer<UInt8>
    let bounds: UnsafeBufferPointer<Int>
    let typoWords: UInt64

    var count: Int { bounds.count - 1 }

    /// Word `index`.
    @inline(__always)
    subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[bounds[index]..<bounds[index + 1]])
    }

    /// Whether word `index` may carry the typo.
    @inline(__always)
    func allowsTypo(inWord index: Int) -> Bool { index < 64 && typoWords & (1 << UInt64(index)) != 0 }

    /// Whether any word may carry the typo.
    var allowsTypo: Bool { typoWords != 0 }
}

/// The best `limit` entries seen so far, by score (match kind, then the entry's rank), each entry once.
struct TopResults {
    /// An entry and its score.
    struct Item {
        var score: UInt64
        var entry: UInt32
    }

    let limit: Int
    private(set) var items: [Item] = []

    init(limit: Int) {
        self.limit = limit
        items.reserveCapacity(limit + 1)
    }

    var isFull: Bool { items.count >= limit }

    /// The score an offer must beat to get in.
    var threshold: UInt64 { isFull ? items[items.count - 1].score : .max }

    /// Offers `entry` with `score`; keeps it when it is among the best and better than its earlier offer.
    @inline(__always)
    mutating func offer(entry: UInt32, score: UInt64) {
        guard score < threshold else { return }
        if let existing = items.firstIndex(where: { $0.entry == entry }) {
            guard score < items[existing].score else { return }
            items.remove(at: existing)
        }
        var position = items.count
        while position > 0, items[position - 1].score > score { position -= 1 }
        items.insert(Item(score: score, entry: entry), at: position)
        if items.count > limit { items.removeLast() }
    }

    /// Packs a kind and a rank into one sortable number.
    @inline(__always)
    static func score(_ kind: MatchKind, rank: UInt32) -> UInt64 { UInt64(kind.rawValue) << 32 | UInt64(rank) }

    /// The kind packed in `score`.
    static func kind(of score: UInt64) -> MatchKind { MatchKind(rawValue: UInt8(score >> 32)) ?? .fuzzy }
}
