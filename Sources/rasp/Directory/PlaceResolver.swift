import Foundation
import RaspDirectory

/// Turns a command-line place argument (free text or a code) into one place, or explains why it cannot.
///
/// The directory's ``StationDirectory/resolve(_:limit:)`` ranks the candidates; this adds the decision:
///
/// 1. A code (`c213`, `s9600213`) is that place.
/// 2. An exact name (case, ё/е and punctuation aside; the popular name counts) wins: a settlement before a
///    station. Several settlements with the exact name are ambiguous, unless the first is clearly the main one
///    (at least 5 stations and 5 times as many as the next).
/// 3. Otherwise, candidates that all belong to one settlement (the city and its stations, as for «moskva» or
///    «Санкт») resolve to the first of them, the settlement when it is listed.
/// 4. Otherwise the top candidates are ambiguous; no candidate at all is not found, with close matches from
///    shorter forms of the text as suggestions.
struct PlaceResolver {
    /// What an argument resolved to.
    enum Resolution: Equatable {
        /// One place; `exact` when the text was its code or its exact name.
        case place(Place, exact: Bool)
        /// Several equally good candidates, best first.
        case ambiguous([Place])
        /// Nothing matched; close matches, if any.
        case notFound(suggestions: [Place])
    }

    /// The directory searched.
    let directory: StationDirectory

    /// How many candidates an ambiguous answer lists.
    static let candidateLimit = 6

    /// Resolves one argument: through the alias table first (`СПб`, `мск`, `Moscow`), then as written; a
    /// `Settlement, station` form (`Химки, Бутаково`) when the whole text names nothing.
    func resolve(_ text: String) -> Resolution {
        if let name = PlaceAliases.canonicalName(for: text), case .place(let place, _) = resolveWritten(name) {
            return .place(place, exact: false)
        }
        let written = resolveWritten(text)
        if case .place = written { return written }
        if let place = stationInSettlement(text) { return .place(place, exact: true) }
        return written
    }

    /// `Settlement, station` or `Settlement station-name`: a station of that settlement whose name matches the rest.
    private func stationInSettlement(_ text: String) -> Place? {
        guard let comma = text.firstIndex(of: ",") else { return nil }
        let city = String(text[..<comma]), rest = Self.fold(String(text[text.index(after: comma)...]))
        guard !rest.isEmpty else { return nil }
        let settlements = directory.resolve(city, limit: 5).compactMap(\.settlement)
            .filter { Self.fold($0.title) == Self.fold(city) }
        let matches = settlements.flatMap { directory.stations(inSettlement: $0.code) }
            .filter { station in
                let names = [station.title] + [station.popularTitle].compactMap { $0 }
                return names.contains { Self.fold($0) == rest || Self.fold($0).hasSuffix(" " + rest) }
            }
        return matches.count == 1 ? .station(matches[0]) : nil
    }

    /// Resolves the text as written (see the type's rules).
    private func resolveWritten(_ text: String) -> Resolution {
        let query = Self.fold(text)
        let found = directory.resolve(text, limit: 8)
        // The directory forgives typos anywhere; a place whose name neither contains the text nor starts like it
        // is only offered, never taken (see `isPlausible`).
        var candidates = found.filter { isCode(text, of: $0) || Self.isPlausible($0, query: query) }
        guard let first = candidates.first else {
            return .notFound(suggestions: found.isEmpty ? suggestions(for: text) : Array(found.prefix(5)))
        }
        if candidates.count == 1 {
            return .place(first, exact: isCode(text, of: first) || Self.isExact(first, query: query))
        }

        let exact = candidates.filter { Self.isExact($0, query: query) }
        let exactSettlements = exact.filter { $0.settlement != nil }
        if let winner = Self.clearWinner(exactSettlements) { return .place(winner, exact: true) }
        if exactSettlements.count > 1 { return .ambiguous(Array(exactSettlements.prefix(Self.candidateLimit))) }
        if exact.count == 1 { return .place(exact[0], exact: true) }
        if exact.count > 1 { return .ambiguous(Array(exact.prefix(Self.candidateLimit))) }

        // One typo away from exactly one name (settlements first) is that place: «Моска» is Москва.
        let near = candidates.filter { Self.isOneEditAway(query, from: $0) }
        let nearSettlements = near.filter { $0.settlement != nil }
        if nearSettlements.count == 1 { return .place(nearSettlements[0], exact: false) }
        if near.count == 1 { return .place(near[0], exact: false) }

        // A name that starts with the text beats one that only contains it as a later word: «Ленинг…» is not
        // «Москва (Ленинградский вокзал)» when a place called «Ленинг…» exists.
        let starting = candidates.filter { place in Self.names(of: place).contains { Self.fold($0).hasPrefix(query) } }
        if !starting.isEmpty, starting.count < candidates.count { candidates = starting }

        let groups = Set(candidates.map(Self.settlementCode))
        if groups.count == 1 {
            return .place(candidates.first { $0.settlement != nil } ?? candidates[0], exact: false)
        }
        return .ambiguous(Array(candidates.prefix(Self.candidateLimit)))
    }

    /// Close matches for text that matched nothing: the candidates of the longest shorter prefix (at least three
    /// letters) that matches something.
    func suggestions(for text: String) -> [Place] {
        var prefix = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var tries = 0
        while prefix.count > 3, tries < 24 {
            prefix.removeLast()
            tries += 1
            let found = directory.resolve(prefix, limit: 5)
            if !found.isEmpty { return found }
        }
        return []
    }

    // MARK: Rules

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
    /// same letter (compared in Latin, so `tomsk` and `Томск` agree). People rarely mistype a name's first letter,
    /// and a place whose name differs there is more likely another place the directory does not hold: Томск is
    /// not a typo of Омск.
    static func isPlausible(_ place: Place, query: String) -> Bool {
        let initial = latinKey(query).first
        return names(of: place).contains { name in
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

    private func isCode(_ text: String, of place: Place) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines) == place.code
    }
}
