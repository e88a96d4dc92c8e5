import Foundation
import OrdersInterchange
import OrdersStorage

/// Pulls a Shopify shop's changed orders through the GraphQL Admin API (`ShopifyAdminAPI`), a
/// page at a time, within the shop's cost budget (`ShopifyQuerySender`): each answer says what a
/// page costs, so the next page is as large as one query may cost. An order the page could not
/// hold whole (more lines, refunds, refund lines, fulfilments or tracking numbers than a page asks
/// for) is read again by itself (`ShopifyWholeOrder`) before the page is handed on, so every order
/// handed on is whole; one that cannot be read whole is a problem of the page, never a part.
struct ShopifyOrderSource: ShopOrderSource {
    let shop: ConnectedShop
    let credentials: ShopCredentials
    let requester: ShopRequester
    /// The first page's size, before the first answer says what an order costs: one, which any
    /// query of ours can afford; the next pages are as large as the cost limit allows.
    var firstPageSize = 1

    func pull(since: Date?, page: (ShopPullBatch) async throws -> Void) async throws {
        var sender = ShopifyQuerySender(shop: shop, credentials: credentials, requester: requester)
        var cursor: String?
        var pageSize = firstPageSize
        var costPerOrder: Double?
        while true {
            var variables: [String: Any] = ["first": pageSize]
            variables["after"] = cursor ?? NSNull()
            variables["query"] = since.map(ShopifyAdminAPI.updatedSince) ?? NSNull()
            let answer = try await sender.send(ShopifyAdminAPI.ordersQuery, variables: variables,
                                               expectedCost: costPerOrder.map { 2 + $0 * Double(pageSize) } ?? 0,
                                               what: "the orders query")
            if let requested = answer.requestedCost, pageSize > 0 { costPerOrder = max(1, (requested - 2) / Double(pageSize)) }
            guard let orders = answer.data["orders"], let info = orders["pageInfo"] else {
                throw ShopSyncError.unexpectedAnswer("\(shop.name)'s answer holds no orders connection.")
            }
            try await page(batch(of: orders["nodes"]?.objects ?? [], sender: &sender))
            guard info["hasNextPage"]?.bool == true, let next = info["endCursor"]?.text else { return }
            cursor = next
            // As many orders as one query may cost, within what the bucket can ever hold.
            if let costPerOrder {
                let ceiling = min(ShopifyAdminAPI.maximumQueryCost, sender.budget.maximum ?? ShopifyAdminAPI.maximumQueryCost)
                pageSize = min(250, max(1, Int((ceiling - 2) / costPerOrder)))
            }
        }
    }

    /// The page's orders read by the bulk file's reader, each whole: one the page holds only in part
    /// is read again by itself first. When that fails for the order (the shop refuses the query, or
    /// answers without the order), the order is a problem rather than a part; when the shop cannot be
    /// reached at all the pull stops here, before this page is written, and the next pull reads it again.
    private func batch(of nodes: [JSONValue], sender: inout ShopifyQuerySender) async throws -> ShopPullBatch {
        var readers: [JSONOrderReader] = []
        var problems: [ImportProblem] = []
        for (index, node) in nodes.enumerated() {
            var whole = node
            let leftOut = ShopifyWholeOrder.leftOut(of: node)
            if !leftOut.isEmpty {
                let name = node["name"]?.text ?? "?"
                do {
                    whole = try await ShopifyWholeOrder.read(id: node["id"]?.text ?? "", name: name, with: &sender)
                } catch ShopSyncError.unexpectedAnswer(let sentence) {
                    problems.append(ImportProblem(file: shop.name, location: .index(index), field: nil,
                                                  problem: "order \(name) has \(leftOut.joined(separator: ", ")); reading it whole failed: \(sentence)"))
                    continue
                }
            }
            readers.append(JSONOrderReader(file: shop.name, location: .index(index), object: ShopifyGraphQLOrder.restShaped(whole),
                                           format: .shopifyJSONL))
        }
        // How far the pull has come is where the page stands in the shop's order of changes: an order
        // read again may have changed since, and a later moment here would skip orders not yet paged.
        let newest = nodes.compactMap { ShopDate.apiDate($0["updatedAt"]?.text) }.max()
        return ShopPullBatch(contents: ShopFileContents(reading: readers, after: problems), newestUpdate: newest)
    }
}
