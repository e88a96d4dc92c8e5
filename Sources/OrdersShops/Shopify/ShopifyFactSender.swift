import Foundation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// Sends facts to a Shopify shop through the GraphQL Admin API, within the cost budget
/// (`ShopifyQuerySender`):
/// - a shipment reads the order's lines and fulfilment orders, then `fulfillmentCreate` with the
///   fulfilment-order lines that hold the shipped units, the tracking number and carrier, and
///   `notifyCustomer`; units held at two locations are refused (documented: the fulfilment orders of
///   one fulfilment are assigned to the same location, and one tracking number is one parcel); after a
///   lost answer a fulfilment the order did not have before the send (`seenBefore`) with the same
///   tracking number and units is the one sent;
/// - a cancellation is `orderCancel` with the reason (`ShopifyAdminAPI.cancelReason`), the operator's
///   words as the staff note, restocking and no refund (refunds are facts of their own); after a lost
///   answer an order the shop shows cancelled has it;
/// - a hold is `fulfillmentOrderHold` of each fulfilment order with something left to fulfil
///   (`ShopifyAdminAPI.holdReason`, the operator's words as `reasonNotes`), with the handle
///   `orders-ID` (the fact's id): a fulfilment order that has a hold with that handle has it, whether
///   read before the send or after a lost answer, and the shop refuses a second hold with it;
/// - a release is `fulfillmentOrderReleaseHold` of each held fulfilment order, naming the holds it
///   read (the operator released the order here: every hold goes, the shop's own too); after a lost
///   answer a fulfilment order that no longer has those holds has it;
/// - tags are `tagsAdd` or `tagsRemove`: idempotent, so a lost answer is sent again as it is;
/// - a note is appended to the order's one `note` field (`orderUpdate` replaces it): the shop's note
///   (the customer's) stays first, ours follows after a blank line; after a lost answer, the note
///   holding our text more often than before the send (`seenBefore` keeps that count) has it;
/// - a refund is `refundCreate` with an idempotency key (`ShopifyFactSender+Refund`).
struct ShopifyFactSender: ShopFactSender {
    var sender: ShopifyQuerySender

    mutating func deliver(_ queued: QueuedShopFact, of order: Order, shopOrderID: String, journal: ShopFactJournal) async throws
        -> [String: String] {
        let orderID = "gid://shopify/Order/\(shopOrderID)"
        switch queued.fact.kind {
        case .shipment: return try await ship(queued, of: order, orderID: orderID, journal: journal)
        case .cancellation: return try await cancel(queued, orderID: orderID, journal: journal)
        case .hold: return try await hold(queued, orderID: orderID, journal: journal)
        case .release: return try await release(queued, orderID: orderID, journal: journal)
        case .tagsAdded, .tagsRemoved: return try await tag(queued, orderID: orderID, journal: journal)
        case .note: return try await note(queued, orderID: orderID, journal: journal)
        case .refund: return try await refund(queued, of: order, orderID: orderID, journal: journal)
        }
    }

