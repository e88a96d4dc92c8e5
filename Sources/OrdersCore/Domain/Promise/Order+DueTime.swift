import Foundation

extension Order {
    /// Whether a fulfilment promise gives this order a due time: it still has to ship
    /// (`OrderStatus.awaitsShipment`: pending or processing, so neither closed, cancelled, refunded
    /// nor wholly sent). The one home of what "open" means against the promise: the list's Due
    /// column, `due<4h` / `overdue`, the sort by due time, the status bar's count and the
    /// dashboard's overdue figures all read it (every store's SQL through `awaitingShipment`).
    public var hasDueTime: Bool { Self.hasDueTime(status: status) }

    /// The same rule for an order known only by its derived status (the list's index, a store's row).
    package static func hasDueTime(status: OrderStatus) -> Bool { status.awaitsShipment }

    /// When the promise's clock starts: when the order was paid, or when it was created while it
    /// is unpaid (`ageStart`, the Age column's start), so "ships within 2 days of payment" counts
    /// from the payment once there is one.
    public var dueClockStart: Date { ageStart }

    /// The derived statuses' ranks (`OrderStatus.workflowRank`) of the orders with a due time, for SQL.
    static let dueTimeStatusRanks: [Int] = OrderStatus.allCases.filter { hasDueTime(status: $0) }.map(\.workflowRank).sorted()

    /// SQL that is 0 for an order with a due time and 1 for one without (the sort by due time puts
    /// those last); the ranks are the code's own constants, never user input.
    package static let sqlNoDueTimeRank = "(CASE WHEN status IN (\(dueTimeStatusRanks.map(String.init).joined(separator: ", "))) THEN 0 ELSE 1 END)"

    /// SQL for `dueClockStart` (the expression of the index orders_by_age: `ageStart`).
    package static let sqlDueClockStart = "coalesce(paid_ms, created_ms)"
}
