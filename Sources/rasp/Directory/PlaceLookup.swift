import Foundation
import RaspDirectory

/// A place argument after resolution: the code to send and what to call it.
struct ResolvedPlace: Equatable, Sendable {
    /// The Yandex code (`c213`, `s9600213`).
    var code: String
    /// The name, or the code when the argument was a code (the directory is not loaded for codes).
    var title: String
    /// Region or settlement, to tell equal names apart.
    var subtitle: String?
}

/// Resolves the place arguments of one command, loading the station directory only when an argument is not a
/// code, and turns failures into ``CLIError``s that show how to pick a place.
struct PlaceLookup {
    /// The run.
    let context: RaspContext
    /// The subcommand and its arguments as the user would retype them, e.g. `["search"]`.
    let command: String

    /// Whether text is a settlement or station code (`c213`, `s9600213`), sent as it is.
    static func isCode(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.first, first == "c" || first == "s", trimmed.count > 1 else { return false }
        return trimmed.dropFirst().allSatisfy(\.isASCII) && trimmed.dropFirst().allSatisfy(\.isNumber)
    }

    /// Resolves every argument, in order.
    /// - Throws: ``CLIError`` (exit 2) for an ambiguous name, (exit 3) for an unknown one, naming the first
    ///   argument that failed; errors of loading the directory.
    func resolve(_ texts: [String]) async throws -> [ResolvedPlace] {
        if texts.allSatisfy(Self.isCode) {
            return texts.map {
                ResolvedPlace(code: $0.trimmingCharacters(in: .whitespaces),
                              title: $0.trimmingCharacters(in: .whitespaces))
            }
        }
        return try resolve(texts, in: try await DirectoryLoader(context: context).load())
    }

    /// Resolves every argument against a loaded directory.
    func resolve(_ texts: [String], in directory: StationDirectory) throws -> [ResolvedPlace] {
        let resolver = PlaceResolver(directory: directory)
        let resolutions = texts.map { Self.isCode($0) ? nil : resolver.resolve($0) }
        var places: [ResolvedPlace] = []
        for (index, text) in texts.enumerated() {
            guard let resolution = resolutions[index] else {
                let code = text.trimmingCharacters(in: .whitespaces)
                places.append(directory.place(code: code) ?? ResolvedPlace(code: code, title: code))
                continue
            }
            switch resolution {
            case .place(let place, let exact):
                if !exact {
                    context.notice("rasp: «\(text)» → \(Self.describe(place))")
                }
                places.append(ResolvedPlace(place))
            case .ambiguous(let candidates):
                throw CLIError.usage(ambiguityMessage(text, candidates: candidates, index: index, texts: texts,
                                                      resolutions: resolutions))
            case .notFound(let suggestions):
                throw CLIError.notFound(notFoundMessage(text, suggestions: suggestions))
            }
        }
        return places
    }

    /// The places `rasp stations` lists for a text: the place ``resolve(_:)`` would take (or the candidates of an
    /// ambiguous text) first, then the directory's other matches.
    /// - Parameter allowNone: Whether a text that names no plausible place gives an empty list instead of an error.
    /// - Throws: ``CLIError`` (exit 3) when no place is plausible, with close matches, like ``resolve(_:)``.
    func matches(_ text: String, limit: Int, in directory: StationDirectory, allowNone: Bool) throws -> [Place] {
        let resolver = PlaceResolver(directory: directory)
        if case .notFound(let suggestions) = resolver.resolve(text) {
            if allowNone { return [] }
            throw CLIError.notFound(notFoundMessage(text, suggestions: suggestions))
        }
        return resolver.places(for: text, limit: limit)
    }

