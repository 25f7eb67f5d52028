import ArgumentParser
import Foundation
import RaspDirectory
import RaspBenchData

/// `rasp-bench directory`: the station directory on a full-size synthetic stations_list (252,000 stations,
/// ~45 MB), against the naive approach apps take (JSONDecoder into plain structs, then
/// `localizedCaseInsensitiveContains` over every settlement on each keystroke), in the same run.
///
/// Load times are wall-clock medians of `--runs` runs. Keystrokes are timed one by one, with a short pause
/// between them as typing has (`--keystroke-pause`), so the scheduler's time slices on a busy machine rarely
/// land inside one search; the `_cpu` figures are the CPU time of the same work, which a busy machine does not
/// inflate at all.
struct DirectorySuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "directory",
        abstract: "Station directory: cold and warm load, peak memory, search-as-you-type latency vs naive."
    )

    @Option(help: "Stations in the synthetic document.")
    var stations = SyntheticStationsList.fullSize

    @Option(help: "Seed of the synthetic document and of the queries.")
    var seed: UInt64 = 1

    @Option(help: "Queries, each typed one keystroke at a time.")
    var queries = 1_200

    @Option(help: "Keystrokes (spread evenly) to time the naive search on; it takes ~0.1 s each.")
    var naiveSamples = 100

    @Option(help: "Timed runs of each load (the median is reported).")
    var runs = 3

    @Option(help: "Milliseconds between two keystrokes (0: back to back).")
    var keystrokePause = 0.2

    @Option(help: "Folder for the generated document and snapshot (default: a temporary folder, removed after).")
    var workDirectory: String?

    @Flag(help: "Also list the slowest keystrokes and the queries that missed, on stderr.")
    var verbose = false

    func run() async throws {
        let folder = workDirectory.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("rasp-bench-directory-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if workDirectory == nil { try? FileManager.default.removeItem(at: folder) } }
        let json = folder.appendingPathComponent("stations_list.json")
        let snapshot = folder.appendingPathComponent("stations_list.snapshot")

        Figures.note("generating a synthetic stations_list (\(stations) stations, seed \(seed))")
        let (summary, generation) = try Stopwatch.measure {
            try SyntheticStationsList.write(to: json, stations: stations, seed: seed)
        }
        Figures.note("generated \(summary.bytes) bytes in \(Int(generation)) ms")
        Figures.emit("json_size", megabytes(summary.bytes), "MB")
        Figures.emit("document_stations", summary.stations, "stations")
        Figures.emit("document_settlements", summary.settlements, "settlements")

        let (directory, coldLoad) = try measureColdLoad(json, jsonSize: summary.bytes)
        try measureWarmLoad(directory, snapshot: snapshot)
        let naive = try measureNaiveLoad(json, ours: coldLoad)
        measureKeystrokes(directory, naive: naive)
    }

    // MARK: Loading

    /// Loads the JSON `--runs` times; returns the directory and the median time.
    private func measureColdLoad(_ json: URL, jsonSize: Int) throws -> (StationDirectory, Double) {
        let baseline = ProcessMemory.residentBytes ?? 0
        let reset = ProcessMemory.resetPeak()
        let cpu = CPUTime.process()
        let (first, firstTime) = try Stopwatch.measure { try StationDirectory.load(contentsOf: json) }
        let peak = ProcessMemory.peakResidentBytes ?? 0
        var cpuTimes = [CPUTime.process() - cpu]
        if !reset { Figures.note("could not reset the peak RSS: cold_peak_rss covers the whole run so far") }
        var times = [firstTime]
        for _ in 1..<max(runs, 1) {
            let cpu = CPUTime.process()
            times.append(try Stopwatch.measure { try StationDirectory.load(contentsOf: json) }.1)
            cpuTimes.append(CPUTime.process() - cpu)
        }
        Figures.note("loaded \(first.settlementCount) settlements, \(first.stationCount) stations")
        Figures.emit("cold_load", median(times), "ms")
        Figures.emit("cold_load_cpu", median(cpuTimes), "ms")
        Figures.emit("cold_peak_rss", megabytes(peak), "MB")
        Figures.emit("cold_peak_rss_over_json", Double(peak) / Double(jsonSize), "x", decimals: 2)
        Figures.emit("rss_before_cold_load", megabytes(baseline), "MB")
        Figures.emit("cold_load_rss_growth", megabytes(max(0, peak - baseline)), "MB")
        return (first, median(times))
    }

    private func measureWarmLoad(_ directory: StationDirectory, snapshot: URL) throws {
        let ((), write) = try Stopwatch.measure { try directory.writeSnapshot(to: snapshot) }
        let size = (try? FileManager.default.attributesOfItem(atPath: snapshot.path)[.size] as? Int) ?? 0
        var times: [Double] = []
        for _ in 0..<max(runs, 1) {
            let (warm, time) = try Stopwatch.measure { try StationDirectory.load(snapshot: snapshot) }
            precondition(warm.stationCount == directory.stationCount)
            times.append(time)
        }
        Figures.emit("snapshot_write", write, "ms")
        Figures.emit("snapshot_size", megabytes(size), "MB")
        Figures.emit("warm_load", median(times), "ms")
    }

    private func measureNaiveLoad(_ json: URL, ours: Double) throws -> [NaiveSettlement] {
        let reset = ProcessMemory.resetPeak()
        let cpu = CPUTime.process()
        let (first, firstTime) = try Stopwatch.measure { try NaiveDirectory.load(json) }
        let peak = ProcessMemory.peakResidentBytes ?? 0
        var cpuTimes = [CPUTime.process() - cpu]
        var times = [firstTime]
        for _ in 1..<max(runs, 1) {
            let cpu = CPUTime.process()
            times.append(try Stopwatch.measure { try NaiveDirectory.load(json) }.1)
            cpuTimes.append(CPUTime.process() - cpu)
        }
        Figures.emit("cold_load_naive", median(times), "ms")
        Figures.emit("cold_load_speedup", median(times) / max(ours, 1e-9), "x")
        Figures.emit("cold_load_naive_cpu", median(cpuTimes), "ms")
        if reset { Figures.emit("cold_peak_rss_naive", megabytes(peak), "MB") }
        return first
    }

    // MARK: Keystrokes

    private func measureKeystrokes(_ directory: StationDirectory, naive: [NaiveSettlement]) {
        let typed = BenchQueries.make(from: directory.settlements, count: queries, seed: seed)
        let keystrokes = typed.flatMap { query in
            (1...query.text.count).map {
                (text: String(query.text.prefix($0)), target: query.target, last: $0 == query.text.count)
            }
        }
        Figures.note("\(typed.count) queries, \(keystrokes.count) keystrokes, \(keystrokePause) ms apart")
        let clock = ContinuousClock()
        var ours: [Double] = []
        var oursCPU: [Double] = []
        ours.reserveCapacity(keystrokes.count)
        oursCPU.reserveCapacity(keystrokes.count)
        var found = 0
        for keystroke in keystrokes {
            if keystrokePause > 0 { usleep(useconds_t(keystrokePause * 1000)) }
            let cpu = CPUTime.thread()
            let start = clock.now
            let results = directory.searchSettlements(keystroke.text)
            ours.append(Stopwatch.milliseconds(clock.now - start))
            oursCPU.append(CPUTime.thread() - cpu)
            guard keystroke.last else { continue }
            // A hit: the intended name is among the results (generated names repeat, like real ones do).
            if results.contains(where: { $0.title == keystroke.target.title }) {
                found += 1
            } else if verbose {
                Figures.note("missed: \(keystroke.text) → \(keystroke.target.title)")
            }
        }
        if verbose {
            for index in oursCPU.indices.sorted(by: { oursCPU[$0] > oursCPU[$1] }).prefix(40) {
                let times = String(format: "%.3f ms CPU, %.3f ms wall", oursCPU[index], ours[index])
                Figures.note("slow: \(times): \(keystrokes[index].text)")
            }
        }
        let stride = max(1, keystrokes.count / max(naiveSamples, 1))
        var naiveTimes: [Double] = []
        var naiveCPU: [Double] = []
        var sampledOurs: [Double] = []
        for index in Swift.stride(from: stride / 2, to: keystrokes.count, by: stride) {
            let text = keystrokes[index].text
            let cpu = CPUTime.thread()
            let start = clock.now
            let results = naive.filter { $0.title.localizedCaseInsensitiveContains(text) }.prefix(20)
            naiveTimes.append(Stopwatch.milliseconds(clock.now - start))
            naiveCPU.append(CPUTime.thread() - cpu)
            sampledOurs.append(ours[index])
            _ = results.count
        }
        let p99 = percentile(ours, 0.99)
        let p99Naive = percentile(naiveTimes, 0.99)
        Figures.emit("queries", typed.count, "queries")
        Figures.emit("keystrokes", keystrokes.count, "keystrokes")
        Figures.emit("keystroke_p50", percentile(ours, 0.50), "ms", decimals: 4)
        Figures.emit("keystroke_p99", p99, "ms", decimals: 4)
        Figures.emit("keystroke_max", ours.max() ?? 0, "ms", decimals: 4)
        Figures.emit("keystroke_p50_naive", percentile(naiveTimes, 0.50), "ms")
        Figures.emit("keystroke_p99_naive", p99Naive, "ms")
        Figures.emit("keystroke_p50_cpu", percentile(oursCPU, 0.50), "ms", decimals: 4)
        Figures.emit("keystroke_p99_cpu", percentile(oursCPU, 0.99), "ms", decimals: 4)
        Figures.emit("keystroke_p99_naive_cpu", percentile(naiveCPU, 0.99), "ms")
        Figures.emit("keystroke_naive_samples", naiveTimes.count, "keystrokes")
        Figures.emit("keystroke_p99_sampled", percentile(sampledOurs, 0.99), "ms", decimals: 4)
        Figures.emit("keystroke_p99_speedup", p99Naive / max(p99, 1e-9), "x", decimals: 0)
        let p99CPU = percentile(oursCPU, 0.99)
        Figures.emit("keystroke_p99_speedup_cpu", percentile(naiveCPU, 0.99) / max(p99CPU, 1e-9), "x", decimals: 0)
        Figures.emit("full_query_hits", Double(found) * 100 / Double(max(typed.count, 1)), "%")
    }

    // MARK: Helpers

    private func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    private func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }

    private func megabytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }
}

