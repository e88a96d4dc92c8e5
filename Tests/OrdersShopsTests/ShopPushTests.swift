import Foundation
@testable import OrdersCore
@testable import OrdersShops
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// Sending what operators did to connected shops, through the real HTTP client (libcurl) to local
/// HTTPS shops started by the tests (`ShopTestServer`, which records every write it receives), from
/// a real SQLite store (and PostgreSQL, `PostgresTestServer.shared`): each fact's exact request,
/// exactly once after a lost answer, a refusal kept and not sent again, an undo before sending.
@Suite("Shop push", .serialized)
struct ShopPushTests {
    static let token = "shpat_push_0123456789"
    static let wooSecret = "ck_push_0123456789:cs_push_9876543210"
    let folder: URL
    let store: SQLiteOrderStore

    init() throws {
        folder = try TemporaryDirectory.make()
        store = try SQLiteOrderStore(path: folder.appendingPathComponent("orders.db").path)
    }

    func connect(_ server: ShopTestServer, to store: any ShopSync.Store, name: String = "eu") async throws -> ConnectedShop {
        let credentials = folder.appendingPathComponent("\(name).secret").path
        try server.secret.write(toFile: credentials, atomically: false, encoding: .utf8)
        chmod(credentials, 0o600)
        let shop = ConnectedShop(name: name, platform: server.platform == .shopify ? .shopify : .woocommerce, url: server.url,
                                 caFile: server.caFile, credentialsFile: credentials)
        try await store.addShop(shop, at: Date())
        return shop
    }

    /// The shop connected and pulled: its orders are here with the shop's name as their source.
    func pulled(_ server: ShopTestServer, into store: any ShopSync.Store) async throws -> ConnectedShop {
        let shop = try await connect(server, to: store)
        let report = await ShopSync(store: store, actor: "sync", firstRetryPause: 0.05).pull(shop)
        #expect(report.failure == nil)
        return try #require(try await store.shops().first { $0.name == shop.name })
    }

    func sync(_ store: any ShopSync.Store) -> ShopSync { ShopSync(store: store, actor: "sync", firstRetryPause: 0.05) }

    func order(_ reference: String, source: String = "eu", in store: any OrderStore) async throws -> Order {
        try #require(try await store.orders(numbered: OrderReference(source: source, number: reference)).first)
    }

    @discardableResult
    func change(_ order: Order, _ mutations: [OrderMutation], in store: any OrderStore) async throws -> Order {
        try await store.update(order.id, expectedVersion: order.version, mutations: mutations, actor: "ana")
    }

