import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// Refunds recorded here sent to the local shops: the exact request (Shopify's `refundCreate` through
/// the order's payment, WooCommerce's `POST …/refunds` with our key in its `meta_data`), made once
/// after a lost answer, refused before sending when the shop has less left to give back, and the
/// shop's copy known again on the next pull, so the money is counted once.
extension ShopPushTests {
    static let mug = "gid://shopify/LineItem/11"

    /// The refund of one mug (line 1) here: 12.00 EUR, restocked, "arrived broken" (`orders refund #1001
    /// --line 1:1 --amount 12.00 --restock --reason "arrived broken"`).
    @discardableResult
    func refundOneMug(of reference: String, in store: any OrderStore, amount: Decimal = 12) async throws -> Order {
        let order = try await order(reference, in: store)
        let refund = order.refund(returning: [RefundLine(line: 0, quantity: 1)], amount: amount, at: Date(), reason: "arrived broken",
                                  restock: true)
        return try await change(order, [.refund(refund)], in: store)
    }

    /// The received writes with the idempotency key each carried put as `KEY`, and the keys.
    func withoutKeys(_ received: [NSDictionary]) -> (writes: [NSDictionary], keys: [String]) {
        var keys: [String] = []
        let writes = received.map { write -> NSDictionary in
            guard let variables = write["variables"] as? [String: Any], let key = variables["key"] as? String else { return write }
            keys.append(key)
            var copy = write as? [String: Any] ?? [:]
            copy["variables"] = variables.merging(["key": "KEY"]) { $1 }
            return copy as NSDictionary
        }
        return (writes, keys)
    }

    static func shopifyRefund(note: String = "arrived broken", restockType: String = "CANCEL") -> NSDictionary {
        ["field": "refundCreate", "variables": ["key": "KEY", "input": [
            "orderId": "gid://shopify/Order/5001", "notify": false, "currency": "EUR", "note": note,
            "refundLineItems": [["lineItemId": mug, "quantity": 1, "restockType": restockType]],
            // The order's one payment (the test shop's sale of the whole total, `transactions_of`).
            "transactions": [["orderId": "gid://shopify/Order/5001", "kind": "REFUND", "gateway": "shopify_payments",
                              "parentId": "gid://shopify/OrderTransaction/50011", "amount": "12.00"]]]]]
    }

    @Test func aShopifyRefundIsSentThroughTheOrdersPaymentAndPulledBackAsTheSameRefund() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        let refunded = try await refundOneMug(of: "#1001", in: store)
        #expect(refunded.refunds.map(\.id) == ["R1"])
        let fact = ShopFact(kind: .refund, lines: [ShopFact.Line(line: 0, quantity: 1, sku: "MUG-1", title: "Mug")], trackingNumber: nil,
                            carrier: nil, notifyCustomer: false, completesOrder: false, reason: "arrived broken", refundID: "R1",
                            amount: "12.00", shipping: "0.00", currency: "EUR", restock: true)
        #expect(try await store.shopFacts(of: "eu", in: .waiting).map(\.fact) == [fact])
        #expect(fact.summary == "refund R1 of 12.00 EUR: 1 × MUG-1 (arrived broken)")

        let report = await sync(store).push(shop)
        #expect(report.sent == ["#1001: refund R1 of 12.00 EUR: 1 × MUG-1 (arrived broken)"])
        // Both mugs are still to send: the returned one is released (CANCEL), not returned from a parcel.
        let (writes, keys) = withoutKeys(try await server.received())
        #expect(writes == [Self.shopifyRefund()])
        #expect(keys.count == 1 && UUID(uuidString: keys[0]) != nil)
        // The test shop numbers what it makes from 901: the refund, then its transaction.
        let sent = try #require(try await store.shopFacts(of: "eu", in: .sent).first)
        #expect(sent.shopIDs == ["refund": "gid://shopify/Refund/901"])
        let shopOrder = try await shopOrder(server)
        #expect(((shopOrder["totalRefundedSet"] as? NSDictionary)?["presentmentMoney"] as? NSDictionary)?["amount"] as? String == "12.00")
        #expect(shopOrder["displayFinancialStatus"] as? String == "PARTIALLY_REFUNDED")

        // Pulled again, the shop's refund 901 is the refund R1 made here: the order holds it once.
        let pull = await sync(store).pull(try #require(try await store.shops().first))
        #expect(pull.failure == nil)
        let after = try await order("#1001", in: store)
        #expect(after.refunds.map(\.id) == ["R1"])
        #expect(after.refunds.map(\.reason) == ["arrived broken"])
        #expect(after.refunded == 12)
        #expect(after.payment == .partiallyRefunded)
        // The shop now has one mug to send (the other was cancelled before sending): none was sent.
        #expect(after.items.map(\.fulfilledQuantity) == [0, 0])
        #expect(after.unitsLeftToSend(ofLine: 0) == 1)
        #expect(try await store.shops().map { [$0.factsWaiting, $0.factsRefused] } == [[0, 0]])
    }

