import Foundation
@testable import OrdersCore
@testable import OrdersShops
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// `ShopOutboxStore.shopFacts(ofOrder:)`, what the detail marks: every fact queued for one order,
/// in every state, oldest first, and none of another order's, on SQLite and the real PostgreSQL server.
@Suite("Shop facts of one order", .serialized)
struct ShopFactsOfAnOrderTests {
    static let token = "shpat_facts_0123456789"

    enum Engine: String, CaseIterable, Sendable { case sqlite, postgres }

    func makeStore(_ engine: Engine) throws -> any ShopSync.Store {
        switch engine {
        case .sqlite: try SQLiteOrderStore(path: TemporaryDirectory.make().appendingPathComponent("orders.db").path)
        case .postgres: try PostgresOrderStore(connectionString: try PostgresTestServer.shared.get().makeDatabase())
        }
    }

    @Test(arguments: Engine.allCases)
    func everyStateOldestFirstAndOnlyThatOrders(_ engine: Engine) async throws {
        let store = try makeStore(engine)
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder(),
                                             ShopPullFixtures.unsentShopifyOrder(id: 5002, number: "#1002")]])
        let credentials = try TemporaryDirectory.make().appendingPathComponent("eu.token").path
        try Self.token.write(toFile: credentials, atomically: false, encoding: .utf8)
        chmod(credentials, 0o600)
        let shop = ConnectedShop(name: "eu", platform: .shopify, url: server.url, caFile: server.caFile, credentialsFile: credentials)
        try await store.addShop(shop, at: Date())
        let sync = ShopSync(store: store, actor: "sync", firstRetryPause: 0.05)
        #expect(await sync.pull(shop).failure == nil)
        let first = try #require(try await store.orders(numbered: OrderReference(source: "eu", number: "#1001")).first)
        let second = try #require(try await store.orders(numbered: OrderReference(source: "eu", number: "#1002")).first)
        #expect(try await store.shopFacts(ofOrder: first.id) == [])

        let shipped = try await store.update(first.id, expectedVersion: first.version, mutations: [
            .fulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 1)], trackingNumber: "T-1"))], actor: "ana")
        try await store.update(second.id, expectedVersion: second.version, mutations: [.setStatus(.cancelled)], actor: "ana")
        #expect(await sync.push(shop).sent == ["#1001: shipment of 1 × MUG-1; tracking T-1", "#1002: cancellation"])
        let cancelled = try await store.update(first.id, expectedVersion: shipped.version,
                                               mutations: [.setStatus(.cancelled), .setCancelReason("out of stock")], actor: "ana")

        let facts = try await store.shopFacts(ofOrder: first.id)
        #expect(facts.map(\.id) == [1, 3])
        #expect(facts.map(\.orderID) == [first.id, first.id])
        #expect(facts.map(\.version) == [shipped.version, cancelled.version])
        #expect(facts.map(\.state) == [.sent, .waiting])
        #expect(facts.map(\.fact.summary) == ["shipment of 1 × MUG-1; tracking T-1", "cancellation (out of stock)"])
        #expect(facts.map(\.shopIDs) == [["fulfillment": "gid://shopify/Fulfillment/901"], [:]])
        #expect(try await store.shopFacts(ofOrder: second.id).map(\.fact) == [.cancellation(reason: nil)])
    }
}
