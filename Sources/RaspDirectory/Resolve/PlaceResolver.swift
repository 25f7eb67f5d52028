import Foundation

/// Turns what a person typed (free text or a code) into one place, or explains why it cannot: the one way every
/// entry point reads a place name (the `rasp` commands, the app's city and station pickers).
///
/// ``StationDirectory/resolve(_:limit:)`` ranks the candidates; the resolver adds the decision:
///
/// 1. An alias (`СПб`, `мск`, `Moscow`, `Ленинград`; see ``PlaceAliases``) is the place it names.
/// 2. A code (`c213`, `s9600213`) is that place.
/// 3. An exact name (case, ё/е and punctuation aside; the popular name counts; a Latin spelling of a Cyrillic name
///    counts) wins: a settlement before a station. Several settlements with the exact name are ambiguous, unless
///    the first is clearly the main one (at least 5 stations and 5 times as many as the next).
/// 4. One typo away from exactly one name (settlements first) is that place: «Моска» is Москва.
/// 5. Otherwise, candidates that all belong to one settlement (the city and its stations, as for «moskva» or
///    «Санкт») resolve to the first of them, the settlement when it is listed.
/// 6. Otherwise the top candidates are ambiguous; no plausible candidate at all is not found, with close matches as
///    suggestions. A candidate whose name differs in its first letter is only suggested, never taken: Томск is
///    not a typo of Омск.
///
/// The lists for a search field or a listing (``places(for:limit:)``, ``settlements(for:limit:)``,
/// ``stations(for:inSettlement:limit:)``) put what the decision picks first, so a list and a resolution always
/// agree on the top place.
///
/// ```swift
/// let resolver = PlaceResolver(directory: directory)
/// resolver.resolve("спб")                        // .place(Санкт-Петербург, exact: false)
/// resolver.settlements(for: "Ленинград", limit: 5).first?.code  // "c2"
/// ```
public struct PlaceResolver: Sendable {
    /// What a text resolved to.
    public enum Resolution: Equatable, Sendable {
        /// One place; `exact` when the text was its code or its exact name (not an alias, a typo or a part).
        case place(Place, exact: Bool)
        /// Several equally good candidates, best first (at most ``PlaceResolver/candidateLimit``).
        case ambiguous([Place])
        /// Nothing plausible matched; close matches, if any.
        case notFound(suggestions: [Place])
    }

    /// The directory searched.
    public let directory: StationDirectory

    /// How many candidates an ambiguous answer lists.
    public static let candidateLimit = 6

    /// A resolver over a directory.
    /// - Parameter directory: The station directory to search.
    public init(directory: StationDirectory) {
        self.directory = directory
    }

    /// Resolves a text against the whole directory: through the alias table first (`СПб`, `мск`, `Moscow`), then
    /// as written; a `Settlement, station` form (`Химки, Бутаково`) when the whole text names nothing.
    /// - Parameter text: What the person typed.
    /// - Returns: The place, the candidates of an ambiguous text, or close matches of an unknown one.
    public func resolve(_ text: String) -> Resolution {
        resolve(text, suggesting: true)
    }

    /// Resolves a text among the stations of one settlement (a station picker), by the same rules. Aliases name
    /// settlements, so they do not apply here.
    /// - Parameters:
    ///   - text: What the person typed.
    ///   - code: The settlement's code (`c213`).
    /// - Returns: The station, the candidates of an ambiguous text, or close matches of an unknown one.
    public func resolve(_ text: String, amongStationsOf code: String) -> Resolution {
        decide(text, in: .stations(of: code), suggesting: true)
    }

    // MARK: Decision

    /// Where candidates are searched.
    enum Scope {
        /// Every settlement and station.
        case everywhere
        /// The stations of one settlement.
        case stations(of: String)
    }

    /// ``resolve(_:)``, with the close-match search (up to two dozen searches for an unknown text) optional: lists
    /// show the directory's matches instead.
    func resolve(_ text: String, suggesting: Bool) -> Resolution {
        if let name = PlaceAliases.canonicalName(for: text),
            case .place(let place, _) = decide(name, in: .everywhere, suggesting: false)
        {
            return .place(place, exact: false)
        }
        let written = decide(text, in: .everywhere, suggesting: suggesting)
        if case .place = written { return written }
        if let place = stationInSettlement(text) { return .place(place, exact: true) }
        return written
    }

    /// The candidates for a text in a scope, best first.
    func find(_ text: String, in scope: Scope, limit: Int) -> [Place] {
        switch scope {
        case .everywhere:
            return directory.resolve(text, limit: limit)
        case .stations(let code):
            return directory.searchStations(text, inSettlement: code, limit: limit).map(Place.station)
        }
    }

    /// Decides among the candidates for the text as written (see the type's rules).
    func decide(_ text: String, in scope: Scope, suggesting: Bool) -> Resolution {
        let query = Self.fold(text)
        let found = find(text, in: scope, limit: 8)
        // The directory forgives typos anywhere; a place whose name neither contains the text nor starts like it
        // is only offered, never taken (see `isPlausible`).
        let initial = Self.latinKey(query).first
        var candidates = found.filter { isCode(text, of: $0) || Self.isPlausible($0, query: query, initial: initial) }
        guard let first = candidates.first else {
            if !found.isEmpty { return .notFound(suggestions: Array(found.prefix(5))) }
            return .notFound(suggestions: suggesting ? suggestions(for: text, in: scope) : [])
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

    /// `Settlement, station` or `Settlement, station-name`: a station of that settlement whose name matches the rest.
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

    /// Close matches for text that matched nothing: the candidates of the longest shorter prefix (at least three
    /// letters) that matches something.
    func suggestions(for text: String, in scope: Scope = .everywhere) -> [Place] {
        var prefix = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var tries = 0
        while prefix.count > 3, tries < 24 {
            prefix.removeLast()
            tries += 1
            let found = find(prefix, in: scope, limit: 5)
            if !found.isEmpty { return found }
        }
        return []
    }

    private func isCode(_ text: String, of place: Place) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines) == place.code
    }
}
