/// The ORDER BY clause of a sort, shared by SQLite and PostgreSQL: both stores keep the same sort
/// columns (`SearchKeys`, `TotalKey`), and ties fall back to the id so keyset paging is stable.
extension OrderSort {
    var sqlOrderBy: String {
        let direction = ascending ? "ASC" : "DESC"
        if key == .due {
            // Orders without a due time last in both directions, among themselves by id (`OrderSort.dueOrder`).
            return "\(Order.sqlNoDueTimeRank) ASC, CASE WHEN \(Order.sqlNoDueTimeRank) = 0 THEN \(Order.sqlDueClockStart) END \(direction), id ASC"
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
        return "\(column) \(direction), id ASC"
    }
}
