import Foundation
import OrdersInterchange
import OrdersStorage

/// Sends one pull's GraphQL queries to a Shopify shop within its cost budget (`ShopifyCostBudget`),
/// the one home of that rule for pages and whole orders alike: a query is sent only when the bucket
/// can pay what it is expected to cost (else the client waits first); each answer's
/// `extensions.cost` says what the bucket holds; a `THROTTLED` answer anyway is waited out as
/// documented (`(requested − available) / restoreRate`) and asked again.
struct ShopifyQuerySender {
    let shop: ConnectedShop
    let credentials: ShopCredentials
    let requester: ShopRequester
    private(set) var budget = ShopifyCostBudget()
    /// What each query asked last time (`requestedQueryCost`): what it is expected to cost next.
    private var lastRequested: [String: Double] = [:]

    init(shop: ConnectedShop, credentials: ShopCredentials, requester: ShopRequester) {
        self.shop = shop
        self.credentials = credentials
        self.requester = requester
    }

    struct Answer {
        var data: JSONValue
        /// What the shop said the query asked (`requestedQueryCost`), when it said it.
        var requestedCost: Double?
    }

    /// The `data` of `query`'s answer. `expectedCost` is what the query will ask, when the caller
    /// knows better than the last time (a page's size changes its cost); a query not sent before in
    /// this pull is expected to ask as much as any query may, so it waits for a bucket that can pay
    /// for that rather than be throttled. `what` names the query in an error ("the orders query").
    /// GraphQL errors are `ShopSyncError.unexpectedAnswer`.
    /// `mayRepeat` is false for a mutation (`ShopRequester`): a lost answer is not sent again here,
    /// and the shop's GraphQL errors (other than `THROTTLED`, which runs nothing) are its refusal.
    mutating func send(_ query: String, variables: [String: Any], expectedCost: Double? = nil, what: String,
                       mayRepeat: Bool = true) async throws -> Answer {
        var throttledInARow = 0
        while true {
            let mostAQueryMayAsk = min(ShopifyAdminAPI.maximumQueryCost, budget.maximum ?? ShopifyAdminAPI.maximumQueryCost)
            let expected = expectedCost ?? lastRequested[query] ?? mostAQueryMayAsk
            let wait = budget.wait(for: expected, at: Date())
            if wait > 0 {
                requester.waiting(ShopWait(shop: shop.name, reason: .rateLimited, seconds: wait))
                try await Task.sleep(for: .seconds(wait))
            }
            let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
            let request = HTTPRequest(method: "POST", url: ShopifyAdminAPI.endpoint(of: shop.url), headers: [
                HTTPHeader("Content-Type", "application/json"), HTTPHeader("Accept", "application/json"),
                HTTPHeader(ShopifyAdminAPI.tokenHeader, credentials.secret),
            ], body: Array(body))
            let response = try await requester.send(request, shop: shop.name, mayRepeat: mayRepeat)
            guard let answer = try? JSONDecoder().decode(JSONValue.self, from: Data(response.body)) else {
                if !mayRepeat { throw ShopPushError.lostAnswer("\(shop.name) answered \(what) with something that is not JSON.") }
                throw ShopSyncError.unexpectedAnswer("\(shop.name) answered with something that is not JSON.")
            }
            // As of now, when the answer is here: the shop measured the bucket a little earlier, so the
            // refill counted from now on is never more than the shop's.
            budget.observe(answer["extensions"], at: Date())
            let requested = answer["extensions"]?["cost"]?["requestedQueryCost"]?.text.flatMap(Double.init)
            if let requested { lastRequested[query] = requested }
            let errors = answer["errors"]?.objects ?? []
            if errors.contains(where: { $0["extensions"]?["code"]?.text == "THROTTLED" }) {
                throttledInARow += 1
                guard throttledInARow <= 10 else { throw ShopSyncError.unreachable("\(shop.name) kept answering THROTTLED.") }
                let available = budget.available ?? 0, rate = max(budget.restoreRate ?? 50, 1)
                let pause = max(0.1, ((requested ?? expected) - available) / rate)
                requester.waiting(ShopWait(shop: shop.name, reason: .rateLimited, seconds: pause))
                try await Task.sleep(for: .seconds(pause))
                continue
            }
            if !errors.isEmpty {
                let messages = errors.compactMap { $0["message"]?.text }.joined(separator: "; ")
                if !mayRepeat { throw ShopPushError.refused(messages) }
                throw ShopSyncError.unexpectedAnswer("\(shop.name) refused \(what): \(messages)")
            }
            guard let data = answer["data"] else {
                throw ShopSyncError.unexpectedAnswer("\(shop.name)'s answer to \(what) holds no data.")
            }
            return Answer(data: data, requestedCost: requested)
        }
    }
}
