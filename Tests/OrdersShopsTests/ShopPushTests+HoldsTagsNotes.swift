import Foundation
@testable import OrdersCore
@testable import OrdersShops
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// Holds and releases, tags and notes sent to the local shops: each request exactly as the shop
/// received it, exactly once after a lost answer, a refusal kept, an undo before sending.
extension ShopPushTests {
    static let fulfillmentOrder = "gid://shopify/FulfillmentOrder/50011"

    /// The shop's order #1001 (5001) as the test shop holds it now.
    func shopOrder(_ server: ShopTestServer, id: String = "gid://shopify/Order/5001") async throws -> NSDictionary {
        try #require(try await server.orders().first { ($0["id"] as? String) == id || "\($0["id"] ?? "")" == id })
    }

    @Test func aShopifyHoldWithItsReasonAndARelease() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        // `orders hold --reason`: the hold and its reason as a note, in one change; the note is the hold's reason.
        let held = try await change(try await order("#1001", in: store), [.setFulfillment(.onHold), .addNote("waiting for stock")], in: store)
        #expect(try await store.shopFacts(of: "eu", in: .waiting).map(\.fact) == [.hold(reason: "waiting for stock")])
        #expect(try await store.shopFacts(of: "eu", in: .waiting).map(\.version) == [held.version])
        let report = await sync(store).push(shop)
        #expect(report.sent == ["#1001: hold (waiting for stock)"])
        // "stock" names INVENTORY_OUT_OF_STOCK; the handle is the fact's id (1).
        let hold: NSDictionary = ["field": "fulfillmentOrderHold", "variables": ["id": Self.fulfillmentOrder, "hold": [
            "reason": "INVENTORY_OUT_OF_STOCK", "reasonNotes": "waiting for stock", "handle": "orders-1"]]]
        #expect(try await server.received() == [hold])
        // The test shop numbers what it makes from 901.
        #expect(try await store.shopFacts(of: "eu", in: .sent).map(\.shopIDs) == [[Self.fulfillmentOrder: "gid://shopify/FulfillmentHold/901"]])
        #expect(try await shopOrder(server)["displayFulfillmentStatus"] as? String == "ON_HOLD")

