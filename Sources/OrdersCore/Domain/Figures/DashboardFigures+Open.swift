import Foundation

/// What both ways of computing the figures (`compute(orders:)` and `compute(index:)`) say alike
/// about the orders still to ship: one home for the filters their numbers open.
extension DashboardFigures {
    /// The orders still to ship, which every age bucket and operator figure counts.
    package static var stillToShip: OrderFilter { OrderFilter(.status(OrderStatus.awaitingShipment)) }

    /// The age buckets' figures from their counts (indexed by `AgeBucket.rawValue`), each opening
    /// exactly its orders; the overdue share only where a promise gives an overdue filter.
    static func ageFigures(open: [Int], overdue: [Int], overdueFilter: OrderFilter?, now: Date) -> [AgeBucketFigure] {
        AgeBucket.allCases.map { bucket in
            let filters = [stillToShip] + bucket.filters(now: now)
            return AgeBucketFigure(
                bucket: bucket,
                open: DashboardFigure(count: open[bucket.rawValue], query: OrderQuery(filters: filters)),
                overdue: overdueFilter.map { DashboardFigure(count: overdue[bucket.rawValue], query: OrderQuery(filters: filters + [$0])) })
        }
    }
}
