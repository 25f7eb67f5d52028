/// Decides which rendered declarations go to which output file.
///
/// A debug build compiles a module's files, sorted by name, in as many contiguous batches of equal file count as
/// the machine runs jobs (swift-driver's batch mode; more batches only past 25 files each). A batch takes as long as
/// its files, so the build takes as long as its heaviest batch: files of equal cost make every batch equal, whatever
/// the number of batches, as long as it divides the file count. ``fileCount`` is 24, which 1, 2, 3, 4, 6, 8 and 12
/// cores divide; on 10 or 16 the heaviest batch has one file more than the lightest.
///
/// Declarations of different kinds cost different amounts per line to compile (a type's synthesized `Codable` and
/// `Hashable` conformances, an operation input's stored properties, a client method's statements), and those ratios
/// change with the compiler and the spec. So each kind is split on its own: every file gets an equal share, by
/// lines, of each group of declarations, and no file ends up with the costly kind. Nothing in the rule depends on
/// the machine or on one spec.
struct FileLayout {
    /// How many files every generation writes (a build plugin declares their names before the generator runs).
    static let fileCount = 24

    /// `API01.swift` … `API24.swift`, in the order they are written and sorted.
    static let fileNames: [String] = (1...fileCount).map { (index: Int) -> String in
        let number = index < 10 ? "0\(index)" : "\(index)"
        return "API\(number).swift"
    }

    /// For each group of declarations (their weights, in order), the contiguous range each file gets: `result[g][f]`
    /// is group `g`'s share for file `f`.
    static func assign(_ groups: [[Int]]) -> [[Range<Int>]] {
        groups.map { partition($0, into: fileCount) }
    }

    /// Cuts weighted items, in order, into `parts` contiguous ranges of about equal total weight (some may be empty).
    static func partition(_ weights: [Int], into parts: Int) -> [Range<Int>] {
        let total = weights.reduce(0, +)
        var ranges: [Range<Int>] = []
        var start = 0
        var index = 0
        var cumulative = 0
        for part in 1..<parts {
            let target = total * part / parts
            // An item goes to this part when more than half of it lies before the cut.
            while index < weights.count, cumulative + weights[index] / 2 < target {
                cumulative += weights[index]
                index += 1
            }
            ranges.append(start..<index)
            start = index
        }
        ranges.append(start..<weights.count)
        return ranges
    }

    /// An estimate of a declaration's compile cost within its group (its text as UTF-8 bytes): its lines that are
    /// not doc comments.
    static func weight(_ utf8: [UInt8]) -> Int {
        utf8.withUnsafeBufferPointer(weight(of:))
    }

    private static func weight(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var lines = 0
        var start = 0
        // Line by line (a last line without its line break does not count): a comment line starts with two
        // slashes after any spaces (spaces between the two slashes too).
        while let end = bytes.firstOffset(of: UInt8(ascii: "\n"), from: start) {
            var slashes = 0
            var index = start
            while index < end, slashes < 2 {
                if bytes[index] == UInt8(ascii: "/") {
                    slashes += 1
                } else if bytes[index] != UInt8(ascii: " ") {
                    break
                }
                index += 1
            }
            if slashes < 2 { lines += 1 }
            start = end + 1
        }
        return lines
    }
}
