import Foundation

extension DashboardFigures {
    /// The figures for `orders` (every order there is, any status) under `settings`.
    ///
    /// One pass counts and sums; only the top customers and SKUs are counted again, as their own
    /// query counts them, because the query language finds customers and SKUs by substring ("Ana"
    /// also finds "Anabel"): the count shown is always the count the query selects.
    public static func compute(orders: [Order], settings: DashboardSettings) -> DashboardFigures {
        let calendar = settings.calendar
        let now = settings.now
        let days = DayBoundaries(endingWith: now, days: settings.periodDays, calendar: calendar)
        // The `overdue` search term's own rule, so each overdue figure counts what it lists.
        let overdueFilter = settings.promise.map { OrderFilter(.dueClockStartBefore($0.onTimeCutoff(now: now))) }

        var perDay = Array(repeating: 0, count: days.count)
        var revenuePerDay = Array(repeating: [Currency: Decimal](), count: days.count)
        var revenueCountPerDay = Array(repeating: 0, count: days.count)
        var perStatus: [OrderStatus: (count: Int, totals: [Currency: Decimal])] = [:]
        var open = Array(repeating: 0, count: AgeBucket.allCases.count)
        var overdue = Array(repeating: 0, count: AgeBucket.allCases.count)
        var operators: [String: (name: String, open: Int, overdue: Int)] = [:]
        var unassigned = 0, unassignedOverdue = 0
        var customers: [String: Int] = [:]
        var skus: [String: Int] = [:]
        var periodIndexes: [Int] = []
        var currencies: [Currency: Int] = [:]

        for (index, order) in orders.enumerated() {
            let created = order.createdAt
            let status = order.status
            if status.awaitsShipment {
                let bucket = AgeBucket.of(created: created, now: now).rawValue
                let isOverdue = overdueFilter?.matches(order, among: CustomerOrderCounts()) ?? false
                open[bucket] += 1
                if isOverdue { overdue[bucket] += 1 }
                if let person = order.assignee {
                    let key = SearchFolding.fold(person)
                    var entry = operators[key] ?? (person, 0, 0)
                    entry.open += 1
                    if isOverdue { entry.overdue += 1 }
                    operators[key] = entry
                } else {
                    unassigned += 1
                    if isOverdue { unassignedOverdue += 1 }
                }
            }
            guard let day = days.index(of: created) else { continue }
            periodIndexes.append(index)
            perDay[day] += 1
            // In the shop's currency where the source stated one (`Order.reportingTotal`), as the list sums.
            let total = order.reportingTotal, currency = order.reportingCurrency
            currencies[currency, default: 0] += 1
            if status.earnsRevenue {
                revenueCountPerDay[day] += 1
                revenuePerDay[day][currency, default: 0] += total
            }
            var statusEntry = perStatus[status] ?? (0, [:])
            statusEntry.count += 1
            statusEntry.totals[currency, default: 0] += total
            perStatus[status] = statusEntry
            customers[order.customerName, default: 0] += 1
            for sku in Set(order.items.map(\.sku)) { skus[sku, default: 0] += 1 }
        }

        let period = [OrderFilter(.createdSince(days.start)), OrderFilter(.createdBefore(days.end))]
        func query(_ filters: [OrderFilter]) -> OrderQuery { OrderQuery(filters: filters) }

        let dayFigures = (0..<days.count).map { day in
            DashboardFigure(count: perDay[day], query: query(days.filters(ofDay: day)))
        }
        let revenueFigures = (0..<days.count).map { day in
            RevenueFigure(figure: DashboardFigure(count: revenueCountPerDay[day], query: query(
                days.filters(ofDay: day) + [OrderFilter(.status(OrderStatus.earningRevenue))])),
                          totals: revenuePerDay[day])
        }
        var statusFigures: [OrderStatus: RevenueFigure] = [:]
        for status in OrderStatus.allCases {
            let entry = perStatus[status] ?? (0, [:])
            statusFigures[status] = RevenueFigure(
                figure: DashboardFigure(count: entry.count, query: query(period + [OrderFilter(.status([status]))])),
                totals: entry.totals)
        }
        let ageFigures = Self.ageFigures(open: open, overdue: overdue, overdueFilter: overdueFilter, now: now)
        let operatorFigures = operators.values
            .map { entry in
                let filters = [stillToShip, OrderFilter(.assignee(entry.name))]
                return RankedFigure(name: entry.name,
                                    figure: DashboardFigure(count: entry.open, query: query(filters)),
                                    overdue: overdueFilter.map { DashboardFigure(count: entry.overdue, query: query(filters + [$0])) })
            }
            .sorted(by: Self.ranking)

        var memo = FoldMemo()
        let topCustomers = topCustomerFigures(customers, count: settings.topCount, period: period, memo: &memo)
        let topSKUs = topSKUFigures(skus, count: settings.topCount, period: period,
                                    periodOrders: periodIndexes.lazy.map { orders[$0] }, memo: &memo)

        return DashboardFigures(
            periodStart: days.start, periodEnd: days.end,
            periodOrders: DashboardFigure(count: periodIndexes.count, query: query(period)),
            ordersPerDay: dayFigures, revenuePerDay: revenueFigures, revenuePerStatus: statusFigures,
            refunded: DashboardFigure(count: perStatus[.refunded]?.count ?? 0,
                                      query: query(period + [OrderFilter(.status([.refunded]))])),
            cancelled: DashboardFigure(count: perStatus[.cancelled]?.count ?? 0,
                                       query: query(period + [OrderFilter(.status([.cancelled]))])),
            openByAge: ageFigures, topCustomers: topCustomers, topSKUs: topSKUs, assignees: operatorFigures,
            unassigned: DashboardFigure(count: unassigned, query: query(unassignedFilters)),
            unassignedOverdue: overdueFilter.map { DashboardFigure(count: unassignedOverdue, query: query(unassignedFilters + [$0])) },
            ordersPerCurrency: currencies)
    }

