import Foundation
import OrdersCore

extension OrderListModel {
    /// Whether the list has due times to show (the config names a fulfilment promise): the Due column.
    public var showsDueTimes: Bool { environment.fulfilmentPromise != nil }

    /// The status bar's `3 overdue` (of the orders shown); nil without a promise.
    public var overdueFigure: String? { formatter.overdueFigure(summary) }

    /// Whether any order shown is overdue, so the status bar's count stands out.
    public var hasOverdue: Bool { (summary.overdue ?? 0) > 0 }

    /// How many of `slots` are overdue now: the rule of the `overdue` search term (a due time whose
    /// clock started before the promise's cutoff for now), so the count equals what `overdue` lists.
    func overdueCount(among slots: [OrderIndex.Slot]) -> Int? {
        guard let promise = environment.fulfilmentPromise else { return nil }
        let filter = OrderFilter(.dueClockStartBefore(promise.onTimeCutoff(now: environment.now())))
        let overdue = index.evaluate([filter])
        return slots.reduce(0) { overdue.contains($1) ? $0 + 1 : $0 }
    }
}