    private mutating func ship(_ queued: QueuedShopFact, of order: Order, orderID: String, journal: ShopFactJournal) async throws
        -> [String: String] {
        let fact = queued.fact
        let state = try await read(orderID, number: order.number)
        if queued.attempts > 0, let made = Self.fulfilment(matching: fact, among: state, notIn: queued.seenBefore) {
            return ["fulfillment": made]
        }
        let named = try ShopLines.named(by: fact, in: state["lineItems"]?.objectList ?? [],
                                        more: state["lineItems"]?["pageInfo"]?["hasNextPage"]?.bool == true, of: order)
        // Units of each shop line still to fulfil, fulfilment order by fulfilment order.
        let orders = state["fulfillmentOrders"]?.objectList ?? []
        var remaining: [(order: String, status: String, item: String, line: String, left: Int)] = []
        for fulfillmentOrder in orders {
            for item in fulfillmentOrder["lineItems"]?.objectList ?? [] {
                remaining.append((fulfillmentOrder["id"]?.text ?? "", fulfillmentOrder["status"]?.text ?? "", item["id"]?.text ?? "",
                                  item["lineItem"]?["id"]?.text ?? "", Int(item["remainingQuantity"]?.text ?? "") ?? 0))
            }
        }
        // Where each fulfilment order is sent from (`assignedLocation`): one fulfilment leaves from one location.
        var locations: [String: String] = [:]
        for fulfillmentOrder in orders {
            locations[fulfillmentOrder["id"]?.text ?? ""] = fulfillmentOrder["assignedLocation"]?["name"]?.text ?? ""
        }
        var byOrder: [(order: String, items: [[String: Any]])] = []
        for (line, shopLine) in named {
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
        let places = byOrder.reduce(into: [String]()) { places, group in
            let place = locations[group.order] ?? ""
            if !places.contains(place) { places.append(place) }
        }
        guard places.count == 1 else {
            throw ShopPushError.refused("the shop sends these lines from \(places.joined(separator: " and ")), and a fulfilment leaves from one "
                                        + "location: record a shipment for each location's lines")
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

    /// The order's fulfilment orders with their status and holds (`ShopifyAdminAPI.pushHoldsQuery`).
    private mutating func fulfillmentOrders(_ orderID: String) async throws
        -> [(id: String, status: String, holds: [(id: String, handle: String)])] {
        let order = try await order(orderID, asking: ShopifyAdminAPI.pushHoldsQuery, what: "the query for the holds of \(orderID)")
        return (order["fulfillmentOrders"]?.objectList ?? []).map { node in
            (id: node["id"]?.text ?? "", status: node["status"]?.text ?? "",
             holds: (node["fulfillmentHolds"]?.objects ?? []).map { (id: $0["id"]?.text ?? "", handle: $0["handle"]?.text ?? "") })
        }
    }

    private mutating func hold(_ queued: QueuedShopFact, orderID: String, journal: ShopFactJournal) async throws -> [String: String] {
        let handle = "orders-\(queued.id)"
        var ids = queued.shopIDs
        let holdable = try await fulfillmentOrders(orderID).filter { ["OPEN", "IN_PROGRESS", "ON_HOLD"].contains($0.status) }
        guard !holdable.isEmpty else { throw ShopPushError.refused("the shop's order has nothing left to fulfil to hold") }
        for fulfillmentOrder in holdable {
            if let ours = fulfillmentOrder.holds.first(where: { $0.handle == handle }) {
                ids[fulfillmentOrder.id] = ours.id
                continue
            }
            var input: [String: Any] = ["reason": ShopifyAdminAPI.holdReason(for: queued.fact.reason), "handle": handle]
            input["reasonNotes"] = queued.fact.reason
            try await journal.beginAttempt(seenBefore: fulfillmentOrder.holds.map(\.id))
            let answer: ShopifyQuerySender.Answer
            do {
                answer = try await sender.send(ShopifyAdminAPI.fulfillmentOrderHold, variables: ["id": fulfillmentOrder.id, "hold": input],
                                               what: "the hold", mayRepeat: false)
            } catch ShopPushError.lostAnswer(let sentence) {
                let after = try await fulfillmentOrders(orderID).first { $0.id == fulfillmentOrder.id }
                guard let ours = after?.holds.first(where: { $0.handle == handle }) else { throw ShopPushError.lostAnswer(sentence) }
                ids[fulfillmentOrder.id] = ours.id
                try await journal.recordStep(ids)
                continue
            }
            let payload = answer.data["fulfillmentOrderHold"]
            let errors = (payload?["userErrors"]?.objectList ?? []).compactMap { $0["message"]?.text }
            guard errors.isEmpty else { throw ShopPushError.refused(errors.joined(separator: "; ")) }
            guard let made = payload?["fulfillmentHold"]?["id"]?.text else {
                throw ShopSyncError.unexpectedAnswer("\(sender.shop.name) answered the hold without the hold's id.")
            }
            ids[fulfillmentOrder.id] = made
            try await journal.recordStep(ids)
        }
        return ids
    }

    private mutating func release(_ queued: QueuedShopFact, orderID: String, journal: ShopFactJournal) async throws -> [String: String] {
        var ids = queued.shopIDs
        // A fulfilment order released by an earlier delivery of this fact is not asked about again; one
        // not held at all has nothing to release (the shop is as the release wants it).
        for fulfillmentOrder in try await fulfillmentOrders(orderID) where !fulfillmentOrder.holds.isEmpty && ids[fulfillmentOrder.id] == nil {
            let holds = fulfillmentOrder.holds.map(\.id)
            try await journal.beginAttempt(seenBefore: holds)
            let answer: ShopifyQuerySender.Answer
            do {
                answer = try await sender.send(ShopifyAdminAPI.fulfillmentOrderReleaseHold, variables: ["id": fulfillmentOrder.id, "holdIds": holds],
                                               what: "the release", mayRepeat: false)
            } catch ShopPushError.lostAnswer(let sentence) {
                let after = try await fulfillmentOrders(orderID).first { $0.id == fulfillmentOrder.id }
                guard let after, !after.holds.contains(where: { holds.contains($0.id) }) else { throw ShopPushError.lostAnswer(sentence) }
                ids[fulfillmentOrder.id] = "released"
                try await journal.recordStep(ids)
                continue
            }
            let errors = (answer.data["fulfillmentOrderReleaseHold"]?["userErrors"]?.objectList ?? []).compactMap { $0["message"]?.text }
            guard errors.isEmpty else { throw ShopPushError.refused(errors.joined(separator: "; ")) }
            ids[fulfillmentOrder.id] = "released"
            try await journal.recordStep(ids)
        }
        return ids
    }

    private mutating func tag(_ queued: QueuedShopFact, orderID: String, journal: ShopFactJournal) async throws -> [String: String] {
        let adding = queued.fact.kind == .tagsAdded
        try await journal.beginAttempt(seenBefore: [])
        // Sent again as it is after a lost answer (`ShopPush` delivers the fact again): a tag added or
        // removed twice leaves the order as once.
        let answer = try await sender.send(adding ? ShopifyAdminAPI.tagsAdd : ShopifyAdminAPI.tagsRemove,
                                           variables: ["id": orderID, "tags": queued.fact.tags ?? []],
                                           what: adding ? "the tags added" : "the tags removed", mayRepeat: false)
        let errors = (answer.data[adding ? "tagsAdd" : "tagsRemove"]?["userErrors"]?.objectList ?? []).compactMap { $0["message"]?.text }
        guard errors.isEmpty else { throw ShopPushError.refused(errors.joined(separator: "; ")) }
        return ["order": orderID]
    }

    private mutating func note(_ queued: QueuedShopFact, orderID: String, journal: ShopFactJournal) async throws -> [String: String] {
        let ours = queued.fact.text ?? ""
        let before = try await shopNote(orderID)
        if queued.attempts > 0, Self.occurrences(of: ours, in: before) > Int(queued.seenBefore.first ?? "") ?? 0 {
            return ["order": orderID]
        }
        let seen = Self.occurrences(of: ours, in: before)
        try await journal.beginAttempt(seenBefore: [String(seen)])
        let answer: ShopifyQuerySender.Answer
        do {
            answer = try await sender.send(ShopifyAdminAPI.orderUpdateNote, variables: ["id": orderID, "note": Self.appending(ours, to: before)],
                                           what: "the note", mayRepeat: false)
        } catch ShopPushError.lostAnswer(let sentence) {
            if Self.occurrences(of: ours, in: try await shopNote(orderID)) > seen { return ["order": orderID] }
            throw ShopPushError.lostAnswer(sentence)
        }
        let errors = (answer.data["orderUpdate"]?["userErrors"]?.objectList ?? []).compactMap { $0["message"]?.text }
        guard errors.isEmpty else { throw ShopPushError.refused(errors.joined(separator: "; ")) }
        return ["order": orderID]
    }

    private mutating func shopNote(_ orderID: String) async throws -> String {
        try await order(orderID, asking: ShopifyAdminAPI.pushNoteQuery, what: "the query for the note of \(orderID)")["note"]?.text ?? ""
    }

    /// The shop's note with ours after it, a blank line between: the shop's words are never replaced.
    static func appending(_ ours: String, to note: String) -> String {
        note.isEmpty ? ours : note + "\n\n" + ours
    }

    /// How many times `text` stands in `note` as a paragraph of its own (as `appending` puts it).
    static func occurrences(of text: String, in note: String) -> Int {
        guard !text.isEmpty else { return 0 }
        return note.components(separatedBy: "\n\n").filter { $0 == text }.count
    }

    /// The order as sending needs it (`ShopifyAdminAPI.pushOrderQuery`).
    private mutating func read(_ orderID: String, number: String?) async throws -> JSONValue {
        try await order(orderID, asking: ShopifyAdminAPI.pushOrderQuery, what: "the query for order \(number ?? orderID)")
    }

    /// The `order` a query asks for by `$id`; refused when the shop has no such order.
    mutating func order(_ orderID: String, asking query: String, what: String) async throws -> JSONValue {
        let answer = try await sender.send(query, variables: ["id": orderID], what: what)
        guard let order = answer.data["order"], case .object = order else {
            throw ShopPushError.refused("the shop has no order \(orderID)")
        }
        return order
    }

    /// The id of a fulfilment the order has that is not among `before`, with the fact's tracking
    /// number (when it has one) and exactly its units of each line: the one a send of the fact made.
    static func fulfilment(matching fact: ShopFact, among order: JSONValue, notIn before: [String]) -> String? {
        let wanted = ShopLines.units(of: fact, in: order["lineItems"]?.objectList ?? [])
        for fulfillment in order["fulfillments"]?.objectList ?? [] {
            guard let id = fulfillment["id"]?.text, !before.contains(id) else { continue }
            let numbers = (fulfillment["trackingInfo"]?.objectList ?? []).compactMap { $0["number"]?.text }
            if let tracking = fact.trackingNumber, !numbers.contains(tracking) { continue }
            if ShopLines.units(in: fulfillment["fulfillmentLineItems"]?.objectList ?? []) == wanted { return id }
        }
        return nil
    }
}