// MARK: - The naive approach

/// A settlement as the naive approach keeps it.
struct NaiveSettlement {
    let title: String
    let code: String?
}

/// What apps do today: decode the whole document with `JSONDecoder` into plain structs, then flatten the
/// settlements.
enum NaiveDirectory {
    struct Document: Decodable { let countries: [Country] }
    struct Country: Decodable { let title: String?; let codes: Codes?; let regions: [Region] }
    struct Region: Decodable { let title: String?; let codes: Codes?; let settlements: [Settlement] }
    struct Settlement: Decodable { let title: String?; let codes: Codes?; let stations: [Station] }
    struct Codes: Decodable {
        let yandex_code: String?  // swiftlint:disable:this identifier_name
        let esr_code: String?  // swiftlint:disable:this identifier_name
    }
    struct Station: Decodable {
        let title: String?
        let codes: Codes?
        let direction: String?
        let station_type: String?  // swiftlint:disable:this identifier_name
        let transport_type: String?  // swiftlint:disable:this identifier_name
        let latitude: Coordinate?
        let longitude: Coordinate?
    }

    /// A number, or a string (`""` when unknown).
    enum Coordinate: Decodable {
        case number(Double)
        case text(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }
    }

    static func load(_ url: URL) throws -> [NaiveSettlement] {
        let document = try JSONDecoder().decode(Document.self, from: Data(contentsOf: url))
        return document.countries.flatMap(\.regions).flatMap(\.settlements).map {
            NaiveSettlement(title: $0.title ?? "", code: $0.codes?.yandex_code)
        }
    }
}

