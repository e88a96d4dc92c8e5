import Foundation
import OrdersInterchange

/// An order a page of orders holds only in part, read again by itself: the page asks each order for
/// as much as keeps a page of several orders within one query's cost (`ShopifyAdminAPI`), and an
/// order with more is read whole here, in the page's shape, so it is mapped like any other.
enum ShopifyWholeOrder {
    /// What of the order a page's answer left out, in words ("more than 20 lines"); empty when the
    /// page holds all of it. Lines and refund lines are connections that say so (`hasNextPage`);
    /// refunds, fulfilments and tracking are lists the page asks one more of than it keeps, so the
    /// extra one having come says there may be more.
    static func leftOut(of node: JSONValue) -> [String] {
        var parts: [String] = []
        if node["lineItems"]?["pageInfo"]?["hasNextPage"]?.bool == true {
            parts.append("more than \(ShopifyAdminAPI.lineItemsPerOrder) lines")
        }
        let refunds = node["refunds"]?.objects ?? []
        if refunds.count > ShopifyAdminAPI.refundsPerOrder {
            parts.append("more than \(ShopifyAdminAPI.refundsPerOrder) refunds")
        }
        if refunds.contains(where: { $0["refundLineItems"]?["pageInfo"]?["hasNextPage"]?.bool == true }) {
            parts.append("a refund of more than \(ShopifyAdminAPI.refundLinesPerRefund) lines")
        }
        let fulfillments = node["fulfillments"]?.objects ?? []
        if fulfillments.count > ShopifyAdminAPI.fulfillmentsPerOrder {
            parts.append("more than \(ShopifyAdminAPI.fulfillmentsPerOrder) fulfilments")
        }
        if fulfillments.contains(where: { ($0["trackingInfo"]?.objects.count ?? 0) > ShopifyAdminAPI.trackingPerFulfillment }) {
            parts.append("a fulfilment with more than \(ShopifyAdminAPI.trackingPerFulfillment) tracking numbers")
        }
        return parts
    }

    /// The order `id` (a global id) read whole: its fields, refunds and fulfilments in one query,
    /// then the rest of its lines and of each refund's lines a page at a time, each query within the
    /// cost budget. Throws `ShopSyncError.unexpectedAnswer` when the shop refuses a query or answers
    /// without the order (deleted meanwhile); nothing of the order is returned then.
    static func read(id: String, name: String, with sender: inout ShopifyQuerySender) async throws -> JSONValue {
        let what = "the query for order \(name)"
        let shop = sender.shop.name
        let first = try await sender.send(ShopifyAdminAPI.wholeOrderQuery, variables: ["id": id], what: what)
        guard case .object(var order)? = first.data["order"] else {
            throw ShopSyncError.unexpectedAnswer("\(shop) answered without order \(name).")
        }
        let lines = try await rest(of: order["lineItems"], shop: shop, what: what) { after in
            try await sender.send(ShopifyAdminAPI.moreLinesQuery, variables: ["id": id, "after": after], what: what)
                .data["order"]?["lineItems"]
        }
        order["lineItems"] = .object(["nodes": .array(lines)])
        var refunds: [JSONValue] = []
        for refund in order["refunds"]?.objects ?? [] {
            guard case .object(var members) = refund else { continue }
            let refundID = members["id"]?.text ?? ""
            let refundLines = try await rest(of: members["refundLineItems"], shop: shop, what: what) { after in
                try await sender.send(ShopifyAdminAPI.moreRefundLinesQuery, variables: ["id": refundID, "after": after], what: what)
                    .data["refund"]?["refundLineItems"]
            }
            members["refundLineItems"] = .object(["nodes": .array(refundLines)])
            refunds.append(.object(members))
        }
        order["refunds"] = .array(refunds)
        return .object(order)
    }

    /// A connection's nodes, its first page's and every next page's (`nextPage(after:)`) until the
    /// shop says there are no more. A page that says more but names no new cursor, or more nodes
    /// than Shopify pages through at all (documented: 25,000), would ask forever: it is refused.
    private static func rest(of connection: JSONValue?, shop: String, what: String,
                             nextPage: (String) async throws -> JSONValue?) async throws -> [JSONValue] {
        guard let connection else { throw ShopSyncError.unexpectedAnswer("\(shop)'s answer to \(what) holds no connection where one was asked for.") }
        var nodes = connection.objectList
        var page = connection
        var cursors: Set<String> = []
        while page["pageInfo"]?["hasNextPage"]?.bool == true {
            guard let cursor = page["pageInfo"]?["endCursor"]?.text, cursors.insert(cursor).inserted else {
                throw ShopSyncError.unexpectedAnswer("\(shop)'s answer to \(what) says more follow but names no new cursor.")
            }
            guard nodes.count < 25_000 else {
                throw ShopSyncError.unexpectedAnswer("\(shop)'s answer to \(what) says more follow after 25,000, as many as Shopify pages through.")
            }
            guard let next = try await nextPage(cursor) else {
                throw ShopSyncError.unexpectedAnswer("\(shop)'s answer to \(what) holds no connection where one was asked for.")
            }
            nodes += next.objectList
            page = next
        }
        return nodes
    }
}