    /// The `count` keys with the highest counts (ties by name, so the result never depends on hashing).
    static func top(_ counts: [String: Int], count: Int) -> [String] {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(count).map(\.key)
    }

    /// The most frequent customers, each counted as `customer:NAME` over the period counts it: the
    /// orders of every customer whose folded name holds the folded name (the predicate's rule, applied
    /// once per distinct name instead of once per order; the tests hold the two to the same counts).
    static func topCustomerFigures(_ customers: [String: Int], count: Int, period: [OrderFilter],
                                   memo: inout FoldMemo) -> [RankedFigure] {
        let names = top(customers, count: count)
        guard !names.isEmpty else { return [] }
        let folded = customers.map { (name: memo.fold($0.key), count: $0.value) }
        return names.map { name in
            let needle = memo.fold(name)
            let total = folded.reduce(0) { $0 + ($1.name.contains(needle) ? $1.count : 0) }
            return RankedFigure(name: name, figure: DashboardFigure(
                count: total, query: OrderQuery(filters: period + [OrderFilter(.customer(name))])))
        }.sorted(by: ranking)
    }

    /// The SKUs in the most orders, each counted as the plain word SKU over the period counts it: the
    /// orders any of whose searchable texts (`Order.searchableText`), folded, holds the folded SKU.
    static func topSKUFigures(_ skus: [String: Int], count: Int, period: [OrderFilter],
                              periodOrders: some Collection<Order>, memo: inout FoldMemo) -> [RankedFigure] {
        let names = top(skus, count: count)
        guard !names.isEmpty else { return [] }
        let texts = periodOrders.map { order in Order.searchableText(of: order).map { memo.fold($0) } }
        return names.map { sku in
            let needle = memo.fold(sku)
            let total = texts.reduce(0) { $0 + ($1.contains { $0.contains(needle) } ? 1 : 0) }
            return RankedFigure(name: sku, figure: DashboardFigure(
                count: total, query: OrderQuery(filters: period + [OrderFilter(.text(sku))])))
        }.sorted(by: ranking)
    }

    /// Most orders first, then by name.
    static func ranking(_ a: RankedFigure, _ b: RankedFigure) -> Bool {
        a.figure.count != b.figure.count ? a.figure.count > b.figure.count : a.name < b.name
    }
}
