import Foundation

/// Pulls a Shopify shop's changed orders through the GraphQL Admin API (`ShopifyAdminAPI`), a
/// page at a time, within the shop's cost budget: each answer's `extensions.cost` says what the
/// bucket holds and what a page costs, so the next page is as large as one query may cost, and a
/// query is sent only when the bucket can pay for it (else the client waits first). A `THROTTLED`
/// answer anyway is waited out as documented and asked again.
struct ShopifyOrderSource: ShopOrderSource {
    let shop: ConnectedShop
    let credentials: ShopCredentials
    let requester: ShopRequester
    /// The first page's size, before the first answer says what an order costs: one, which any
    /// query of ours can afford; the next pages are as large as the cost limit allows.
    var firstPageSize = 1
    /// The most one query may cost (documented: 1,000).
    static let maximumQueryCost = 1_000.0

    func pull(since: Date?, page: (ShopPullBatch) async throws -> Void) async throws {
        var budget = ShopifyCostBudget()
        var cursor: String?
        var pageSize = firstPageSize
        var costPerOrder: Double?
        var throttledInARow = 0
        while true {
            let expectedCost = costPerOrder.map { 2 + $0 * Double(pageSize) } ?? 0
            let wait = budget.wait(for: expectedCost, at: Date())
            if wait > 0 {
                requester.waiting(ShopWait(shop: shop.name, reason: .rateLimited, seconds: wait))
                try await Task.sleep(for: .seconds(wait))
            }
            var variables: [String: Any] = ["first": pageSize]
            variables["after"] = cursor ?? NSNull()
            variables["query"] = since.map(ShopifyAdminAPI.updatedSince) ?? NSNull()
            let body = try JSONSerialization.data(withJSONObject: ["query": ShopifyAdminAPI.ordersQuery, "variables": variables])
            let request = HTTPRequest(method: "POST", url: ShopifyAdminAPI.endpoint(of: shop.url), headers: [
                HTTPHeader("Content-Type", "application/json"), HTTPHeader("Accept", "application/json"),
                HTTPHeader(ShopifyAdminAPI.tokenHeader, credentials.secret),
            ], body: Array(body))
            let response = try await requester.send(request, shop: shop.name)
            guard let answer = try? JSONDecoder().decode(JSONValue.self, from: Data(response.body)) else {
                throw ShopSyncError.unexpectedAnswer("\(shop.name) answered with something that is not JSON.")
            }
            // As of now, when the answer is here: the shop measured the bucket a little earlier, so the
            // refill counted from now on is never more than the shop's.
            budget.observe(answer["extensions"], at: Date())
            let requested = answer["extensions"]?["cost"]?["requestedQueryCost"]?.text.flatMap(Double.init)
            if let requested, pageSize > 0 { costPerOrder = max(1, (requested - 2) / Double(pageSize)) }
            let errors = answer["errors"]?.objects ?? []
            if errors.contains(where: { $0["extensions"]?["code"]?.text == "THROTTLED" }) {
                throttledInARow += 1
                guard throttledInARow <= 10 else { throw ShopSyncError.unreachable("\(shop.name) kept answering THROTTLED.") }
                let available = budget.available ?? 0, rate = max(budget.restoreRate ?? 50, 1)
                let wait = max(0.1, ((requested ?? expectedCost) - available) / rate)
                requester.waiting(ShopWait(shop: shop.name, reason: .rateLimited, seconds: wait))
                try await Task.sleep(for: .seconds(wait))
                continue
            }
            throttledInARow = 0
            if !errors.isEmpty {
                let messages = errors.compactMap { $0["message"]?.text }.joined(separator: "; ")
                throw ShopSyncError.unexpectedAnswer("\(shop.name) refused the orders query: \(messages)")
            }
            guard let orders = answer["data"]?["orders"], let info = orders["pageInfo"] else {
                throw ShopSyncError.unexpectedAnswer("\(shop.name)'s answer holds no orders connection.")
            }
            try await page(batch(of: orders["nodes"]?.objects ?? []))
            guard info["hasNextPage"]?.bool == true, let next = info["endCursor"]?.text else { return }
            cursor = next
            // As many orders as one query may cost, within what the bucket can ever hold.
            if let costPerOrder {
                let ceiling = min(Self.maximumQueryCost, budget.maximum ?? Self.maximumQueryCost)
                pageSize = min(250, max(1, Int((ceiling - 2) / costPerOrder)))
            }
        }
    }

    /// The page's orders read by the bulk file's reader; an order with more lines than the query
    /// asked for cannot be read whole, so it is a problem rather than a part.
    private func batch(of nodes: [JSONValue]) -> ShopPullBatch {
        var readers: [JSONOrderReader] = []
        var problems: [ImportProblem] = []
        for (index, node) in nodes.enumerated() {
            if node["lineItems"]?["pageInfo"]?["hasNextPage"]?.bool == true {
                problems.append(ImportProblem(file: shop.name, location: .index(index), field: "lineItems",
                                              problem: "order \(node["name"]?.text ?? "?") has more than \(ShopifyAdminAPI.lineItemsPerOrder) lines, which a pull does not read yet"))
                continue
            }
            readers.append(JSONOrderReader(file: shop.name, location: .index(index), object: ShopifyGraphQLOrder.restShaped(node),
                                           format: .shopifyJSONL))
        }
        let newest = nodes.compactMap { ShopDate.apiDate($0["updatedAt"]?.text) }.max()
        return ShopPullBatch(contents: ShopFileContents(reading: readers, after: problems), newestUpdate: newest)
    }
}
