/// The code of your own that calls the generated client (SwiftPM builds a target only when it has a Swift file of
/// its own). With swift-openapi-generator this was a `switch` over the method's `Output` (`.ok(let ok)`, then
/// `ok.body.json.message`); here the method returns the success body, and other statuses throw `ClientError`.
/// - Parameters:
///   - name: Whom to greet.
///   - client: The generated client, or its mock.
/// - Returns: The greeting's message.
/// - Throws: `ClientError` when the request fails or the server answers with an error.
public func greetingMessage(for name: String, client: some ClientProtocol) async throws -> String {
    try await client.getGreeting(name: name).message
}
