import Testing
@testable import RaspGenerator

/// What the generator writes no code for is never passed over in silence: each gets a warning at its place.
struct UnsupportedConstructTests {
    @Test func webhooksAndCallbacksAreWarnedAboutAtTheirKeys() throws {
        let source = """
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
                post: {responses: {'200': {description: ok}}}
            """
        let result = try GeneratorPipeline().generate(Array(source.utf8), sourceName: "t.yaml")
        let messages = result.warnings.map { "\($0.mark.map { "\($0)" } ?? ""): \($0.message)" }
        #expect(messages.contains { $0.hasPrefix("8:7: POST /subscriptions declares 1 callback") })
        #expect(messages.contains { $0.hasPrefix("12:1: the document declares 2 webhooks") })
    }
}
