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

    /// Resolves one argument.
    func resolve(_ text: String) -> Resolution {
        let query = Self.fold(text)
        let candidates = directory.resolve(text, limit: 8)
        guard let first = candidates.first else { return .notFound(suggestions: suggestions(for: text)) }
        if candidates.count == 1 { return .place(first, exact: isCode(text, of: first) || Self.isExact(first, query: query)) }

        let exact = candidates.filter { Self.isExact($0, query: query) }
        let exactSettlements = exact.filter { $0.settlement != nil }
        if let winner = Self.clearWinner(exactSettlements) { return .place(winner, exact: true) }
        if exactSettlements.count > 1 { return .ambiguous(Array(exactSettlements.prefix(Self.candidateLimit))) }
        if exact.count == 1 { return .place(exact[0], exact: true) }
        if exact.count > 1 { return .ambiguous(Array(exact.prefix(Self.candidateLimit))) }

        let groups = Set(candidates.map(Self.settlementCode))
        if groups.count == 1 {
            return .place(candidates.first { $0.settlement != nil } ?? first, exact: false)
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
        let popular: String? = switch place {
        case .settlement(let settlement): settlement.popularTitle
        case .station(let station): station.popularTitle
        }
        let names = [place.title] + [popular].compactMap { $0 }
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
