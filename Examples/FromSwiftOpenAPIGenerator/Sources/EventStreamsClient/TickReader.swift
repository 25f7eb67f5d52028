import Foundation
import RaspRuntime

/// Reads the ticks in one of the formats the operation offers, as an app moving from swift-openapi-generator would:
/// where that generator's code decoded an `HTTPBody` with `asDecodedJSONLines`, `asDecodedJSONSequence` or
/// `asDecodedServerSentEventsWithJSONData`, each format is a typed sequence of its own.
/// - Parameters:
///   - client: The generated client, or any other `ClientProtocol` value.
///   - format: The media type to ask for.
///   - count: How many ticks to ask for.
/// - Returns: The ticks' indexes, in the order they came.
/// - Throws: `ClientError` when the call or the stream fails.
public func tickIndexes(_ client: some ClientProtocol, as format: Operations.GetTicks.ResponseContentType,
                        count: Int) async throws -> [Int] {
    switch try await client.getTicks(count: count, accepting: [format]) {
    case .jsonl(let ticks), .jsonSeq(let ticks):
        return try await ticks.reduce(into: []) { $0.append($1.index) }
    case .eventStream(let events):
        return try await events.reduce(into: []) { $0.append($1.data.index) }
    }
}