// MARK: - Queries

/// Realistic queries for settlements, from the directory itself: names as typed, in lowercase, in Latin, with
/// a typo, by a later word, or cut short, half of them for the 300 biggest places.
enum BenchQueries {
    struct Query {
        let text: String
        let target: Settlement
    }

    static func make(from settlements: [Settlement], count: Int, seed: UInt64) -> [Query] {
        var random = SeededRandom(seed: seed &+ 0x51)
        let popular = Array(settlements.sorted { $0.stationCount > $1.stationCount }.prefix(300))
        return (0..<count).map { _ in
            let settlement = random.unit() < 0.5
                ? popular[random.below(popular.count)] : settlements[random.below(settlements.count)]
            let title = settlement.title
            let words = title.split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
            let text: String
            switch random.unit() {
            case ..<0.25: text = title
            case ..<0.45: text = title.lowercased()
            case ..<0.65: text = romanize(title)
            case ..<0.80: text = typo(title, using: &random) ?? title.lowercased()
            case ..<0.90:
                text = words.count > 1
                    ? words.dropFirst().joined(separator: " ") : title.replacingOccurrences(of: "ё", with: "е")
            default: text = String(title.lowercased().prefix(3 + random.below(4)))
            }
            return Query(text: text, target: settlement)
        }
    }

    /// One typo in the longest word (6+ letters), never in its first letter: two letters swapped, one
    /// replaced, one dropped or one doubled.
    private static func typo(_ title: String, using random: inout SeededRandom) -> String? {
        var characters = Array(title.lowercased())
        guard let longest = longestWord(characters), longest.count >= 6 else { return nil }
        let position = longest.lowerBound + 1 + random.below(longest.count - 2)
        switch random.below(4) {
        case 0: characters.swapAt(position, position + 1)
        case 1: characters[position] = Array("аеиоуыкнрст")[random.below(11)]
        case 2: characters.remove(at: position)
        default: characters.insert(characters[position], at: position)
        }
        return String(characters)
    }

    private static func longestWord(_ characters: [Character]) -> Range<Int>? {
        var best: Range<Int>?
        var start = 0
        for index in 0...characters.count where index == characters.count || !characters[index].isLetter {
            if index > start, index - start > (best?.count ?? 0) { best = start..<index }
            start = index + 1
        }
        return best
    }

    /// A plain romanization, as people type (not the directory's own rules).
    private static func romanize(_ title: String) -> String {
        String(title.lowercased().flatMap { character -> [Character] in
            Array(table[character] ?? String(character))
        })
    }

    private static let table: [Character: String] = [
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "yo", "ж": "zh", "з": "z", "и": "i",
        "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
        "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
        "э": "e", "ю": "yu", "я": "ya",
    ]
}

/// CPU time, in milliseconds, of this process or this thread.
enum CPUTime {
    static func process() -> Double { read(CLOCK_PROCESS_CPUTIME_ID) }
    static func thread() -> Double { read(CLOCK_THREAD_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
}