    @Test(arguments: ["500-after", "drop-after", "500"])
    func aShopifyRefundWhoseAnswerIsLostIsMadeOnce(fault: String) async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        try await refundOneMug(of: "#1001", in: store)
        try await server.control(["write_faults": [fault]])
        let report = await sync(store).push(shop)
        #expect(report.sent == ["#1001: refund R1 of 12.00 EUR: 1 × MUG-1 (arrived broken)"])
        // "500-after", "drop-after": taken and the answer lost; read back, the order has a new refund of
        // 12.00 with one mug: that is it. "500": not taken (the test shop records only what it applies);
        // read back, the order has no such refund, so it is sent again, with the key written down first.
        let (writes, keys) = withoutKeys(try await server.received())
        #expect(writes == [Self.shopifyRefund()])
        #expect(keys.count == 1)
        let fact = try #require(try await store.shopFacts(of: "eu", in: .sent).first)
        #expect(fact.attempts == (fault == "500" ? 2 : 1))
        let refunds = try #require(try await shopOrder(server)["refunds"] as? [NSDictionary])
        #expect(refunds.map { $0["id"] as? String } == ["gid://shopify/Refund/901"])
        #expect(try await store.shopFacts(of: "eu", in: .sent).map(\.shopIDs) == [["refund": "gid://shopify/Refund/901"]])
    }

    @Test func aShopifyRefundOfMoreThanTheShopCanGiveBackIsRefusedBeforeSending() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        // The shop gave 25.00 of the 30.90 back itself (a refund not pulled yet): 5.90 is left.
        var shopOrder = ShopPullFixtures.unsentShopifyOrder()
        shopOrder["transactions"] = [
            ["id": "gid://shopify/OrderTransaction/50011", "kind": "SALE", "status": "SUCCESS", "gateway": "shopify_payments",
             "amountSet": ShopPullFixtures.money("30.90"), "parentTransaction": NSNull()],
            ["id": "gid://shopify/OrderTransaction/50012", "kind": "REFUND", "status": "SUCCESS", "gateway": "shopify_payments",
             "amountSet": ShopPullFixtures.money("25.00"), "parentTransaction": ["id": "gid://shopify/OrderTransaction/50011"]],
        ]
        try await server.control(["orders": [shopOrder]])
        let shop = try await pulled(server, into: store)
        try await refundOneMug(of: "#1001", in: store)
        let report = await sync(store).push(shop)
        #expect(report.refused == ["#1001: refund R1 of 12.00 EUR: 1 × MUG-1 (arrived broken): the shop can give back at most 5.90 EUR of this order, not 12.00"])
        #expect(try await server.received().isEmpty)
        let refused = try #require(try await store.shopFacts(of: "eu", in: .refused).first)
        #expect(refused.refusal == "the shop can give back at most 5.90 EUR of this order, not 12.00")
        #expect(refused.shopIDs == [:])
        #expect(try await store.shops().map { [$0.factsWaiting, $0.factsRefused] } == [[0, 1]])
    }

    static func wooRefund(key: String) -> NSDictionary {
        ["method": "POST", "path": "/wp-json/wc/v3/orders/727/refunds", "body": [
            "amount": "9.84", "reason": "arrived broken", "api_refund": true, "api_restock": true,
            // A cup's share of the line's total (24.00 for 3); the line states no taxes of its own.
            "line_items": [["id": 1, "quantity": 1, "refund_total": "8.00"]],
            "meta_data": [["key": "_orders_refund_key", "value": key]]]]
    }

    @Test(arguments: ["none", "drop-after"])
    func aWooCommerceRefundIsPaidBackByTheGatewayOnceAndPulledBackAsTheSameRefund(fault: String) async throws {
        let server = try ShopTestServer(.woocommerce, secret: Self.wooSecret)
        var paidByCard = ShopPullFixtures.wooOrder()
        paidByCard["payment_method"] = "stripe"
        try await server.control(["orders": [paidByCard]])
        let shop = try await pulled(server, into: store)
        // One cup back: 8.00 and its 23 % VAT, 9.84.
        try await refundOneMug(of: "1042", in: store, amount: Decimal(string: "9.84")!)
        if fault != "none" { try await server.control(["write_faults": [fault]]) }
        let report = await sync(store).push(shop)
        #expect(report.sent == ["1042: refund R1 of 9.84 EUR: 1 × CUP-8 (arrived broken)"])
        let received = try await server.received()
        let key = try #require(((received.first?["body"] as? NSDictionary)?["meta_data"] as? [NSDictionary])?.first?["value"] as? String)
        // After the lost answer the refunds are read: one holds the key, so it is not sent again.
        #expect(received == [Self.wooRefund(key: key)])
        #expect(try await store.shopFacts(of: "eu", in: .sent).map(\.shopIDs) == [["refund": "901"]])

        let pull = await sync(store).pull(try #require(try await store.shops().first))
        #expect(pull.failure == nil)
        let after = try await order("1042", in: store)
        #expect(after.refunds.map(\.id) == ["R1"])
        #expect(after.refunded == Decimal(string: "9.84"))
        #expect(after.payment == .partiallyRefunded)
    }

    @Test func aWooCommerceRefundTheGatewayCannotPayBackIsRefusedInTheShopsWords() async throws {
        let server = try ShopTestServer(.woocommerce, secret: Self.wooSecret)
        // Paid by bank transfer: WooCommerce cannot pay it back by itself (HTTP 500, and no refund made).
        try await server.control(["orders": [ShopPullFixtures.wooOrder()]])
        let shop = try await pulled(server, into: store)
        try await refundOneMug(of: "1042", in: store, amount: Decimal(string: "9.84")!)
        let report = await sync(store).push(shop)
        #expect(report.refused == ["1042: refund R1 of 9.84 EUR: 1 × CUP-8 (arrived broken): The payment gateway for this order does not support automatic refunds."])
        #expect(try await server.received().count == 1)
        #expect(try await server.orders().first?["refunds"] as? [NSDictionary] == [])
        let refused = try #require(try await store.shopFacts(of: "eu", in: .refused).first)
        #expect(refused.attempts == 1)
        // Refused: the key is not kept, so an operator's retry is a new refund request.
        #expect(refused.shopIDs == [:])
    }

    @Test func aRefundRefusedAfterALostAnswerDropsItsKeyToo() async throws {
        let server = try ShopTestServer(.woocommerce, secret: Self.wooSecret)
        try await server.control(["orders": [ShopPullFixtures.wooOrder()]])
        let shop = try await pulled(server, into: store)
        try await refundOneMug(of: "1042", in: store, amount: Decimal(string: "9.84")!)
        // The first send gets a 500 (not taken): the key is kept, the refunds read (none holds it), and the
        // second send is refused by the gateway.
        try await server.control(["write_faults": ["500"]])
        let report = await sync(store).push(shop)
        #expect(report.refused == ["1042: refund R1 of 9.84 EUR: 1 × CUP-8 (arrived broken): The payment gateway for this order does not support automatic refunds."])
        let refused = try #require(try await store.shopFacts(of: "eu", in: .refused).first)
        #expect(refused.attempts == 2)
        #expect(refused.shopIDs == [:])
    }

    @Test func aRefundUndoneBeforeItIsSentIsNeverSentAndOneSentStaysInTheShop() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        let refunded = try await refundOneMug(of: "#1001", in: store)
        try await change(refunded, [.undoChange(version: refunded.version)], in: store)
        #expect(try await store.shopFacts(of: "eu", in: .waiting).isEmpty)
        #expect(await sync(store).push(shop).sent.isEmpty)

        // Sent, then undone here: nothing takes money back from a shop, and the next pull shows the shop's refund.
        let again = try await refundOneMug(of: "#1001", in: store)
        #expect(await sync(store).push(shop).sent == ["#1001: refund R1 of 12.00 EUR: 1 × MUG-1 (arrived broken)"])
        try await change(try await order("#1001", in: store), [.undoChange(version: again.version)], in: store)
        #expect(try await store.shopFacts(of: "eu", in: .waiting).isEmpty)
        #expect(try await order("#1001", in: store).refunds.isEmpty)
        #expect(await sync(store).pull(try #require(try await store.shops().first)).failure == nil)
        let pulled = try await order("#1001", in: store)
        #expect(pulled.refunds.map(\.id) == ["R1"])
        #expect(pulled.refunded == 12)
    }

    @Test func unitsOfALineTheShopNoLongerHasThereAreRefusedWithTheAdviceToPullAgain() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let shop = try await pulled(server, into: store)
        // Edited in the shop since the pull: its first line is another product now.
        var edited = ShopPullFixtures.unsentShopifyOrder()
        var lines = try #require(edited["lineItems"] as? [[String: Any]])
        lines[0]["sku"] = "MUG-2"
        edited["lineItems"] = lines
        try await server.control(["upsert": edited])
        try await refundOneMug(of: "#1001", in: store)
        try await change(try await order("#1001", in: store), [.fulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 1)]))],
                         in: store)
        let report = await sync(store).push(shop)
        let words = "the shop's line 1 is MUG-2, not MUG-1; pull the order again"
        #expect(report.refused == ["#1001: refund R1 of 12.00 EUR: 1 × MUG-1 (arrived broken): \(words)",
                                   "#1001: shipment of 1 × MUG-1: \(words)"])
        #expect(try await server.received().isEmpty)
    }
}
