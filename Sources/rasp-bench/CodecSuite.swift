import ArgumentParser
import Foundation
import RaspAPI
import RaspDemo
import RaspRuntime

/// `rasp-bench codec`: the JSON coders on the demo's all-days search answer (the body `rasp-bench mock` serves):
/// decoding it into `SearchResponse` with `JSONCoding.decoder`, and encoding the value again, in the same run, with
/// Foundation's `JSONEncoder` (`JSONCoding.encoder`), with `JSONCoding.encode` streaming through the types'
/// `encode(to:)`, and with `JSONCoding.encode` taking their `writeJSON(to:)`. Prints the medians and the ratios.
struct CodecSuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codec",
        abstract: "JSON decode and encode of the demo search answer: JSONEncoder, encode(to:) streamed, writeJSON(to:)."
    )

    @Option(help: "Timed repetitions of each coder; figures are medians.")
    var runs = 200

    func run() throws {
        let answer = DemoAPI().respond(method: "GET", path: "/v3.0/search/",
                                       query: [("from", "c213"), ("to", "c2")], headers: [:])
        guard answer.status == 200 else { throw ValidationError("the demo answered \(answer.status)") }
        let body = answer.body
        let value = try JSONCoding.decoder.decode(SearchResponse.self, from: body)
        // Both encoders must write the same value before either is timed.
        let tree = try JSONCoding.encoder.encode(value)
        let streamed = try JSONCoding.encode(ThroughEncoder(value: value))
        let written = try JSONCoding.encode(value)
        let same = try JSONDecoder().decode(JSONValue.self, from: tree)
            == JSONDecoder().decode(JSONValue.self, from: streamed)
        guard same, streamed == written else { throw ValidationError("the encoders wrote different JSON") }
        Figures.emit("codec.body", Double(body.count) / 1024, "KB")
        let count = max(runs, 1)
        var decode: [Double] = [], foundation: [Double] = [], streaming: [Double] = [], writer: [Double] = []
        for _ in 0..<count {
            decode.append(try Stopwatch.measure { try JSONCoding.decoder.decode(SearchResponse.self, from: body) }.1)
            foundation.append(try Stopwatch.measure { try JSONCoding.encoder.encode(value) }.1)
            streaming.append(try Stopwatch.measure { try JSONCoding.encode(ThroughEncoder(value: value)) }.1)
            writer.append(try Stopwatch.measure { try JSONCoding.encode(value) }.1)
        }
        let median = Figures.median
        Figures.emit("codec.decode", median(decode), "ms", decimals: 3)
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
