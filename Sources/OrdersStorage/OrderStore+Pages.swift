import OrdersCore

extension OrderStore {
    /// Hands `body` the orders matching `query`, in its sort order, a page at a time, up
    /// to `limit` orders; returns how many were handed over and how many match in all.
    /// Pages continue from the last order seen (keyset paging), so orders another
    /// operator adds or changes meanwhile cannot shift the pages and repeat a row.
    /// One request is made even for a limit of 0: it also says how many match.
    @discardableResult
    public func forEachPage(
        matching query: OrderQuery, limit: Int? = nil, pageSize: Int = 1_000,
        _ body: ([Order]) throws -> Void
    ) async throws -> (delivered: Int, matching: Int) {
        var delivered = 0
        var matching = 0
        var cursor: PageCursor?
        while true {
            let wanted = min(pageSize, (limit ?? Int.max) - delivered)
            let page = try await orders(matching: query, page: PageRequest(after: cursor, limit: max(0, wanted)))
            if cursor == nil { matching = page.totalCount }
            guard let last = page.orders.last, wanted > 0 else { break }
            try body(page.orders)
            delivered += page.orders.count
            cursor = PageCursor(last)
        }
        return (delivered, matching)
    }
}