    /// Resolves a station argument (`rasp schedule`): a settlement with one station is that station; a settlement
    /// with several is ambiguous, listing them.
    /// - Throws: ``CLIError`` like ``resolve(_:)``.
    func resolveStation(_ text: String) async throws -> ResolvedPlace {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if Self.isCode(trimmed), trimmed.hasPrefix("s") { return ResolvedPlace(code: trimmed, title: trimmed) }
        let directory = try await DirectoryLoader(context: context).load()
        let place: ResolvedPlace
        if Self.isCode(trimmed) {
            place = directory.place(code: trimmed) ?? ResolvedPlace(code: trimmed, title: trimmed)
        } else {
            place = try resolve([text], in: directory)[0]
        }
        guard place.code.hasPrefix("c") else { return place }
        let stations = directory.stations(inSettlement: place.code)
        if stations.count == 1 { return ResolvedPlace(.station(stations[0])) }
        guard !stations.isEmpty else {
            throw CLIError.notFound(context.text.noStations(in: place.title, code: place.code))
        }
        var lines = ["\(place.title) (\(place.code)) is a settlement; timetables are per station. Its stations:"]
        lines += indentedCandidates(stations.prefix(12).map { .station($0) })
        lines.append("Use a code to pick one: rasp \(command) \(stations[0].code)")
        throw CLIError.usage(lines.joined(separator: "\n"))
    }

    // MARK: Messages

    private func ambiguityMessage(_ text: String, candidates: [Place], index: Int, texts: [String],
                                  resolutions: [PlaceResolver.Resolution?]) -> String {
        var lines = [context.text.russian
            ? "«\(text)» подходит к нескольким местам:"
            : "«\(text)» matches several places:"]
        lines += indentedCandidates(candidates)
        let example = texts.enumerated().map { position, other -> String in
            if position == index { return candidates[0].code }
            if case .place(let place, _)? = resolutions[position] { return place.code }
            return Self.shellQuoted(other)
        }
        let pick = context.text.russian ? "Выберите по коду:" : "Use a code to pick one:"
        lines.append("\(pick) rasp \(command) \(example.joined(separator: " "))")
        return lines.joined(separator: "\n")
    }

    private func notFoundMessage(_ text: String, suggestions: [Place]) -> String {
        let russian = context.text.russian
        var lines = [context.text.noPlace(text)]
        if suggestions.isEmpty {
            let search = russian ? "Поищите в справочнике:" : "Search the directory with:"
            lines.append("\(search) rasp stations \(Self.shellQuoted(String(text.prefix(4))))")
        } else {
            lines.append(russian ? "Возможно, вы имели в виду:" : "Did you mean:")
            lines += indentedCandidates(suggestions)
        }
        return lines.joined(separator: "\n")
    }

    /// Candidates as lines of a message, two spaces in, fitted to the width of standard error.
    private func indentedCandidates(_ places: [Place]) -> [String] {
        Self.candidateTable(places, width: context.console.errWidth.map { $0 - 2 }).split(separator: "\n")
            .map { "  " + $0 }
    }

    /// Candidates as aligned `code  title  where` lines, the names and places cut to fit `width` when given.
    static func candidateTable(_ places: [Place], width: Int? = nil) -> String {
        var table = TextTable(columns: [
            .init(title: "CODE"), .init(title: "NAME", minWidth: 12),
            .init(title: "WHERE", maxWidth: 60, minWidth: 12),
        ])
        table.rows = places.map { [$0.code, $0.title, Self.kindAndPlace($0)] }
        return table.render(style: Style(enabled: false), width: width).split(separator: "\n").dropFirst()
            .joined(separator: "\n")
    }

    /// «city, Region, Country» or «airport, City».
    static func kindAndPlace(_ place: Place) -> String {
        let kind: String = switch place {
        case .settlement: "settlement"
        case .station(let station):
            station.stationType.isKnown
                ? station.stationType.rawValue.replacingOccurrences(of: "_", with: " ")
                : "station"
        }
        return [kind, place.subtitle].compactMap { $0 }.joined(separator: ", ")
    }

    /// «Москва (c213)».
    static func describe(_ place: Place) -> String {
        "\(place.title) (\(place.code))" + (place.subtitle.map { ", \($0)" } ?? "")
    }

    /// Text as a shell word: as it is when safe, in single quotes otherwise.
    static func shellQuoted(_ text: String) -> String {
        let safe = !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || "-_.,/:".contains($0) }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension ResolvedPlace {
    /// The place of a directory entry.
    init(_ place: Place) {
        self.init(code: place.code, title: place.title, subtitle: place.subtitle)
    }
}

extension StationDirectory {
    /// The directory's entry for a code, when it has one.
    func place(code: String) -> ResolvedPlace? {
        if let settlement = settlement(code: code) { return ResolvedPlace(.settlement(settlement)) }
        if let station = station(code: code) { return ResolvedPlace(.station(station)) }
        return nil
    }
}