        try await change(try await order("#1001", in: store), [.setFulfillment(.unfulfilled)], in: store)
        #expect(try await store.shopFacts(of: "eu", in: .waiting).map(\.fact) == [.release])
        #expect(await sync(store).push(shop).sent == ["#1001: release"])
        let release: NSDictionary = ["field": "fulfillmentOrderReleaseHold", "variables": [
            "id": Self.fulfillmentOrder, "holdIds": ["gid://shopify/FulfillmentHold/901"]]]
        #expect(try await server.received() == [hold, release])
        #expect(try await store.shopFacts(of: "eu", in: .sent).map(\.shopIDs) == [
            [Self.fulfillmentOrder: "gid://shopify/FulfillmentHold/901"], [Self.fulfillmentOrder: "released"]])
        #expect(try await shopOrder(server)["displayFulfillmentStatus"] as? String == "UNFULFILLED")
        #expect(try await store.shops().map { [$0.factsWaiting, $0.factsRefused] } == [[0, 0]])
    }

    @Test(arguments: ["500-after", "drop-after"])
    func aShopifyHoldAndReleaseWhoseAnswersAreLostAreSentOnce(fault: String) async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        try await change(try await order("#1001", in: store), [.setFulfillment(.onHold)], in: store)
        try await server.control(["write_faults": [fault]])
        // Read back, the fulfilment order has a hold with the fact's handle: the lost send made it.
        #expect(await sync(store).push(shop).sent == ["#1001: hold"])
        #expect(try await server.received() == [["field": "fulfillmentOrderHold", "variables": [
            "id": Self.fulfillmentOrder, "hold": ["reason": "OTHER", "handle": "orders-1"]]] as NSDictionary])
        #expect((try await shopOrder(server)["_holds"] as? [NSDictionary])?.map { $0["id"] as? String } == ["gid://shopify/FulfillmentHold/901"])
        let held = try #require(try await store.shopFacts(of: "eu", in: .sent).first)
        #expect(held.shopIDs == [Self.fulfillmentOrder: "gid://shopify/FulfillmentHold/901"])
        #expect(held.attempts == 1)

        try await change(try await order("#1001", in: store), [.setFulfillment(.unfulfilled)], in: store)
        try await server.control(["write_faults": [fault]])
        // Read back, the fulfilment order no longer has hold 901: released once.
        #expect(await sync(store).push(shop).sent == ["#1001: release"])
        #expect(try await server.received().map { $0["field"] as? String } == ["fulfillmentOrderHold", "fulfillmentOrderReleaseHold"])
        #expect(try await store.shopFacts(of: "eu", in: .sent).last?.shopIDs == [Self.fulfillmentOrder: "released"])
        #expect((try await shopOrder(server)["_holds"] as? [NSDictionary])?.isEmpty == true)
    }

    @Test func aHoldTheShopCannotTakeIsRefusedAndAnUndoBeforeSendingWithdrawsIt() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        // Undone before the sync: neither the hold nor its reason is sent.
        let held = try await change(try await order("#1001", in: store), [.setFulfillment(.onHold), .addNote("address check")], in: store)
        #expect(try await store.shopFacts(of: "eu", in: .waiting).count == 1)
        try await change(held, [.undoChange(version: held.version)], in: store)
        #expect(try await store.shopFacts(of: "eu", in: .waiting).isEmpty)
        #expect(await sync(store).push(shop).sent.isEmpty)
        #expect(try await server.received().isEmpty)

        // Cancelled in the shop meanwhile: its fulfilment order is closed, nothing is left to hold.
        var inShop = ShopPullFixtures.unsentShopifyOrder()
        inShop["cancelledAt"] = "2026-11-22T08:00:00Z"
        try await server.control(["upsert": inShop])
        try await change(try await order("#1001", in: store), [.setFulfillment(.onHold)], in: store)
        let report = await sync(store).push(shop)
        #expect(report.refused == ["#1001: hold: the shop's order has nothing left to fulfil to hold"])
        #expect(try await store.shopFacts(of: "eu", in: .refused).map(\.refusal) == ["the shop's order has nothing left to fulfil to hold"])
        #expect(try await server.received().isEmpty)
    }

    @Test(arguments: ["sqlite", "postgresql"])
    func anUndoOfASentHoldReleasesItAndOfSentTagsTakesThemBack(engine: String) async throws {
        let store: any ShopSync.Store = engine == "sqlite" ? self.store
            : try PostgresOrderStore(connectionString: try PostgresTestServer.shared.get().makeDatabase())
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        let held = try await change(try await order("#1001", in: store), [.setFulfillment(.onHold), .addTag("vip")], in: store)
        #expect(await sync(store).push(shop).sent == ["#1001: hold", "#1001: tags added: vip"])
        // Undone here after the shop has both: the shop is told the opposite, last first.
        let undone = try await change(held, [.undoChange(version: held.version)], in: store)
        #expect(undone.fulfillment == .unfulfilled && undone.tags == ["gift"])
        #expect(try await store.shopFacts(of: "eu", in: .waiting).map(\.fact) == [.tags(added: false, ["vip"]), .release])
        #expect(try await store.shopFacts(of: "eu", in: .waiting).map(\.version) == [undone.version, undone.version])
        #expect(await sync(store).push(shop).sent == ["#1001: tags removed: vip", "#1001: release"])
        #expect(try await server.received().map { $0["field"] as? String }
                == ["fulfillmentOrderHold", "tagsAdd", "tagsRemove", "fulfillmentOrderReleaseHold"])
        let inShop = try await shopOrder(server)
        #expect(inShop["tags"] as? [String] == ["gift"])
        #expect(inShop["displayFulfillmentStatus"] as? String == "UNFULFILLED")
    }

    @Test(arguments: ["sqlite", "postgresql"])
    func aRefusedFactIsRetriedOrDroppedAndAShopWithFactsWaitingIsNotRemoved(engine: String) async throws {
        let store: any ShopSync.Store = engine == "sqlite" ? self.store
            : try PostgresOrderStore(connectionString: try PostgresTestServer.shared.get().makeDatabase())
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        // Cancelled in the shop meanwhile: the hold is refused; then the shop takes the order back.
        var inShop = ShopPullFixtures.unsentShopifyOrder()
        inShop["cancelledAt"] = "2026-11-22T08:00:00Z"
        try await server.control(["upsert": inShop])
        try await change(try await order("#1001", in: store), [.setFulfillment(.onHold)], in: store)
        #expect(await sync(store).push(shop).refused == ["#1001: hold: the shop's order has nothing left to fulfil to hold"])
        try await server.control(["upsert": ShopPullFixtures.unsentShopifyOrder()])

        try await store.retryShopFact(1, of: "eu")
        let retried = try #require(try await store.shopFacts(of: "eu", in: .waiting).first)
        #expect(retried.id == 1 && retried.refusal == nil && retried.fact == .hold(reason: nil))
        await #expect(throws: ShopFactError.wrongState(shop: "eu", id: 1, state: .waiting, action: "retry")) {
            try await store.retryShopFact(1, of: "eu")
        }
        await #expect(throws: ShopFactError.notFound(shop: "pl", id: 1)) { try await store.dropShopFact(1, of: "pl", at: Date()) }
        await #expect(throws: ShopRegistryError.factsWaiting("eu", 1)) { try await store.removeShop(named: "eu") }
        #expect(try await store.shops().map(\.name) == ["eu"])
        #expect(await sync(store).push(shop).sent == ["#1001: hold"])
        #expect(try await server.received().map { $0["field"] as? String } == ["fulfillmentOrderHold"])
        await #expect(throws: ShopFactError.wrongState(shop: "eu", id: 1, state: .sent, action: "drop")) {
            try await store.dropShopFact(1, of: "eu", at: Date())
        }

        try await change(try await order("#1001", in: store), [.addTag("vip")], in: store)
        try await store.dropShopFact(2, of: "eu", at: Date())
        #expect(try await store.shopFacts(of: "eu", in: .dropped).map(\.fact) == [.tags(added: true, ["vip"])])
        #expect(try await store.shops().map { [$0.factsWaiting, $0.factsRefused] } == [[0, 0]])
        #expect(await sync(store).push(shop).sent.isEmpty)
        try await store.removeShop(named: "eu")
        for state in ShopFactState.allCases { #expect(try await store.shopFacts(of: "eu", in: state).isEmpty) }
    }

    @Test func shopifyTagsAndANoteAreSentAsDocumented() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        let mug = try await order("#1001", in: store)
        #expect(mug.tags == ["gift"])
        try await change(mug, [.addTag("vip"), .addTag("fragile"), .removeTag("gift")], in: store)
        try await change(try await order("#1001", in: store), [.addNote("Call before delivery")], in: store)
        #expect(try await store.shopFacts(of: "eu", in: .waiting).map(\.fact) == [
            .tags(added: true, ["vip", "fragile"]), .tags(added: false, ["gift"]), .note("Call before delivery")])
        let report = await sync(store).push(shop)
        #expect(report.sent == ["#1001: tags added: vip, fragile", "#1001: tags removed: gift", "#1001: note: Call before delivery"])
        let order = "gid://shopify/Order/5001"
        // The shop's note ("Ring twice", the customer's) stays; ours follows after a blank line.
        let expected: [NSDictionary] = [
            ["field": "tagsAdd", "variables": ["id": order, "tags": ["vip", "fragile"]]],
            ["field": "tagsRemove", "variables": ["id": order, "tags": ["gift"]]],
            ["field": "orderUpdate", "variables": ["id": order, "note": "Ring twice\n\nCall before delivery"]],
        ]
        #expect(try await server.received() == expected)
        let inShop = try await shopOrder(server)
        #expect(inShop["tags"] as? [String] == ["vip", "fragile"])
        #expect(inShop["note"] as? String == "Ring twice\n\nCall before delivery")
        #expect(try await store.shopFacts(of: "eu", in: .sent).map(\.shopIDs) == Array(repeating: ["order": order], count: 3))
    }

    @Test(arguments: ["500-after", "drop-after"])
    func aShopifyNoteWhoseAnswerIsLostIsAppendedOnceAndTagsAreSentAgain(fault: String) async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        // The same words as the customer's note: the count of them before the send (1) tells ours apart.
        try await change(try await order("#1001", in: store), [.addNote("Ring twice")], in: store)
        try await server.control(["write_faults": [fault]])
        #expect(await sync(store).push(shop).sent == ["#1001: note: Ring twice"])
        #expect(try await server.received().map { $0["field"] as? String } == ["orderUpdate"])
        #expect(try await shopOrder(server)["note"] as? String == "Ring twice\n\nRing twice")
        #expect(try await store.shopFacts(of: "eu", in: .sent).map(\.seenBefore) == [["1"]])

        // Tags are idempotent: after a lost answer they are sent again as they were, and the shop has them once.
        try await change(try await order("#1001", in: store), [.addTag("vip")], in: store)
        try await server.control(["write_faults": [fault]])
        #expect(await sync(store).push(shop).sent == ["#1001: tags added: vip"])
        let tagsAdd: NSDictionary = ["field": "tagsAdd", "variables": ["id": "gid://shopify/Order/5001", "tags": ["vip"]]]
        #expect(Array(try await server.received().dropFirst()) == [tagsAdd, tagsAdd])
        #expect(try await shopOrder(server)["tags"] as? [String] == ["gift", "vip"])
        #expect(try await store.shopFacts(of: "eu", in: .sent).last?.attempts == 2)
    }

    @Test func tagsForAnOrderTheShopNoLongerHasAreRefusedWithItsWords() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        try await server.control(["orders": [[String: Any]]()])
        try await change(try await order("#1001", in: store), [.addTag("vip")], in: store)
        let report = await sync(store).push(shop)
        #expect(report.refused == ["#1001: tags added: vip: Order does not exist"])
        #expect(try await store.shopFacts(of: "eu", in: .refused).map(\.refusal) == ["Order does not exist"])
        #expect(await sync(store).push(shop).refused.isEmpty)
        #expect(try await server.received().count == 1)
    }

    @Test func aWooCommerceHoldReleaseTagsAndNoteAreStatusesAndPrivateNotes() async throws {
        let server = try ShopTestServer(.woocommerce, secret: Self.wooSecret)
        try await server.control(["orders": [ShopPullFixtures.wooOrder()]])
        let shop = try await pulled(server, into: store)
        try await change(try await order("1042", in: store), [.setFulfillment(.onHold), .addNote("address check")], in: store)
        try await change(try await order("1042", in: store), [.addTag("vip"), .addTag("gift")], in: store)
        try await change(try await order("1042", in: store), [.removeTag("gift"), .addNote("Customer asked for Friday")], in: store)
        try await change(try await order("1042", in: store), [.setFulfillment(.unfulfilled)], in: store)
        // The hold's note is lost after the shop took it (dropped): read back, it is not added twice.
        try await server.control(["write_faults": ["ok", "drop-after"]])
        let report = await sync(store).push(shop)
        #expect(report.sent == ["1042: hold (address check)", "1042: tags added: vip, gift", "1042: tags removed: gift",
                                "1042: note: Customer asked for Friday", "1042: release"])
        let orders = "/wp-json/wc/v3/orders/727"
        let expected: [[String: Any]] = [
            ["method": "PUT", "path": orders, "body": ["status": "on-hold"]],
            ["method": "POST", "path": orders + "/notes", "body": ["note": "On hold: address check", "customer_note": false]],
            ["method": "POST", "path": orders + "/notes", "body": ["note": "Tagged: vip, gift", "customer_note": false]],
            ["method": "POST", "path": orders + "/notes", "body": ["note": "Untagged: gift", "customer_note": false]],
            ["method": "POST", "path": orders + "/notes", "body": ["note": "Customer asked for Friday", "customer_note": false]],
            ["method": "PUT", "path": orders, "body": ["status": "processing"]],
        ]
        #expect(try await server.received() == expected.map { $0 as NSDictionary })
        // Notes numbered from 901.
        #expect(try await store.shopFacts(of: "eu", in: .sent).map(\.shopIDs) == [
            ["status": "on-hold", "note": "901"], ["note": "902"], ["note": "903"], ["note": "904"], ["status": "processing"]])
        let inShop = try await shopOrder(server, id: "727")
        #expect(inShop["status"] as? String == "processing")
        #expect((inShop["notes"] as? [NSDictionary])?.count == 4)
    }

    @Test func onPostgreSQLAHoldTagsAndANoteAreQueuedWithTheChangeAndSentOnce() async throws {
        let postgres = try PostgresTestServer.shared.get()
        let store = try PostgresOrderStore(connectionString: try postgres.makeDatabase())
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        let held = try await change(try await order("#1001", in: store), [.setFulfillment(.onHold), .addNote("fraud check"), .addTag("review")],
                                    in: store)
        try await change(held, [.addNote("Called the bank")], in: store)
        #expect(try await store.shopFacts(of: "eu", in: .waiting).map(\.fact) == [
            .hold(reason: "fraud check"), .tags(added: true, ["review"]), .note("Called the bank")])
        #expect(try await store.shopFacts(of: "eu", in: .waiting).map(\.version) == [held.version, held.version, held.version + 1])
        try await server.control(["write_faults": ["500-after", "ok", "drop-after"]])
        let report = await sync(store).push(shop)
        #expect(report.sent == ["#1001: hold (fraud check)", "#1001: tags added: review", "#1001: note: Called the bank"])
        let expected: [NSDictionary] = [
            ["field": "fulfillmentOrderHold", "variables": ["id": Self.fulfillmentOrder, "hold": [
                "reason": "HIGH_RISK_OF_FRAUD", "reasonNotes": "fraud check", "handle": "orders-1"]]],
            ["field": "tagsAdd", "variables": ["id": "gid://shopify/Order/5001", "tags": ["review"]]],
            ["field": "orderUpdate", "variables": ["id": "gid://shopify/Order/5001", "note": "Ring twice\n\nCalled the bank"]],
        ]
        #expect(try await server.received() == expected)
        #expect(try await store.shops().map { [$0.factsWaiting, $0.factsRefused] } == [[0, 0]])
    }
}

