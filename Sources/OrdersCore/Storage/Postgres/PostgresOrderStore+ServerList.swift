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

    public func listTally(matching query: OrderQuery) async throws -> ListTally {
        try await database.listTally(matching: query)
    }

    public func listPosition(of cursor: PageCursor, matching query: OrderQuery) async throws -> Int {
        try await database.listPosition(of: cursor, matching: query)
    }
}
