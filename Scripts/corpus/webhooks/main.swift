// Serves the generated receivers behind Standard Webhooks verification on loopback and sends them every webhook
// body of bodies.json (arguments: BODIES NAME), signed as a sender would, to one URL; then requests that must be
// refused. Prints `NAME.webhooks`, `NAME.received`, `NAME.refused`; exits 1 on any mismatch.
import Foundation
import RaspHummingbird
import RaspRuntime
import RaspURLSession
import RaspWebhooks
import Synchronization

struct Entry: Decodable {
    var webhook: String
    var body: JSONValue
}

let arguments = CommandLine.arguments
let entries = try JSONDecoder().decode([Entry].self, from: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
let name = arguments[2]
let calls = Mutex<[String]>([])
let secret = "whsec_" + Data((0..<32).map { UInt8($0 * 7 % 256) }).base64EncodedString()
let scheme = try StandardWebhooks(secret: secret)
var router = ServerRouter(middlewares: [
    WebhookVerificationMiddleware(scheme: scheme, replayStore: InMemoryWebhookReplayStore()),
])
Receiver { method in calls.withLock { $0.append(method) } }.registerWebhooks(on: &router, at: "/webhooks")

/// Sends `body` signed for `signedBody` (itself by default) with `signer`, `age` seconds ago; returns the status.
func send(_ body: Data, id: String, signer: StandardWebhooks = scheme, signedBody: Data? = nil,
          age: Int64 = 0, to url: URL) async throws -> Int {
    let timestamp = Int64(Date().timeIntervalSince1970) - age
    var request = ClientRequest("POST", "/webhooks")
    request.setHeader("Content-Type", "application/json")
    request.setHeader("webhook-id", id)
    request.setHeader("webhook-timestamp", String(timestamp))
    request.setHeader("webhook-signature", signer.signature(id: id, timestamp: timestamp, body: signedBody ?? body))
    request.body = body
    return try await URLSessionTransport().send(request, baseURL: url).status
}

let failures = try await router.withServer { url -> [String] in
    var failures: [String] = []
    for (index, entry) in entries.enumerated() {
        let status = try await send(try JSONCoding.encode(entry.body), id: "msg_\(index)", to: url)
        if !(200..<300).contains(status) { failures.append("\(entry.webhook): \(status)") }
    }
    let before = calls.withLock { $0.count }
    let body = try JSONCoding.encode(entries[0].body)
    var changed = body
    changed.append(contentsOf: Array(" ".utf8))
    let other = try StandardWebhooks(secret: "whsec_" + Data(repeating: 1, count: 32).base64EncodedString())
    let refused = [
        ("a changed body", try await send(changed, id: "msg_changed", signedBody: body, to: url)),
        ("another secret", try await send(body, id: "msg_other", signer: other, to: url)),
        ("an old timestamp", try await send(body, id: "msg_old", age: 600, to: url)),
        ("a replayed message", try await send(body, id: "msg_0", to: url)),
    ]
    for (what, status) in refused where !(400..<500).contains(status) {
        failures.append("\(what) answered \(status)")
    }
    if calls.withLock({ $0.count }) != before { failures.append("a refused request reached a receiver") }
    print("\(name).refused: \(refused.filter { (400..<500).contains($0.1) }.count) of \(refused.count)")
    return failures
}
let received = calls.withLock { $0 }
print("\(name).webhooks: \(entries.count)")
print("\(name).received: \(Set(received).count) distinct receivers, \(received.count) calls")
for failure in failures { print("  \(failure)") }
exit(failures.isEmpty && Set(received).count == entries.count && received.count == entries.count ? 0 : 1)
