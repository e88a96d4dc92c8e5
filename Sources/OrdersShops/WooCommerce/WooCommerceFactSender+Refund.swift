import Foundation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// A refund sent to WooCommerce (REST v3, Refunds): `POST /orders/{id}/refunds` with the amount, the
/// operator's reason, the lines returned (each unit at the shop's own line total and taxes, so the
/// shop's reports see what came back), `api_refund` (the payment gateway pays the money back) and
/// `api_restock` as the operator chose. Refused here, before anything is sent, when the amount is
/// more than the order's total less its refunds.
///
/// Exactly once: WooCommerce has no idempotency key, so one of ours goes into the refund's
/// `meta_data` (`_orders_refund_key`), written down (`ShopFactJournal.idempotencyKey`) before the first send;
/// before a send after a lost answer the order's refunds are read and one holding the key is the one
/// made. WooCommerce answers a refund it did not make (the gateway declined, or the amount is too
/// much) with HTTP 500 and `woocommerce_rest_cannot_create_order_refund`: it deleted the refund, so
/// that answer is its refusal, in its words, not a lost answer.
extension WooCommerceFactSender {
    static let refundKeyField = "_orders_refund_key"

    mutating func refund(_ queued: QueuedShopFact, of order: Order, shopOrderID: String, journal: ShopFactJournal) async throws
        -> [String: String] {
        let fact = queued.fact
        if let key = queued.shopIDs[ShopFactJournal.keyID], let made = try await refund(keyed: key, of: shopOrderID) {
            return ["refund": made]
        }
        let response = try await requester.send(try request("GET", "\(base)/\(shopOrderID)"), shop: shop.name)
        guard let shopOrder = try? JSONDecoder().decode(JSONValue.self, from: Data(response.body)), case .object = shopOrder else {
            throw ShopSyncError.unexpectedAnswer("\(shop.name) answered order \(shopOrderID) with something that is not a JSON object.")
        }
        let (currency, amount) = try fact.refundMoney(inShopCurrency: shopOrder["currency"]?.text ?? "")
        let total = shopOrder["total"]?.text.flatMap { Decimal(string: $0) } ?? 0
        let refunded = (shopOrder["refunds"]?.objects ?? []).reduce(Decimal(0)) { sum, refund in
            sum + (refund["total"]?.text.flatMap { Decimal(string: $0) } ?? 0).magnitude
        }
        guard amount <= total - refunded else { throw ShopFact.refundTooLarge(amount, most: total - refunded, in: currency) }
        var refundLines: [[String: Any]] = []
        for (line, shopLine) in try ShopLines.named(by: fact, in: shopOrder["line_items"]?.objects ?? [], of: order) {
            let bought = Decimal(Int(shopLine["quantity"]?.text ?? "") ?? 0)
            // A unit's share of the line's total and of each of its taxes, as the shop states them.
            func share(_ value: JSONValue?) -> String {
                let whole = value?.text.flatMap { Decimal(string: $0) } ?? 0
                return currency.plainText(bought > 0 ? whole / bought * Decimal(line.quantity) : 0)
            }
            var entry: [String: Any] = ["id": Int(shopLine["id"]?.text ?? "") ?? 0, "quantity": line.quantity,
                                        "refund_total": share(shopLine["total"])]
            let taxes = (shopLine["taxes"]?.objects ?? []).map { tax -> [String: Any] in
                ["id": Int(tax["id"]?.text ?? "") ?? 0, "refund_total": share(tax["total"])]
            }
            if !taxes.isEmpty { entry["refund_tax"] = taxes }
            refundLines.append(entry)
        }
        let key = try await journal.idempotencyKey(of: queued)
        var body: [String: Any] = ["amount": currency.plainText(amount), "line_items": refundLines, "api_refund": true,
                                   "api_restock": fact.restock == true, "meta_data": [["key": Self.refundKeyField, "value": key]]]
        body["reason"] = fact.reason
        try await journal.beginAttempt(seenBefore: [])
        let made: HTTPResponse
        do {
            made = try await requester.send(try request("POST", "\(base)/\(shopOrderID)/refunds", body: body), shop: shop.name,
                                            mayRepeat: false, refusal: Self.isRefusedRefund)
        } catch ShopPushError.lostAnswer(let sentence) {
            if let made = try await refund(keyed: key, of: shopOrderID) { return ["refund": made] }
            throw ShopPushError.lostAnswer(sentence)
        }
        guard let id = (try? JSONDecoder().decode(JSONValue.self, from: Data(made.body)))?["id"]?.text else {
            throw ShopSyncError.unexpectedAnswer("\(shop.name) answered the refund of \(order.number) without its id.")
        }
        return ["refund": id]
    }

    /// The id of the order's refund whose `meta_data` holds `key` (`GET /orders/{id}/refunds`), if any.
    private func refund(keyed key: String, of id: String) async throws -> String? {
        let response = try await requester.send(try request("GET", "\(base)/\(id)/refunds"), shop: shop.name)
        guard case .array(let refunds)? = try? JSONDecoder().decode(JSONValue.self, from: Data(response.body)) else {
            throw ShopSyncError.unexpectedAnswer("\(shop.name) answered the refunds of order \(id) with something that is not a JSON array.")
        }
        return refunds.first { refund in
            (refund["meta_data"]?.objects ?? []).contains { $0["key"]?.text == Self.refundKeyField && $0["value"]?.text == key }
        }?["id"]?.text
    }

    /// WooCommerce's answer to a refund it did not make: HTTP 500, `woocommerce_rest_cannot_create_order_refund`.
    static func isRefusedRefund(_ response: HTTPResponse) -> Bool {
        response.status == 500
            && (try? JSONDecoder().decode(JSONValue.self, from: Data(response.body)))?["code"]?.text == "woocommerce_rest_cannot_create_order_refund"
    }
}
