import Foundation

/// The counts and sums the dashboard's figures are made of, before each is given the query that
/// selects its orders (`DashboardFigures.assemble`). The list's index and the server's grouped
/// queries each fill one; the figures are then made from it by the same code.
package struct DashboardTally: Hashable, Sendable {
    /// Orders still to ship under one spelling of an assignee's name.
    package struct Assignee: Hashable, Sendable {
        var name: String
        package var open: Int
        package var overdue: Int
        /// Where the spelling first occurs among the orders still to ship (index slot, or order id
        /// on the server, whose index is built in id order): the earliest spelling names the operator.
        package var first: Int

        package init(name: String, open: Int, overdue: Int, first: Int) {
            self.name = name
            self.open = open
            self.overdue = overdue
            self.first = first
        }
    }

    /// Orders created on each day of the period, oldest first.
    package var perDay: [Int]
    /// Orders of a status that earns revenue on each day, and their totals per reporting currency.
    var revenueCountPerDay: [Int]
    var revenuePerDay: [[Currency: Decimal]]
    /// Orders of the period per status, and their totals per reporting currency.
    var perStatus: [OrderStatus: Int] = [:]
    var totalsPerStatus: [OrderStatus: [Currency: Decimal]] = [:]
    /// Orders of the period per reporting currency.
    var perCurrency: [Currency: Int] = [:]
    /// Orders still to ship per age bucket (`AgeBucket.rawValue`), and the overdue among them.
    package var open = Array(repeating: 0, count: AgeBucket.allCases.count)
    package var overdue = Array(repeating: 0, count: AgeBucket.allCases.count)
    /// Every spelling of an assignee of an order still to ship.
    package var assignees: [Assignee] = []
    /// Orders still to ship with no assignee, and the overdue among them.
    package var unassigned = 0
    package var unassignedOverdue = 0

    /// Nothing counted yet, for a period of `days` days.
    package init(days: Int) {
        perDay = Array(repeating: 0, count: days)
        revenueCountPerDay = Array(repeating: 0, count: days)
        revenuePerDay = Array(repeating: [:], count: days)
    }

    /// Counts orders of the period created on `day` with `status`, summing `total` in `currency`
    /// (one call for one order, or for a group of orders alike in these).
    package mutating func addPeriodOrders(_ count: Int, day: Int, status: OrderStatus, currency: Currency, total: Decimal) {
        perDay[day] += count
        perStatus[status, default: 0] += count
        totalsPerStatus[status, default: [:]][currency, default: 0] += total
        perCurrency[currency, default: 0] += count
        if status.earnsRevenue {
            revenueCountPerDay[day] += count
            revenuePerDay[day][currency, default: 0] += total
        }
    }
}
