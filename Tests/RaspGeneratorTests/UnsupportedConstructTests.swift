import Testing
@testable import RaspGenerator

/// What the generator writes no code for is never passed over in silence: each gets a warning at its place.
struct UnsupportedConstructTests {
    static let receivers = """
        openapi: 3.1.0
        info: {title: T, version: '1'}
        paths:
          /subscriptions:
            post:
              operationId: subscribe
              responses: {'201': {description: ok}}
              callbacks:
                onEvent:
                  '{$request.body#/url}':
                    post: {responses: {'200': {description: ok}}}
        webhooks:
          newPet:
            post: {responses: {'200': {description: ok}}}
          lostPet:
            post:
              parameters: [{name: id, in: path, required: true, schema: {type: string}}]
              responses: {'200': {description: ok}}
        """

    @Test func webhooksAndCallbacksWithoutTheServerAreWarnedAboutAtTheirKeys() throws {
        let result = try GeneratorPipeline().generate(Array(Self.receivers.utf8), sourceName: "t.yaml")
        let messages = result.warnings.map { "\($0.mark.map { "\($0)" } ?? ""): \($0.message)" }
        #expect(messages.contains { $0.hasPrefix("13:3: the document declares 2 webhooks") })
        #expect(messages.contains { $0.hasPrefix("9:9: the document declares 1 callback") })
        #expect(!result.files.contains { $0.contents.contains("Webhooks") })
    }

    @Test func withTheServerEachWebhookAndCallbackHasAReceiver() throws {
        var config = GeneratorConfig()
        config.generate = [.types, .client, .server]
        let result = try GeneratorPipeline(config: config).generate(Array(Self.receivers.utf8), sourceName: "t.yaml")
        let messages = result.warnings.map { "\($0.mark.map { "\($0)" } ?? ""): \($0.message)" }
        // A path parameter has no path to come from: the app chooses it.
        #expect(messages == ["17:20: path parameter 'id' of the webhook 'lostPet' has no path to come from (the "
                             + "receiving app chooses it); left out"])
        let text = result.files.map(\.contents).joined()
        for method in ["newPet", "lostPet", "onEvent"] {
            #expect(text.contains("func \(method)(_ input: Operations."))
        }
    }
}
