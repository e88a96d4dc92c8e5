import Foundation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// A refund sent to Shopify: `refundCreate` with the lines returned (`CANCEL` for units not yet sent,
/// `RETURN` for sent ones, `NO_RESTOCK` for sent ones the operator keeps out of stock), the shipping given
/// back, the operator's reason as the note, and the amount through the order's payments as Shopify
/// suggests them (`suggestedRefund`), each up to what it can still give back. Refused here, before
/// anything is sent, when the amount is more than the shop can still refund.
///
/// Exactly once: the idempotency key is written down (`ShopFactJournal.idempotencyKey`) before the
/// first send and used for every send of the fact, so a send whose answer was lost is answered by
/// Shopify with the refund it made rather than a second one; and before sending again, a refund the
/// order did not have before the send (`seenBefore`) with the same amount and units is taken as the one
/// made. A refused fact loses its key (`ShopPush`), so an operator's retry is a new request.
extension ShopifyFactSender {
    mutating func refund(_ queued: QueuedShopFact, of order: Order, orderID: String, journal: ShopFactJournal) async throws
        -> [String: String] {
        let fact = queued.fact
        let state = try await refundState(orderID, number: order.number)
        let before = (state["refunds"]?.objects ?? []).compactMap { $0["id"]?.text }
        if queued.attempts > 0, let made = Self.refund(matching: fact, among: state, notIn: queued.seenBefore) {
            return ["refund": made]
        }
        var refundLines: [[String: Any]] = []
        for (line, shopLine) in try ShopLines.named(by: fact, in: state["lineItems"]?.objectList ?? [],
                                                    more: state["lineItems"]?["pageInfo"]?["hasNextPage"]?.bool == true, of: order) {
            let unsent = Int(shopLine["unfulfilledQuantity"]?.text ?? "") ?? 0
            // Units never sent are still on the shelf: CANCEL (documented for unfulfilled items) whatever the
            // operator chose, which is also how a pull tells them from sent ones (`unitsCancelledBeforeSending`).
            let restockType = unsent >= line.quantity ? "CANCEL" : fact.restock == true ? "RETURN" : "NO_RESTOCK"
            refundLines.append(["lineItemId": shopLine["id"]?.text ?? "", "quantity": line.quantity, "restockType": restockType])
        }
        let code = state["presentmentCurrencyCode"]?.text ?? fact.currency ?? ""
        let (currency, amount) = try fact.refundMoney(inShopCurrency: code)
        let suggested = state["suggestedRefund"]
        let most = suggested?["maximumRefundableSet"]?["presentmentMoney"]?["amount"]?.text.flatMap { Decimal(string: $0) } ?? 0
        var transactions: [[String: Any]] = []
        var left = amount
        for payment in suggested?["suggestedTransactions"]?.objects ?? [] where left > 0 {
            guard let parent = payment["parentTransaction"]?["id"]?.text else { continue }
            let room = payment["maximumRefundableSet"]?["presentmentMoney"]?["amount"]?.text.flatMap { Decimal(string: $0) } ?? 0
            let taken = min(left, room)
            guard taken > 0 else { continue }
            transactions.append(["orderId": orderID, "kind": "REFUND", "gateway": payment["gateway"]?.text ?? "", "parentId": parent,
                                 "amount": currency.plainText(taken)])
            left -= taken
        }
        guard amount <= most, left == 0 else { throw ShopFact.refundTooLarge(amount, most: most, in: currency) }
        var input: [String: Any] = ["orderId": orderID, "notify": false, "refundLineItems": refundLines, "transactions": transactions,
                                    "currency": code]
        input["note"] = fact.reason
        if let shipping = fact.shipping.flatMap({ Decimal(string: $0) }), shipping > 0 {
            input["shipping"] = ["amount": currency.plainText(shipping)]
        }
        let key = try await journal.idempotencyKey(of: queued)
        try await journal.beginAttempt(seenBefore: before)
        let answer: ShopifyQuerySender.Answer
        do {
            answer = try await sender.send(ShopifyAdminAPI.refundCreate, variables: ["input": input, "key": key],
                                           what: "the refund of \(order.number)", mayRepeat: false)
        } catch ShopPushError.lostAnswer(let sentence) {
            // Asked at once: the shop may have made it, and then nothing is sent again.
            if let made = Self.refund(matching: fact, among: try await refundState(orderID, number: order.number), notIn: before) {
                return ["refund": made]
            }
            throw ShopPushError.lostAnswer(sentence)
        }
        let payload = answer.data["refundCreate"]
        let errors = (payload?["userErrors"]?.objectList ?? []).compactMap { $0["message"]?.text }
        guard errors.isEmpty else { throw ShopPushError.refused(errors.joined(separator: "; ")) }
        guard let made = payload?["refund"]?["id"]?.text else {
            throw ShopSyncError.unexpectedAnswer("\(sender.shop.name) answered the refund of \(order.number) without a refund.")
        }
        return ["refund": made]
    }

    /// The order as a refund needs it (`ShopifyAdminAPI.pushRefundQuery`).
    private mutating func refundState(_ orderID: String, number: String) async throws -> JSONValue {
        try await order(orderID, asking: ShopifyAdminAPI.pushRefundQuery, what: "the query for the refunds of \(number)")
    }

    /// The id of a refund the order has that is not among `before`, of exactly the fact's amount (in
    /// the customer's currency) and units of each line: the one a send of the fact made.
    static func refund(matching fact: ShopFact, among order: JSONValue, notIn before: [String]) -> String? {
        let wanted = ShopLines.units(of: fact, in: order["lineItems"]?.objectList ?? [])
        let amount = fact.refundAmount
        for refund in order["refunds"]?.objects ?? [] {
            guard let id = refund["id"]?.text, !before.contains(id),
                  refund["totalRefundedSet"]?["presentmentMoney"]?["amount"]?.text.flatMap({ Decimal(string: $0) }) == amount else { continue }
            if ShopLines.units(in: refund["refundLineItems"]?.objectList ?? []) == wanted { return id }
        }
        return nil
    }
}
