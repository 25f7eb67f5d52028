import Foundation
import RaspRuntime

/// What ``tour(_:)`` read back: a value per operation and media type.
public struct MessageTour: Sendable, Equatable {
    /// The message's text from its JSON representation.
    public var json: String
    /// The message from its plain-text representation.
    public var text: String
    /// How many bytes the binary representation had.
    public var bytes: Int
    /// The multipart answer: the message's text, then each recipient part.
    public var parts: [String]

    /// Creates a result.
    public init(json: String, text: String, bytes: Int, parts: [String]) {
        self.json = json
        self.text = text
        self.bytes = bytes
        self.parts = parts
    }
}

/// Calls every operation of the Messages API, each response in each of its media types and each request body in
/// each of its own, as an app moving from swift-openapi-generator would: where that generator's code switched over
/// `Output` and `ok.body` (`.json`, `.plainText`), the `accepting:` method asks for a media type and returns the
/// one that arrived.
/// - Parameter client: The generated client, or any other `ClientProtocol` value.
/// - Returns: What the calls read back.
/// - Throws: `ClientError` when a call fails.
public func tour(_ client: some ClientProtocol) async throws -> MessageTour {
    var json = ""
    var text = ""
    for type in Operations.GetMessage.ResponseContentType.allCases {
        switch try await client.getMessage(accepting: [type]) {
        case .json(let message): json = message.text
        case .text(let plain): text = plain
        }
    }
    try await client.postMessage(body: .json(Message(text: "Hello")))
    try await client.postMessage(body: .text("Hello"))
    try await client.postMessageForm(body: Message(text: "Hello"))
    let bytes = try await client.getMessageBytes()
    let parts = try await client.getMessageParts()
    return MessageTour(json: json, text: text, bytes: bytes.count,
                       parts: [parts.message.text] + (parts.recipients ?? []))
}
