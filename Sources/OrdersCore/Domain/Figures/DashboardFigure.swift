/// One number on the dashboard and the query that selects exactly the orders it counts, so Enter
/// on it can open the list filtered to those orders.
public struct DashboardFigure: Hashable, Sendable {
    /// How many orders `query` selects.
    public var count: Int
    public var query: OrderQuery

    public init(count: Int, query: OrderQuery) {
        self.count = count
        self.query = query
    }
}
