import ArgumentParser
import Foundation
import RaspAPI
import RaspBenchCoders
import RaspDemo
import RaspRuntime

/// `rasp-bench codec`: the JSON coders, in one run.
///
/// Decoding, for the demo's all-days search answer (the body `rasp-bench mock` serves) and for a mix of every
/// endpoint's demo answer (the big stations list included): Foundation's `JSONDecoder` through written-out
/// `init(from:)` (`JSONCoding.decoder` on the same types generated with `writtenCoders`), the generated readers (`JSONCoding.decode`, ``JSONReadable``), and as a
/// floor a scan that checks the same bytes are JSON and builds nothing (`JSONCoding.validate`). The three are
/// interleaved run by run, so the machine's load falls on all of them alike. On glibc Linux the heap allocations of
/// one decode are counted too (``Allocations``).
///
/// Encoding, for the search answer: `JSONEncoder` and `JSONCoding.encode` streaming through written-out
/// `encode(to:)`, and `JSONCoding.encode` taking `writeJSON(to:)`. Prints medians, throughput and ratios.
struct CodecSuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codec",
        abstract: "JSON decode (JSONDecoder, generated readers, a validating scan) and encode of demo answers."
    )

    @Option(help: "Timed repetitions of each coder; figures are medians.")
    var runs = 200

    @Flag(help: "Only decode the mix with the readers, `runs` times, printing nothing: a load to profile.")
    var profileReaders = false

    func run() throws {
        let api = DemoAPI()
        let search = try Self.answer(api, "/v3.0/search/", [("from", "c213"), ("to", "c2")])
        if profileReaders {
            let value = try JSONCoding.decode(SearchResponse.self, from: search)
            let samples = try Self.mix(api, searchBody: search, search: value)
            for _ in 0..<runs { for sample in samples { try sample.reader() } }
            return
        }
        let value = try JSONCoding.decode(SearchResponse.self, from: search)
        Figures.emit("codec.body", Double(search.count) / 1024, "KB")
        try decodeFigures("codec.search", [Sample(SearchResponse.self, Written.SearchResponse.self, search)])
        try decodeFigures("codec.mix", try Self.mix(api, searchBody: search, search: value))
        try encodeFigures(value, try JSONCoding.decoder.decode(Written.SearchResponse.self, from: search))
    }

    /// One body, the type it is read as, and the same type with written-out coders (the baseline).
    struct Sample {
        let body: Data
        let foundation: () throws -> Void
        let reader: () throws -> Void

        init<Value: JSONReadable, Baseline: Decodable>(_ type: Value.Type, _ baseline: Baseline.Type, _ body: Data) {
            self.body = body
            foundation = { _ = try JSONCoding.decoder.decode(Baseline.self, from: body) }
            reader = { _ = try JSONCoding.decode(Value.self, from: body) }
        }

        /// Both paths give the same value: the same JSON when each is encoded again.
        static func check<Value: JSONReadable & Encodable, Baseline: Codable>(
            _ type: Value.Type, _ baseline: Baseline.Type, _ body: Data
        ) throws -> Sample {
            let read = try JSONCoding.encode(JSONCoding.decode(Value.self, from: body))
            let decoded = try JSONCoding.encode(JSONCoding.decoder.decode(Baseline.self, from: body))
            guard try JSONCoding.decode(JSONValue.self, from: read) == JSONCoding.decode(JSONValue.self, from: decoded)
            else { throw ValidationError("the two decoders read \(Value.self) differently") }
            return Sample(type, baseline, body)
        }
    }

    /// Times decoding every sample with each path (a run decodes them all) and prints the figures under `name`.
    private func decodeFigures(_ name: String, _ samples: [Sample]) throws {
        let bytes = Double(samples.reduce(0) { $0 + $1.body.count })
        var foundation: [Double] = [], reader: [Double] = [], floor: [Double] = []
        for _ in 0..<max(runs, 1) {
            foundation.append(try Stopwatch.measure { for sample in samples { try sample.foundation() } }.1)
            reader.append(try Stopwatch.measure { for sample in samples { try sample.reader() } }.1)
            floor.append(try Stopwatch.measure { for sample in samples { try JSONCoding.validate(sample.body) } }.1)
        }
        let median = Figures.median
        let (slow, fast, scan) = (median(foundation), median(reader), median(floor))
        func megabytesPerSecond(_ milliseconds: Double) -> Double { bytes / 1_000_000 / max(milliseconds / 1000, 1e-9) }
        Figures.emit("\(name).bytes", Int(bytes), "bytes")
        Figures.emit("\(name).decode_jsondecoder", slow, "ms", decimals: 3)
        Figures.emit("\(name).decode_reader", fast, "ms", decimals: 3)
        Figures.emit("\(name).scan_floor", scan, "ms", decimals: 3)
        Figures.emit("\(name).jsondecoder_throughput", megabytesPerSecond(slow), "MB/s")
        Figures.emit("\(name).reader_throughput", megabytesPerSecond(fast), "MB/s")
        Figures.emit("\(name).floor_throughput", megabytesPerSecond(scan), "MB/s")
        Figures.emit("\(name).reader_speedup", slow / max(fast, 1e-9), "x")
        Figures.emit("\(name).reader_to_floor", fast / max(scan, 1e-9), "x")
        guard Allocations.isAvailable else { return }
        // Allocations of one decode of the set (after the timed runs, so every lazy table is made).
        let count = Double(samples.count)
        let before = try Allocations.count { for sample in samples { try sample.foundation() } }
        let after = try Allocations.count { for sample in samples { try sample.reader() } }
        let scanned = try Allocations.count { for sample in samples { try JSONCoding.validate(sample.body) } }
        Figures.emit("\(name).allocations_jsondecoder", Double(before.allocations) / count, "per decode")
        Figures.emit("\(name).allocations_reader", Double(after.allocations) / count, "per decode")
        Figures.emit("\(name).allocations_floor", Double(scanned.allocations) / count, "per decode")
    }

    /// Every endpoint's demo answer once (two searches), each checked to decode alike both ways.
    private static func mix(_ api: DemoAPI, searchBody: Data, search: SearchResponse) throws -> [Sample] {
        var samples = [try Sample.check(SearchResponse.self, Written.SearchResponse.self, searchBody)]
        samples.append(try .check(SearchResponse.self, Written.SearchResponse.self, try answer(api, "/v3.0/search/", [
            ("from", "c213"), ("to", "c2"), ("date", "2026-12-01"), ("transfers", "true"),
        ])))
        samples.append(try .check(ScheduleResponse.self, Written.ScheduleResponse.self,
                                  try answer(api, "/v3.0/schedule/", [("station", "s9602494")])))
        let segments = search.segments.compactMap { item -> Segment? in
            if case .segment(let segment) = item { return segment }
            return nil
        }
        if let uid = segments.first?.thread.uid {
            samples.append(try .check(ThreadResponse.self, Written.ThreadResponse.self,
                                      try answer(api, "/v3.0/thread/", [("uid", uid)])))
        }
        samples.append(try .check(NearestStationsResponse.self, Written.NearestStationsResponse.self,
                                  try answer(api, "/v3.0/nearest_stations/", [
            ("lat", "55.7558"), ("lng", "37.6173"), ("distance", "50"),
        ])))
        samples.append(try .check(NearestSettlementResponse.self, Written.NearestSettlementResponse.self,
                                  try answer(api, "/v3.0/nearest_settlement/", [
            ("lat", "55.7558"), ("lng", "37.6173"),
        ])))
        if let carrier = segments.first(where: { $0.thread.carrier != nil })?.thread.carrier?.code {
            samples.append(try .check(CarrierResponse.self, Written.CarrierResponse.self,
                                      try answer(api, "/v3.0/carrier/", [("code", "\(carrier)")])))
        }
        samples.append(try .check(CopyrightResponse.self, Written.CopyrightResponse.self,
                                  try answer(api, "/v3.0/copyright/", [])))
        samples.append(try .check(StationsListResponse.self, Written.StationsListResponse.self,
                                  try answer(api, "/v3.0/stations_list/", [])))
        return samples
    }

    /// The demo's answer to a GET; it must be a 200.
    private static func answer(_ api: DemoAPI, _ path: String, _ query: [(String, String)]) throws -> Data {
        let answer = api.respond(method: "GET", path: path, query: query, headers: [:])
        guard answer.status == 200 else { throw ValidationError("the demo answered \(answer.status) to \(path)") }
        return answer.body
    }

    /// Times the three encoders on the search answer (`baseline`: the same value with written-out coders), after
    /// checking they write the same JSON.
    private func encodeFigures(_ value: SearchResponse, _ baseline: Written.SearchResponse) throws {
        let tree = try JSONCoding.encoder.encode(baseline)
        let streamed = try JSONCoding.encode(ThroughEncoder(value: baseline))
        let written = try JSONCoding.encode(value)
        let same = try JSONDecoder().decode(JSONValue.self, from: tree)
            == JSONDecoder().decode(JSONValue.self, from: streamed)
        guard same, streamed == written else { throw ValidationError("the encoders wrote different JSON") }
        var foundation: [Double] = [], streaming: [Double] = [], writer: [Double] = []
        for _ in 0..<max(runs, 1) {
            foundation.append(try Stopwatch.measure { try JSONCoding.encoder.encode(baseline) }.1)
            streaming.append(try Stopwatch.measure { try JSONCoding.encode(ThroughEncoder(value: baseline)) }.1)
            writer.append(try Stopwatch.measure { try JSONCoding.encode(value) }.1)
        }
        let median = Figures.median
        Figures.emit("codec.encode_jsonencoder", median(foundation), "ms", decimals: 3)
        Figures.emit("codec.encode_streaming", median(streaming), "ms", decimals: 3)
        Figures.emit("codec.encode_writer", median(writer), "ms", decimals: 3)
        Figures.emit("codec.encode_speedup_streaming", median(foundation) / max(median(streaming), 0.000_001), "x")
        Figures.emit("codec.encode_speedup_writer", median(foundation) / max(median(writer), 0.000_001), "x")
    }
}

/// A value encoded through its `encode(to:)` only: it is not `JSONWritable`, so `JSONCoding.encode` streams it.
private struct ThroughEncoder<Value: Encodable>: Encodable {
    let value: Value

    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
