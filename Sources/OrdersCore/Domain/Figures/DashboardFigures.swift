import Foundation

/// Everything the dashboard shows, as plain values; each number carries the query that selects
/// exactly its orders. Computed by `DashboardFigures.compute(orders:settings:)`, a pure function
/// meant to run off the main actor.
public struct DashboardFigures: Hashable, Sendable {
    /// Midnight of the period's first day, and of the day after today.
    public var periodStart: Date
    public var periodEnd: Date
    /// All orders created in the period.
    public var periodOrders: DashboardFigure
    /// Orders created on each day of the period, oldest first; the last is today.
    public var ordersPerDay: [DashboardFigure]
    /// Revenue (statuses that earn it) per day of the period, oldest first.
    public var revenuePerDay: [RevenueFigure]
    /// Revenue per status over the period, for every status (cancelled and refunded included:
    /// what was lost).
    public var revenuePerStatus: [OrderStatus: RevenueFigure]
    /// Orders of the period now refunded or cancelled; the rates are these over `periodOrders`.
    public var refunded: DashboardFigure
    public var cancelled: DashboardFigure
    /// Orders still to ship, by age, whatever their creation date.
    public var openByAge: [AgeBucketFigure]
    /// Customers with the most orders in the period, most first.
    public var topCustomers: [RankedFigure]
    /// SKUs in the most orders of the period, most first.
    public var topSKUs: [RankedFigure]
    /// Operators with orders still to ship, most first, with their overdue count.
    public var assignees: [RankedFigure]
    /// Orders still to ship that nobody is assigned (`assignee:none`), with the overdue among them
    /// (nil without a promise): what triage has to hand out first.
    public var unassigned: DashboardFigure
    public var unassignedOverdue: DashboardFigure?
    /// Orders of the period per currency they report in (`Order.reportingCurrency`): the screen shows
    /// money in the currency most orders use, as sums in different currencies cannot be compared.
    public var ordersPerCurrency: [Currency: Int] = [:]

    /// Today's orders (the last day of the period).
    public var today: DashboardFigure? { ordersPerDay.last }

    /// The same weekday a week before today, when the period reaches back that far.
    public var sameWeekdayLastWeek: DashboardFigure? {
        ordersPerDay.count >= 8 ? ordersPerDay[ordersPerDay.count - 8] : nil
    }
}
