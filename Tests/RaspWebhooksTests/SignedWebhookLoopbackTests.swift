import Foundation
import HTTPTypes
import RaspHummingbird
import RaspRuntime
import RaspURLSession
import RaspWebhooks
import Synchronization
import Testing
import WebhooksAPI

/// Signed webhooks over loopback: Hummingbird serves the receivers generated from `Tests/Fixtures/webhooks` behind
/// ``WebhookVerificationMiddleware``, and URLSession sends them as a sender would. A correctly signed request reaches
/// its typed method; a changed body, another secret, an old timestamp and (with a replay store) a message sent again
/// are refused with a 4xx before any method runs.
@Suite struct SignedWebhookLoopbackTests {
    /// Counts the requests that reached a method and keeps the last order created.
    final class Received: Sendable {
        let orders = Mutex<[Order]>([])
        let calls = Mutex(0)
    }

    struct Receiver: ClientWebhooks {
        let received: Received

        func orderCreated(_ input: Operations.OrderCreatedWebhook) async throws {
            received.calls.withLock { $0 += 1 }
            received.orders.withLock { $0.append(input.body.data) }
        }

        func orderCancelled(_ input: Operations.OrderCancelledWebhook) async throws {
            received.calls.withLock { $0 += 1 }
        }

        func stockCheck(_ input: Operations.StockCheckWebhook) async throws -> Operations.StockCheckWebhook.Output {
            received.calls.withLock { $0 += 1 }
            return .init(available: true)
        }

        func statusChanged(_ input: Operations.StatusChangedCallback) async throws {
            received.calls.withLock { $0 += 1 }
        }
    }

    static let secret = "whsec_" + Data("a secret of thirty-two bytes....".utf8).base64EncodedString()

    /// Sends `body` to `/webhooks` signed by `scheme` at `timestamp`, with `id`; returns the status.
    static func send(_ body: String, to url: URL, id: String, timestamp: Int64, signedBy scheme: StandardWebhooks,
                     signedBody: String? = nil) async throws -> Int {
        var request = ClientRequest("POST", "/webhooks")
        request.setHeader("Content-Type", "application/json")
        request.setHeader("webhook-id", id)
        request.setHeader("webhook-timestamp", String(timestamp))
        let signature = scheme.signature(id: id, timestamp: timestamp, body: Data((signedBody ?? body).utf8))
        request.setHeader("webhook-signature", signature)
        request.body = Data(body.utf8)
        return try await URLSessionTransport.withOwnSession().send(request, baseURL: url).status
    }

    @Test func onlyCorrectlySignedFreshRequestsReachTheReceiver() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, *) else { return }
        let received = Received()
        let scheme = try StandardWebhooks(secret: Self.secret)
        let now = Int64(Date().timeIntervalSince1970)
        var router = ServerRouter(middlewares: [
            WebhookVerificationMiddleware(scheme: scheme, replayStore: InMemoryWebhookReplayStore()),
        ])
        Receiver(received: received).registerWebhooks(on: &router, at: "/webhooks")
        let order = #"{"type":"order.created","data":{"id":"o-7","total":19.9,"note":null}}"#
        let statuses = try await router.withServer { url in
            [
                try await Self.send(order, to: url, id: "msg_1", timestamp: now, signedBy: scheme),
                // The body changed after signing.
                try await Self.send(order.replacingOccurrences(of: "19.9", with: "0.1"), to: url, id: "msg_2",
                                    timestamp: now, signedBy: scheme, signedBody: order),
                // Signed with another secret.
                try await Self.send(order, to: url, id: "msg_3", timestamp: now,
                                    signedBy: try StandardWebhooks(secret: "whsec_" + Data(count: 32)
                                        .base64EncodedString())),
                // Signed ten minutes ago.
                try await Self.send(order, to: url, id: "msg_4", timestamp: now - 600, signedBy: scheme),
                // The first message, sent again.
                try await Self.send(order, to: url, id: "msg_1", timestamp: now, signedBy: scheme),
            ]
        }
        #expect(statuses == [200, 401, 401, 401, 409])
        #expect(received.calls.withLock { $0 } == 1)
        let orders = received.orders.withLock { $0 }
        #expect(orders.map(\.id) == ["o-7"])
        #expect(orders.first?.total == 19.9)
    }
}
