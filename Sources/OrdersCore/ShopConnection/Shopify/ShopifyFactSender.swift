import Foundation

/// Sends facts to a Shopify shop through the GraphQL Admin API, within the cost budget
/// (`ShopifyQuerySender`):
/// - a shipment reads the order's lines and fulfilment orders, then `fulfillmentCreate` with the
///   fulfilment-order lines that hold the shipped units, the tracking number and carrier, and
///   `notifyCustomer`; after a lost answer a fulfilment the order did not have before the send
///   (`seenBefore`) with the same tracking number and units is the one sent;
/// - a cancellation is `orderCancel` with the reason (`ShopifyAdminAPI.cancelReason`), the operator's
///   words as the staff note, restocking and no refund (refunds are facts of their own); after a lost
///   answer an order the shop shows cancelled has it.
struct ShopifyFactSender: ShopFactSender {
    var sender: ShopifyQuerySender

    mutating func deliver(_ queued: QueuedShopFact, of order: Order, shopOrderID: String, journal: ShopFactJournal) async throws
        -> [String: String] {
        let orderID = "gid://shopify/Order/\(shopOrderID)"
        switch queued.fact.kind {
        case .shipment: return try await ship(queued, of: order, orderID: orderID, journal: journal)
        case .cancellation: return try await cancel(queued, orderID: orderID, journal: journal)
        }
    }

    private mutating func ship(_ queued: QueuedShopFact, of order: Order, orderID: String, journal: ShopFactJournal) async throws
        -> [String: String] {
        let fact = queued.fact
        let state = try await read(orderID, number: order.number)
        if queued.attempts > 0, let made = Self.fulfilment(matching: fact, among: state, notIn: queued.seenBefore) {
            return ["fulfillment": made]
        }
        let lines = state["lineItems"]?.objectList ?? []
        guard state["lineItems"]?["pageInfo"]?["hasNextPage"]?.bool != true, lines.count == order.items.count else {
            throw ShopPushError.refused("the shop's order has \(lines.count) lines where \(order.number) has \(order.items.count); pull it again")
        }
        // Units of each shop line still to fulfil, fulfilment order by fulfilment order.
        let orders = state["fulfillmentOrders"]?.objectList ?? []
        var remaining: [(order: String, status: String, item: String, line: String, left: Int)] = []
        for fulfillmentOrder in orders {
            for item in fulfillmentOrder["lineItems"]?.objectList ?? [] {
                remaining.append((fulfillmentOrder["id"]?.text ?? "", fulfillmentOrder["status"]?.text ?? "", item["id"]?.text ?? "",
                                  item["lineItem"]?["id"]?.text ?? "", Int(item["remainingQuantity"]?.text ?? "") ?? 0))
            }
        }
        var byOrder: [(order: String, items: [[String: Any]])] = []
        for line in fact.lines {
            let shopLine = lines[line.line]
            guard (shopLine["sku"]?.text ?? "") == line.sku else {
                throw ShopPushError.refused("the shop's line \(line.line + 1) is \(shopLine["sku"]?.text ?? "without a SKU"), not \(line.sku); pull the order again")
            }
            let lineID = shopLine["id"]?.text ?? ""
            var wanted = line.quantity
            for index in remaining.indices where remaining[index].line == lineID && wanted > 0 && remaining[index].left > 0 {
                guard ["OPEN", "IN_PROGRESS"].contains(remaining[index].status) else { continue }
                let taken = min(wanted, remaining[index].left)
                remaining[index].left -= taken
                wanted -= taken
                let entry: [String: Any] = ["id": remaining[index].item, "quantity": taken]
                if let at = byOrder.firstIndex(where: { $0.order == remaining[index].order }) {
                    byOrder[at].items.append(entry)
                } else {
                    byOrder.append((remaining[index].order, [entry]))
                }
            }
            guard wanted == 0 else {
                let held = remaining.contains { $0.line == lineID && $0.status == "ON_HOLD" && $0.left > 0 }
                let name = line.sku.isEmpty ? "line \(line.line + 1)" : line.sku
                throw ShopPushError.refused(held ? "\(name) is on hold in the shop"
                                            : "the shop has fewer than \(line.quantity) × \(name) left to fulfil")
            }
        }
        var input: [String: Any] = [
            "lineItemsByFulfillmentOrder": byOrder.map { ["fulfillmentOrderId": $0.order, "fulfillmentOrderLineItems": $0.items] },
            "notifyCustomer": fact.notifyCustomer,
        ]
        if fact.trackingNumber != nil || fact.carrier != nil {
            var tracking: [String: Any] = [:]
            tracking["number"] = fact.trackingNumber
            tracking["company"] = fact.carrier
            input["trackingInfo"] = tracking
        }
        try await journal.beginAttempt(seenBefore: (state["fulfillments"]?.objectList ?? []).compactMap { $0["id"]?.text })
        let answer: ShopifyQuerySender.Answer
        do {
            answer = try await sender.send(ShopifyAdminAPI.fulfillmentCreate, variables: ["fulfillment": input],
                                           what: "the shipment of \(order.number)", mayRepeat: false)
        } catch ShopPushError.lostAnswer(let sentence) {
            // Asked at once: the shop may have it, and then nothing is sent again.
            let after = try await read(orderID, number: order.number)
            let before = (state["fulfillments"]?.objectList ?? []).compactMap { $0["id"]?.text }
            if let made = Self.fulfilment(matching: fact, among: after, notIn: before) { return ["fulfillment": made] }
            throw ShopPushError.lostAnswer(sentence)
        }
        let payload = answer.data["fulfillmentCreate"]
        let errors = (payload?["userErrors"]?.objectList ?? []).compactMap { $0["message"]?.text }
        guard errors.isEmpty else { throw ShopPushError.refused(errors.joined(separator: "; ")) }
        guard let made = payload?["fulfillment"]?["id"]?.text else {
            throw ShopSyncError.unexpectedAnswer("\(sender.shop.name) answered the shipment of \(order.number) without a fulfilment.")
        }
        return ["fulfillment": made]
    }

