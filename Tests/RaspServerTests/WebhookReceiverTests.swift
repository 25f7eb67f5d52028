import Foundation
import HTTPTypes
import RaspRuntime
import Testing
import WebhooksAPI

/// The receivers generated for a document's webhooks and callbacks (`Tests/Fixtures/webhooks`): each request the
/// API sends reaches its typed method, at the paths the app chooses, and those sent to one URL are told apart by
/// their body.
@Suite struct WebhookReceiverTests {
    /// Records what each method received; answers `stockCheck` with whether the quantity is at most 3.
    struct Receiver: ClientWebhooks {
        let inputs: Inputs
        var acknowledgesUnknown = false

        func orderCreated(_ input: Operations.OrderCreatedWebhook) async throws {
            inputs.keep("orderCreated", input)
        }

        func orderCancelled(_ input: Operations.OrderCancelledWebhook) async throws {
            inputs.keep("orderCancelled", input)
        }

        func stockCheck(_ input: Operations.StockCheckWebhook) async throws -> Operations.StockCheckWebhook.Output {
            inputs.keep("stockCheck", input)
            return .init(available: (input.body.quantity ?? 1) <= 3)
        }

        func statusChanged(_ input: Operations.StatusChangedCallback) async throws {
            inputs.keep("statusChanged", input)
        }

        func unrecognizedWebhook(_ request: ServerRequest) async throws -> ServerResponse {
            guard acknowledgesUnknown else { return ServerResponse.unrecognizedWebhook(request) }
            inputs.keep("unrecognized", request.textBody())
            return ServerResponse(status: 204)
        }
    }

    static func post(_ router: ServerRouter, _ path: String, _ json: String,
                     headers: HTTPFields = [:]) async -> ServerResponse {
        var fields: HTTPFields = [.contentType: "application/json"]
        fields.append(contentsOf: headers)
        return await router.respond(to: ServerRequest(method: "POST", target: path, headers: fields,
                                                      body: Data(json.utf8)))
    }

    static func text(_ response: ServerResponse) -> String {
        if case .data(let data) = response.body { return String(decoding: data, as: UTF8.self) }
        return ""
    }

    @Test func webhooksSentToOneURLReachTheMethodTheirBodyNames() async throws {
        let inputs = Inputs()
        var router = ServerRouter()
        Receiver(inputs: inputs).registerWebhooks(on: &router, at: "/hooks")

        let created = await Self.post(router, "/hooks", #"{"type":"order.created","data":{"id":"o1","total":12.5}}"#,
                                      headers: [HTTPField.Name("webhook-id")!: "msg_1"])
        #expect(created.status == 200)
        let createdInput = try #require(inputs.last("orderCreated", as: Operations.OrderCreatedWebhook.self))
        #expect(createdInput.webhookId == "msg_1")
        #expect(createdInput.body.data.id == "o1")
        #expect(createdInput.body.data.total == 12.5)

        let cancelled = await Self.post(router, "/hooks",
                                        #"{"data":{"id":"o2","reason":"late"},"type":"order.cancelled"}"#)
        #expect(cancelled.status == 200)
        #expect(inputs.last("orderCancelled", as: Operations.OrderCancelledWebhook.self)?.body.data.reason == "late")

        // No tag: the first receiver whose body type decodes it.
        let check = await Self.post(router, "/hooks", #"{"sku":"A-1","quantity":5}"#)
        #expect(check.status == 200)
        #expect(Self.text(check) == #"{"available":false}"#)
        let status = await Self.post(router, "/hooks", #"{"orderId":"o1","status":"shipped"}"#)
        #expect(status.status == 204)
        #expect(inputs.last("statusChanged", as: Operations.StatusChangedCallback.self)?.body.status == .shipped)
    }

    @Test func aBodyThatNamesNoReceiverIsAnsweredByUnrecognizedWebhook() async throws {
        let inputs = Inputs()
        var router = ServerRouter()
        Receiver(inputs: inputs).registerWebhooks(on: &router, at: "/hooks")
        // An event type the document does not have: 422 by default, nothing reaches a method.
        let unknown = await Self.post(router, "/hooks", #"{"type":"order.refunded","data":{"id":"o1"}}"#)
        #expect(unknown.status == 422)
        #expect(Self.text(unknown).contains("no webhook"))
        #expect(inputs.last("orderCreated", as: Operations.OrderCreatedWebhook.self) == nil)

        // Its tag names a receiver, but its body breaks that receiver's schema: 400.
        let broken = await Self.post(router, "/hooks", #"{"type":"order.created","data":{"id":"o1"}}"#,
                                     headers: [HTTPField.Name("webhook-id")!: "msg_2"])
        #expect(broken.status == 400)
        #expect(inputs.last("orderCreated", as: Operations.OrderCreatedWebhook.self) == nil)

        // An app that acknowledges what it does not know.
        var acknowledging = ServerRouter()
        Receiver(inputs: inputs, acknowledgesUnknown: true).registerWebhooks(on: &acknowledging, at: "/hooks")
        let acknowledged = await Self.post(acknowledging, "/hooks", #"{"type":"order.refunded"}"#)
        #expect(acknowledged.status == 204)
        #expect(inputs.last("unrecognized", as: String.self) == #"{"type":"order.refunded"}"#)
    }

    @Test func eachReceiverCanHaveAPathOfItsOwnOrNone() async throws {
        let inputs = Inputs()
        var router = ServerRouter()
        Receiver(inputs: inputs).registerWebhooks(on: &router) { webhook in
            switch webhook {
            case .orderCreated: "/orders/created"
            case .statusChanged: "/callbacks/status"
            case .orderCancelled, .stockCheck: nil
            }
        }
        #expect(ClientWebhook.allCases == [.orderCreated, .orderCancelled, .stockCheck, .statusChanged])
        let status = await Self.post(router, "/callbacks/status", #"{"orderId":"o3","status":"paid"}"#)
        #expect(status.status == 204)
        #expect(inputs.last("statusChanged", as: Operations.StatusChangedCallback.self)?.body.orderId == "o3")
        // A body for another receiver at this receiver's path, and a receiver left out.
        let misplaced = await Self.post(router, "/orders/created", #"{"type":"order.cancelled","data":{"id":"o"}}"#)
        #expect(misplaced.status == 422)
        let leftOut = await Self.post(router, "/hooks", #"{"sku":"A"}"#)
        #expect(leftOut.status == 404)
        #expect(router.routeDescriptions.sorted() == [
            "POST /callbacks/status", "POST /callbacks/status", "POST /orders/created", "POST /orders/created",
        ])
    }
}