    @Test func aShopifyShipmentAndCancellationAreSentAsDocumented() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        let mug = try await order("#1001", in: store)
        let shipped = try await change(mug, [.fulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 1)], trackingNumber: "CTT-RR1PT",
                                                                   carrier: "CTT", notifyCustomer: true))], in: store)
        let waiting = try await store.shopFacts(of: "eu", in: .waiting)
        #expect(waiting == [QueuedShopFact(
            id: 1, shop: "eu", orderID: mug.id, version: shipped.version,
            fact: .shipment([ShopFact.Line(line: 0, quantity: 1, sku: "MUG-1", title: "Mug")], trackingNumber: "CTT-RR1PT", carrier: "CTT",
                            notifyCustomer: true, completesOrder: false),
            state: .waiting, attempts: 0, seenBefore: [], shopIDs: [:], refusal: nil)])
        #expect(try await store.shops().map { [$0.factsWaiting, $0.factsRefused] } == [[1, 0]])

        let first = await sync(store).push(shop)
        #expect(first.sent == ["#1001: shipment of 1 × MUG-1; tracking CTT-RR1PT (CTT)"])
        #expect(first.wentThrough)
        // The fulfilment order of #1001 (one location) holds line 11's units as its line 11.
        let shipment: [String: Any] = ["field": "fulfillmentCreate", "variables": ["fulfillment": [
            "lineItemsByFulfillmentOrder": [["fulfillmentOrderId": "gid://shopify/FulfillmentOrder/50011",
                                             "fulfillmentOrderLineItems": [["id": "gid://shopify/FulfillmentOrderLineItem/11", "quantity": 1]]]],
            "notifyCustomer": true, "trackingInfo": ["number": "CTT-RR1PT", "company": "CTT"]]]]
        #expect(try await server.received() == [shipment as NSDictionary])

        let cancelled = try await change(try await order("#1001", in: store), [.setStatus(.cancelled), .setCancelReason("customer changed their mind")],
                                         in: store)
        #expect(cancelled.cancelReason == "customer changed their mind")
        let second = await sync(store).push(shop)
        #expect(second.sent == ["#1001: cancellation (customer changed their mind)"])
        let cancellation: [String: Any] = ["field": "orderCancel", "variables": [
            "orderId": "gid://shopify/Order/5001", "reason": "CUSTOMER", "staffNote": "customer changed their mind"]]
        #expect(try await server.received() == [shipment as NSDictionary, cancellation as NSDictionary])
        let sent = try await store.shopFacts(of: "eu", in: .sent)
        // The test shop numbers what it makes from 901: the fulfilment 901 (its line 902), the job 903.
        #expect(sent.map(\.shopIDs) == [["fulfillment": "gid://shopify/Fulfillment/901"],
                                        ["order": "gid://shopify/Order/5001", "job": "gid://shopify/Job/903"]])
        #expect(sent.map(\.attempts) == [1, 1])
        #expect(try await store.shops().map { [$0.factsWaiting, $0.factsRefused] } == [[0, 0]])
        // Nothing is left: a third push sends nothing.
        #expect(await sync(store).push(shop).sent.isEmpty)
        #expect(try await server.received().count == 2)
    }

    @Test(arguments: ["500-after", "drop-after"])
    func aShopifyShipmentWhoseAnswerIsLostIsSentOnce(fault: String) async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        try await change(try await order("#1001", in: store), [.fulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 2),
                                                                                              ShipmentLine(line: 1, quantity: 1)],
                                                                                       trackingNumber: "DHL-77"))], in: store)
        try await server.control(["write_faults": [fault]])
        let report = await sync(store).push(shop)
        // The shop made the fulfilment and its answer was lost: asked again, the order shows a fulfilment
        // it did not have before the send, with DHL-77 and the same units, so nothing is sent twice.
        #expect(report.sent == ["#1001: shipment of 2 × MUG-1, 1 × line 2; tracking DHL-77"])
        #expect(try await server.received().map { $0["field"] as? String } == ["fulfillmentCreate"])
        let sent = try #require(try await store.shopFacts(of: "eu", in: .sent).first)
        #expect(sent.shopIDs == ["fulfillment": "gid://shopify/Fulfillment/901"])
        #expect(sent.attempts == 1)
        #expect(sent.seenBefore == [])
    }

    @Test func aShipmentNotTakenIsSentAgainAfterAskingAndAKilledSendIsAskedAboutFirst() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        try await change(try await order("#1001", in: store), [.fulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 1)]))],
                         in: store)
        // A syncer killed after the shop took the fact and before it wrote the answer down: the attempt is
        // begun (committed) and the shop made it, but the fact still waits.
        let fact = try #require(try await store.shopFacts(of: "eu", in: .waiting).first)
        try await store.beginShopFactAttempt(fact.id, seenBefore: [])
        var sender = ShopifyFactSender(sender: ShopifyQuerySender(shop: shop, credentials: try ShopCredentials.read(from: shop.credentialsFile),
                                                                  requester: ShopRequester(client: CurlHTTPClient(caFile: server.caFile))))
        let made = try await sender.deliver(fact, of: try await order("#1001", in: store), shopOrderID: "5001",
                                            journal: ShopFactJournal(store: store, id: fact.id))
        #expect(made == ["fulfillment": "gid://shopify/Fulfillment/901"])
        let next = await sync(store).push(shop)
        #expect(next.sent == ["#1001: shipment of 1 × MUG-1"])
        #expect(try await server.received().count == 1)

        // A 500 before the shop took anything: asked, the shop has no such fulfilment, so it is sent again.
        try await change(try await order("#1001", in: store), [.fulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 1)]))],
                         in: store)
        try await server.control(["write_faults": ["500"]])
        let again = await sync(store).push(shop)
        #expect(again.sent == ["#1001: shipment of 1 × MUG-1"])
        #expect(try await server.received().count == 2)
        #expect(try await store.shopFacts(of: "eu", in: .sent).last?.attempts == 2)
    }

    @Test func aShopifyCancellationWhoseAnswerIsLostIsSentOnce() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        try await change(try await order("#1001", in: store), [.setStatus(.cancelled), .setCancelReason("out of stock")], in: store)
        try await server.control(["write_faults": ["500-after"]])
        let report = await sync(store).push(shop)
        // Asked again, the shop shows the order cancelled: the lost send made it, and it is not sent twice.
        #expect(report.sent == ["#1001: cancellation (out of stock)"])
        #expect(try await server.received() == [["field": "orderCancel", "variables": [
            "orderId": "gid://shopify/Order/5001", "reason": "INVENTORY", "staffNote": "out of stock"]] as NSDictionary])
        #expect(try await store.shopFacts(of: "eu", in: .sent).map(\.shopIDs) == [["order": "gid://shopify/Order/5001"]])
    }

    @Test func aRefusalIsKeptWithTheShopsWordsAndNotSentAgain() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        // Cancelled in the shop meanwhile, and here before the next pull.
        var inShop = ShopPullFixtures.unsentShopifyOrder()
        inShop["cancelledAt"] = "2026-11-22T08:00:00Z"
        inShop["cancelReason"] = "CUSTOMER"
        try await server.control(["upsert": inShop])
        try await change(try await order("#1001", in: store), [.setStatus(.cancelled), .setCancelReason("fraud suspected")], in: store)
        let report = await sync(store).push(shop)
        #expect(report.refused == ["#1001: cancellation (fraud suspected): Order has already been cancelled."])
        #expect(!report.wentThrough)
        #expect(report.summary == "eu: sent 0 facts, 1 refused by the shop")
        let refused = try await store.shopFacts(of: "eu", in: .refused)
        #expect(refused.map(\.refusal) == ["Order has already been cancelled."])
        #expect(try await store.shops().map { [$0.factsWaiting, $0.factsRefused] } == [[0, 1]])
        let next = await sync(store).push(shop)
        #expect(next.sent.isEmpty && next.refused.isEmpty && next.wentThrough)
        #expect(try await server.received().map { $0["field"] as? String } == ["orderCancel"])
    }

    @Test func anUndoBeforeSendingSendsNeitherAndAfterSendingWithdrawsNothing() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        let shipped = try await change(try await order("#1001", in: store),
                                       [.fulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 2)], trackingNumber: "T-1"))], in: store)
        #expect(try await store.shopFacts(of: "eu", in: .waiting).count == 1)
        let undone = try await change(shipped, [.undoChange(version: shipped.version)], in: store)
        #expect(undone.items.map(\.fulfilledQuantity) == [0, 0])
        #expect(try await store.shopFacts(of: "eu", in: .waiting).isEmpty)
        let report = await sync(store).push(shop)
        #expect(report.sent.isEmpty && report.wentThrough)
        #expect(try await server.received().isEmpty)

        // Sent, then undone here: the shop keeps its fulfilment (nothing takes it back in this slice).
        let again = try await change(undone, [.fulfilLines(Shipment(lines: [ShipmentLine(line: 1, quantity: 1)]))], in: store)
        #expect(await sync(store).push(shop).sent == ["#1001: shipment of 1 × line 2"])
        try await change(again, [.undoChange(version: again.version)], in: store)
        #expect(try await store.shopFacts(of: "eu", in: .sent).count == 1)
        #expect(try await store.shopFacts(of: "eu", in: .waiting).isEmpty)
    }

    @Test func aPullQueuesNoFacts() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        // Fulfilled in the shop: the pull brings the sent units, which the shop knows already.
        var inShop = ShopPullFixtures.unsentShopifyOrder()
        inShop["updatedAt"] = "2026-11-22T09:00:00Z"
        inShop["displayFulfillmentStatus"] = "FULFILLED"
        inShop["lineItems"] = (inShop["lineItems"] as? [[String: Any]] ?? []).map { line in
            var line = line
            line["unfulfilledQuantity"] = 0
            return line
        }
        try await server.control(["upsert": inShop])
        #expect(await sync(store).pull(shop).outcome.updated.count == 1)
        #expect(try await order("#1001", in: store).items.map(\.fulfilledQuantity) == [2, 1])
        #expect(try await store.shopFacts(of: "eu", in: .waiting).isEmpty)
    }

    @Test func aWooCommerceShipmentIsANoteAndCompletedAndACancellationIsCancelledAndANote() async throws {
        let server = try ShopTestServer(.woocommerce, secret: Self.wooSecret)
        try await server.control(["orders": [ShopPullFixtures.wooOrder(), ShopPullFixtures.wooOrder(id: 728, number: "1043")]])
        let shop = try await pulled(server, into: store)
        try await change(try await order("1042", in: store), [.fulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 3)],
                                                                                    trackingNumber: "PP-1", carrier: "DPD"))], in: store)
        try await change(try await order("1043", in: store), [.setStatus(.cancelled), .setCancelReason("duplicate order")], in: store)
        // The note's answer is lost (applied, then dropped): asked again, the order has one new note with
        // the same text, so it is not added twice.
        try await server.control(["write_faults": ["drop-after"]])
        let report = await sync(store).push(shop)
        #expect(report.sent == ["1042: shipment of 3 × CUP-8; tracking PP-1 (DPD)", "1043: cancellation (duplicate order)"])
        let received = try await server.received()
        let expected: [[String: Any]] = [
            ["method": "POST", "path": "/wp-json/wc/v3/orders/727/notes",
             "body": ["note": "Sent 3 × Cup (CUP-8). Tracking number PP-1 (DPD).", "customer_note": false]],
            ["method": "PUT", "path": "/wp-json/wc/v3/orders/727", "body": ["status": "completed"]],
            ["method": "PUT", "path": "/wp-json/wc/v3/orders/728", "body": ["status": "cancelled"]],
            ["method": "POST", "path": "/wp-json/wc/v3/orders/728/notes", "body": ["note": "Cancelled: duplicate order", "customer_note": false]],
        ]
        #expect(received == expected.map { $0 as NSDictionary })
        // The test shop numbers its notes from 901.
        #expect(try await store.shopFacts(of: "eu", in: .sent).map(\.shopIDs) == [["note": "901", "status": "completed"],
                                                                                  ["status": "cancelled", "note": "902"]])
        // A refusal (HTTP 400) keeps the shop's words.
        try await server.control(["upsert": ShopPullFixtures.wooOrder(id: 729, number: "1044")])
        _ = await sync(store).pull(shop)
        try await change(try await order("1044", in: store), [.setStatus(.cancelled)], in: store)
        try await server.control(["write_faults": ["refuse"]])
        let refused = await sync(store).push(shop)
        #expect(refused.refused == ["1044: cancellation: HTTP 400: Sorry, you are not allowed to edit this resource."])
        #expect(try await store.shops().map { [$0.factsWaiting, $0.factsRefused] } == [[0, 1]])
        for line in report.sent + refused.refused { #expect(!line.contains("ck_push") && !line.contains("cs_push")) }
        for file in ["orders.db", "orders.db-wal"] {
            let path = folder.appendingPathComponent(file).path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.range(of: Data("cs_push".utf8)) == nil)
            #expect(bytes.range(of: Data("ck_push".utf8)) == nil)
        }
    }

    @Test func onPostgreSQLAShipmentIsQueuedWithTheChangeAndSentOnce() async throws {
        let postgres = try PostgresTestServer.shared.get()
        let store = try PostgresOrderStore(connectionString: try postgres.makeDatabase())
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        let mug = try await order("#1001", in: store)
        let shipped = try await change(mug, [.fulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 2)], trackingNumber: "CTT-9",
                                                                   carrier: "CTT"))], in: store)
        #expect(try await store.shopFacts(of: "eu", in: .waiting).map(\.fact) == [
            .shipment([ShopFact.Line(line: 0, quantity: 2, sku: "MUG-1", title: "Mug")], trackingNumber: "CTT-9", carrier: "CTT",
                      notifyCustomer: false, completesOrder: false)])
        #expect(try await store.shopFacts(of: "eu", in: .waiting).map(\.version) == [shipped.version])
        #expect(try await store.shops().map { [$0.factsWaiting, $0.factsRefused] } == [[1, 0]])
        try await server.control(["write_faults": ["500-after"]])
        let report = await sync(store).push(shop)
        #expect(report.sent == ["#1001: shipment of 2 × MUG-1; tracking CTT-9 (CTT)"])
        #expect(try await server.received().count == 1)
        #expect(try await store.shopFacts(of: "eu", in: .sent).map(\.shopIDs) == [["fulfillment": "gid://shopify/Fulfillment/901"]])
        #expect(try await store.shops().map { [$0.factsWaiting, $0.factsRefused] } == [[0, 0]])
    }
}
