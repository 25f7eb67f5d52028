import Foundation
import RaspRuntime
import ShopAPIs
import Testing

/// Two documents in one target: each client in its own namespace, with its own `Item`, `Client` and credentials.
struct ShopAPIsTests {
    @Test func eachDocumentHasItsOwnTypes() async throws {
        var catalog = Catalog.MockClient()
        catalog.getItemHandler = { input in Catalog.Item(sku: input.sku, title: "Tea") }
        let item = try await catalog.getItem(sku: "t-1")
        #expect(item == Catalog.Item(sku: "t-1", title: "Tea"))
        #expect(Catalog.Servers.all == [URL(string: "https://catalog.example.com/v1")!])
        #expect(Orders.Servers.all == [URL(string: "https://orders.example.com/v2")!])
    }

    @Test func theOrdersServerAnswersItsClientInProcess() async throws {
        var service = Orders.MockClient()
        service.createOrderHandler = { input in Orders.Order(id: "o-1", items: input.body) }
        var router = ServerRouter()
        router.pathPrefix = "/v2"
        service.registerHandlers(on: &router)
        let client = Orders.Client(serverURL: URL(string: "https://orders.example.com/v2")!,
                                   authentication: .ordersBearerAuth("orders-token"),
                                   transport: RouterTransport(router: router))
        let tea = Catalog.Item(sku: "t-1", title: "Tea")
        let order = try await client.createOrder(body: [Orders.Item(tea, quantity: 2)])
        #expect(order == Orders.Order(id: "o-1", items: [Orders.Item(sku: "t-1", quantity: 2)]))
        // Each document's credential functions carry its name.
        #expect(Authentication.catalogBearerAuth("catalog-token").scheme == "bearerAuth")
    }
}