    private mutating func cancel(_ queued: QueuedShopFact, orderID: String, journal: ShopFactJournal) async throws -> [String: String] {
        if queued.attempts > 0, try await read(orderID, number: nil)["cancelledAt"]?.text != nil {
            return ["order": orderID]
        }
        var variables: [String: Any] = ["orderId": orderID, "reason": ShopifyAdminAPI.cancelReason(for: queued.fact.reason)]
        variables["staffNote"] = queued.fact.reason ?? NSNull()
        try await journal.beginAttempt(seenBefore: [])
        let answer: ShopifyQuerySender.Answer
        do {
            answer = try await sender.send(ShopifyAdminAPI.orderCancel, variables: variables, what: "the cancellation", mayRepeat: false)
        } catch ShopPushError.lostAnswer(let sentence) {
            if try await read(orderID, number: nil)["cancelledAt"]?.text != nil { return ["order": orderID] }
            throw ShopPushError.lostAnswer(sentence)
        }
        let payload = answer.data["orderCancel"]
        let errors = (payload?["orderCancelUserErrors"]?.objectList ?? []).compactMap { $0["message"]?.text }
        guard errors.isEmpty else {
            // A cancellation runs as a job: an earlier send whose answer was lost may have cancelled the order
            // only after the read above, and this send is then refused as already cancelled. It is the shop's.
            if queued.attempts > 0, try await read(orderID, number: nil)["cancelledAt"]?.text != nil { return ["order": orderID] }
            throw ShopPushError.refused(errors.joined(separator: "; "))
        }
        var ids = ["order": orderID]
        ids["job"] = payload?["job"]?["id"]?.text
        return ids
    }

    /// The order as sending needs it (`ShopifyAdminAPI.pushOrderQuery`); refused when the shop has no such order.
    private mutating func read(_ orderID: String, number: String?) async throws -> JSONValue {
        let answer = try await sender.send(ShopifyAdminAPI.pushOrderQuery, variables: ["id": orderID],
                                           what: "the query for order \(number ?? orderID)")
        guard let order = answer.data["order"], case .object = order else {
            throw ShopPushError.refused("the shop has no order \(orderID)")
        }
        return order
    }

    /// The id of a fulfilment the order has that is not among `before`, with the fact's tracking
    /// number (when it has one) and exactly its units of each line: the one a send of the fact made.
    static func fulfilment(matching fact: ShopFact, among order: JSONValue, notIn before: [String]) -> String? {
        let lines = order["lineItems"]?.objectList ?? []
        var wanted: [String: Int] = [:]
        for line in fact.lines where lines.indices.contains(line.line) {
            wanted[lines[line.line]["id"]?.text ?? "", default: 0] += line.quantity
        }
        for fulfillment in order["fulfillments"]?.objectList ?? [] {
            guard let id = fulfillment["id"]?.text, !before.contains(id) else { continue }
            let numbers = (fulfillment["trackingInfo"]?.objectList ?? []).compactMap { $0["number"]?.text }
            if let tracking = fact.trackingNumber, !numbers.contains(tracking) { continue }
            var units: [String: Int] = [:]
            for item in fulfillment["fulfillmentLineItems"]?.objectList ?? [] {
                units[item["lineItem"]?["id"]?.text ?? "", default: 0] += Int(item["quantity"]?.text ?? "") ?? 0
            }
            if units == wanted { return id }
        }
        return nil
    }
}
