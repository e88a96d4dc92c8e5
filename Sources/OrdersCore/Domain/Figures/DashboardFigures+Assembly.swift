import Foundation

/// The figures made from their counts (`DashboardTally`), each with the query that selects exactly
/// the orders it counts: one home for those queries, whichever way the counts were taken (the
/// list's index, `DashboardFigures+Index`; the server, `DashboardFiguresStore`).
extension DashboardFigures {
    package static func assemble(_ tally: DashboardTally, topCustomers: [RankedFigure], topSKUs: [RankedFigure],
                         period: DashboardPeriod) -> DashboardFigures {
        let days = period.days
        func query(_ filters: [OrderFilter]) -> OrderQuery { OrderQuery(filters: filters) }
        let dayFigures = (0..<days.count).map { day in
            DashboardFigure(count: tally.perDay[day], query: query(days.filters(ofDay: day)))
        }
        let revenueFigures = (0..<days.count).map { day in
            RevenueFigure(figure: DashboardFigure(count: tally.revenueCountPerDay[day], query: query(
                days.filters(ofDay: day) + [OrderFilter(.status(OrderStatus.earningRevenue))])),
                          totals: tally.revenuePerDay[day])
        }
        var statusFigures: [OrderStatus: RevenueFigure] = [:]
        for status in OrderStatus.allCases {
            statusFigures[status] = RevenueFigure(
                figure: DashboardFigure(count: tally.perStatus[status] ?? 0,
                                        query: query(period.filters + [OrderFilter(.status([status]))])),
                totals: tally.totalsPerStatus[status] ?? [:])
        }
        return DashboardFigures(
            periodStart: days.start, periodEnd: days.end,
            periodOrders: DashboardFigure(count: tally.perDay.reduce(0, +), query: query(period.filters)),
            ordersPerDay: dayFigures, revenuePerDay: revenueFigures, revenuePerStatus: statusFigures,
            refunded: DashboardFigure(count: tally.perStatus[.refunded] ?? 0,
                                      query: query(period.filters + [OrderFilter(.status([.refunded]))])),
            cancelled: DashboardFigure(count: tally.perStatus[.cancelled] ?? 0,
                                       query: query(period.filters + [OrderFilter(.status([.cancelled]))])),
            openByAge: ageFigures(open: tally.open, overdue: tally.overdue, overdueFilter: period.overdueFilter, now: period.now),
            topCustomers: topCustomers, topSKUs: topSKUs,
            assignees: operatorFigures(tally.assignees, overdueFilter: period.overdueFilter),
            unassigned: DashboardFigure(count: tally.unassigned, query: OrderQuery(filters: unassignedFilters)),
            unassignedOverdue: period.overdueFilter.map {
                DashboardFigure(count: tally.unassignedOverdue, query: OrderQuery(filters: unassignedFilters + [$0]))
            },
            ordersPerCurrency: tally.perCurrency)
    }

    /// The orders still to ship that nobody is assigned: `assignee:none`, which every store reads
    /// as no assignee at all (`OrderPredicate.assignee("")`).
    static var unassignedFilters: [OrderFilter] { [stillToShip, OrderFilter(.assignee(""))] }

    /// Operators compared case-insensitively (`SearchFolding`), each named by its earliest spelling,
    /// with the open and overdue orders of all its spellings; most orders first.
    static func operatorFigures(_ spellings: [DashboardTally.Assignee], overdueFilter: OrderFilter?) -> [RankedFigure] {
        var operators: [String: DashboardTally.Assignee] = [:]
        for spelling in spellings where spelling.open > 0 {
            let key = SearchFolding.fold(spelling.name)
            guard var merged = operators[key] else {
                operators[key] = spelling
                continue
            }
            if spelling.first < merged.first {
                merged.name = spelling.name
                merged.first = spelling.first
            }
            merged.open += spelling.open
            merged.overdue += spelling.overdue
            operators[key] = merged
        }
        return operators.values.map { entry in
            let filters = [stillToShip, OrderFilter(.assignee(entry.name))]
            return RankedFigure(name: entry.name, figure: DashboardFigure(count: entry.open, query: OrderQuery(filters: filters)),
                                overdue: overdueFilter.map { DashboardFigure(count: entry.overdue, query: OrderQuery(filters: filters + [$0])) })
        }.sorted(by: ranking)
    }

    /// The customers whose `customer:NAME` selects their orders.
    package static func customerFilter(_ name: String) -> OrderFilter { OrderFilter(.customer(name)) }

    /// The SKUs, found as plain words (the search box's text search).
    package static func skuFilter(_ sku: String) -> OrderFilter { OrderFilter(.text(sku)) }

    /// The `settings.topCount` names with the most orders in `candidates` (ties by name), each counted
    /// as its own query counts it over the period (the query language finds names by substring:
    /// "Ana" also finds "Anabel"), so the count shown is always what Enter lists. `counting` gives
    /// the period's orders each filter selects, in order.
    package static func topFigures(_ candidates: [String: Int], period: DashboardPeriod, filter: (String) -> OrderFilter,
                           counting: ([OrderFilter]) throws -> [Int]) rethrows -> [RankedFigure] {
        let names = top(candidates, count: period.settings.topCount)
        guard !names.isEmpty else { return [] }
        let filters = names.map(filter)
        let counts = try counting(filters)
        return names.indices.map { position in
            RankedFigure(name: names[position], figure: DashboardFigure(
                count: counts[position], query: OrderQuery(filters: period.filters + [filters[position]])))
        }.sorted(by: ranking)
    }
}
