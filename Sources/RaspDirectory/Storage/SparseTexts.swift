/// Text that only a few entries have (popular titles, codes that are not `<letter><digits>`): entry numbers in
/// ascending order with their text, found by binary search.
struct SparseTexts: Sendable {
    var entries: [UInt32] = []
    var texts: [TextRef] = []

    /// Records the text of `entry`; entries must come in ascending order.
    mutating func append(entry: Int, text: TextRef) {
        entries.append(UInt32(entry))
        texts.append(text)
    }

    /// The text of `entry`, if it has one.
    func text(of entry: Int) -> TextRef? {
        var low = 0
        var high = entries.count
        let key = UInt32(entry)
        while low < high {
            let middle = (low + high) / 2
            if entries[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low] == key ? texts[low] : nil
    }
}
