import OrdersCore

/// The ORDER BY clause of a sort, shared by SQLite and PostgreSQL: both stores keep the same sort
/// columns (`SearchKeys`, `TotalKey`), and ties fall back to the id so keyset paging is stable.
extension OrderSort {
    var sqlOrderBy: String { sqlOrderBy(reversed: false) }

    /// The ORDER BY clause, or with `reversed` its exact reverse (ties by descending id): the
    /// server-served list reads the rows before a position, or the last page, backwards with it.
    func sqlOrderBy(reversed: Bool) -> String {
        let direction = ascending != reversed ? "ASC" : "DESC"
        let idDirection = reversed ? "DESC" : "ASC"
        if key == .due {
            // Orders without a due time last in both directions, among themselves by id (`OrderSort.dueOrder`).
            return "\(Order.sqlNoDueTimeRank) \(reversed ? "DESC" : "ASC"), "
                + "CASE WHEN \(Order.sqlNoDueTimeRank) = 0 THEN \(Order.sqlDueClockStart) END \(direction), id \(idDirection)"
        }
        let column: String = switch key {
        case .date: "created_ms"
        case .id: "id"
        case .customer: "customer_key"
        case .total: "total_e4"
        case .status: "status"
        case .items: "item_count"
        case .due: "" // answered above
        }
        if key == .id { return "id \(direction)" }
        return "\(column) \(direction), id \(idDirection)"
    }
}