/// The outbox's stored facts across versions: a fact queued before holds, tags and notes existed
/// decodes to the same fact and is stored again in the same bytes.
@Suite("Shop facts stored")
struct ShopFactStoredTextTests {
    @Test func aShipmentStoredBeforeTheNewKindsDecodesAndKeepsItsBytes() throws {
        let older = #"{"carrier":"CTT","completesOrder":false,"kind":"shipment","lines":[{"line":0,"quantity":1,"sku":"MUG-1","title":"Mug"}],"notifyCustomer":true,"trackingNumber":"CTT-1"}"#
        let fact = try #require(ShopFact(storedText: older))
        #expect(fact == .shipment([ShopFact.Line(line: 0, quantity: 1, sku: "MUG-1", title: "Mug")], trackingNumber: "CTT-1", carrier: "CTT",
                                  notifyCustomer: true, completesOrder: false))
        #expect(fact.storedText == older)
    }

    @Test func theNewKindsAreStoredWithTheirOwnKeysOnly() {
        #expect(ShopFact.hold(reason: "address check").storedText
                == #"{"completesOrder":false,"kind":"hold","lines":[],"notifyCustomer":false,"reason":"address check"}"#)
        #expect(ShopFact.release.storedText == #"{"completesOrder":false,"kind":"release","lines":[],"notifyCustomer":false}"#)
        #expect(ShopFact.tags(added: false, ["gift"]).storedText
                == #"{"completesOrder":false,"kind":"tagsRemoved","lines":[],"notifyCustomer":false,"tags":["gift"]}"#)
        #expect(ShopFact(storedText: ShopFact.note("Ring\ntwice").storedText) == .note("Ring\ntwice"))
    }
}
