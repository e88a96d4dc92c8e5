import OrdersCore

extension PostgresOrderStore: ServerListStore {
    public func orderCount(exactBelow threshold: Int) async throws -> Int {
        try await database.orderCount(exactBelow: threshold)
    }

    public func listRows(matching query: OrderQuery, from start: ListWindowStart, limit: Int) async throws -> [OrderIndexRow] {
        try await database.listRows(matching: query, from: start, limit: limit)
    }

    public func listRows(ids: [OrderID]) async throws -> [OrderIndexRow] {
        try await database.indexRows(ids: ids)
    }

    /// Every order's counts come from the stored tally on the main connection (cheap, and folding
    /// it writes); a search's are a scan, on the counts' connection (`PostgresCountsConnection`).
    public func listTally(matching query: OrderQuery) async throws -> ListTally {
        if query.filters.isEmpty { return try await database.listTally(matching: query) }
        return try await counts.count(orOn: database) { try await $0.listTally(matching: query) }
    }

    public func listPosition(of cursor: PageCursor, matching query: OrderQuery) async throws -> Int {
        try await counts.count(orOn: database) { try await $0.listPosition(of: cursor, matching: query) }
    }
}
