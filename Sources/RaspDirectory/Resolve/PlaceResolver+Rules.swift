import Foundation

// The comparisons behind the resolver's decision, on names as people write them.
extension PlaceResolver {
    /// Text folded for comparing names: lower case, ё as е, words of letters and digits separated by one space.
    static func fold(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "ё", with: "е")
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .joined(separator: " ")
    }

    /// Whether the place's name or popular name is the query (folded); a Latin query also matches a Cyrillic name
    /// that it transliterates (`moskva`, `nizhniy novgorod`, `khimki`).
    static func isExact(_ place: Place, query: String) -> Bool {
        guard !query.isEmpty else { return false }
        let names = names(of: place)
        if names.contains(where: { fold($0) == query }) { return true }
        guard query.unicodeScalars.allSatisfy(\.isASCII) else { return false }
        let key = latinKey(query)
        return !key.isEmpty && names.contains { latinKey($0) == key }
    }

    /// A loose Latin spelling for comparing transliterations: the name in Latin letters (ICU's Cyrillic–Latin
    /// transform, diacritics removed), then the usual variants merged (`kh`/`h`, `zh`/`z`, `ya`/`a`, `iy`/`y`/`j`/`i`,
    /// `ts`/`c`, soft and hard signs dropped).
    static func latinKey(_ text: String) -> String {
        guard var latin = text.applyingTransform(.toLatin, reverse: false)?
            .applyingTransform(.stripDiacritics, reverse: false)?.lowercased()
        else { return "" }
        latin.removeAll { "ʹʺ'’`\"".contains($0) }
        for (variant, base) in [("shch", "s"), ("sch", "s"), ("kh", "h"), ("zh", "z"), ("ch", "c"), ("sh", "s"),
                                ("ts", "c"), ("yu", "u"), ("iu", "u"), ("ya", "a"), ("ia", "a"), ("yo", "e"),
                                ("jo", "e"), ("ye", "e"), ("je", "e"), ("iy", "i"), ("yi", "i"), ("ij", "i"),
                                ("yy", "i"), ("y", "i"), ("j", "i")] {
            latin = latin.replacingOccurrences(of: variant, with: base)
        }
        return fold(latin)
    }

    /// The place's name and popular name.
    static func names(of place: Place) -> [String] {
        let popular: String? = switch place {
        case .settlement(let settlement): settlement.popularTitle
        case .station(let station): station.popularTitle
        }
        return [place.title] + [popular].compactMap { $0 }
    }

    /// Whether the place could be what the query means: one of its names contains the query, or starts with the
    /// same letter (`initial`, the first letter of the query's ``latinKey(_:)``, so `tomsk` and `Томск` agree).
    /// People rarely mistype a name's first letter, and a place whose name differs there is more likely another
    /// place the directory does not hold: Томск is not a typo of Омск.
    static func isPlausible(_ place: Place, query: String, initial: Character?) -> Bool {
        names(of: place).contains { name in
            fold(name).contains(query) || (initial != nil && latinKey(name).first == initial)
        }
    }

    /// Whether the folded query is one edit (a letter wrong, missing, extra, or two swapped) from a name.
    static func isOneEditAway(_ query: String, from place: Place) -> Bool {
        guard query.count >= 4 else { return false }
        return names(of: place).contains { editDistanceIsOne(Array(query), Array(fold($0))) }
    }

    private static func editDistanceIsOne(_ a: [Character], _ b: [Character]) -> Bool {
        if a == b || abs(a.count - b.count) > 1 { return false }
        var i = 0
        while i < min(a.count, b.count), a[i] == b[i] { i += 1 }
        if a.count == b.count {
            if a[(i + 1)...] == b[(i + 1)...] { return true }  // one letter wrong
            return i + 1 < a.count && a[i] == b[i + 1] && a[i + 1] == b[i] && a[(i + 2)...] == b[(i + 2)...]
        }
        let (long, short) = a.count > b.count ? (a, b) : (b, a)
        return long[(i + 1)...] == short[i...]  // one letter extra or missing
    }

    /// The first of several exact settlements when it is clearly the main one; the only one when alone.
    static func clearWinner(_ settlements: [Place]) -> Place? {
        guard let first = settlements.first?.settlement else { return nil }
        guard settlements.count > 1, let second = settlements[1].settlement else { return settlements[0] }
        let clear = first.stationCount >= 5 && first.stationCount >= 5 * second.stationCount
        return clear ? settlements[0] : nil
    }

    /// The settlement a place belongs to (itself for a settlement).
    static func settlementCode(_ place: Place) -> String {
        switch place {
        case .settlement(let settlement): settlement.code
        case .station(let station): station.settlementCode ?? station.code
        }
    }
}
