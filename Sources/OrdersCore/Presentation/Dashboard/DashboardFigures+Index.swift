import Foundation

extension DashboardFigures {
    /// The same figures as `compute(orders:settings:)`, read from the list's columnar index instead
    /// of full orders: one pass over a few columns, then the top customers and SKUs counted by the
    /// index's own evaluation of their queries (so each count is exactly what Enter lists). This is
    /// what the dashboard runs: at a million orders it stays within a frame where folding full
    /// orders takes seconds (`./dev bench dashboard`).
    static func compute(index: OrderIndex, settings: DashboardSettings) -> DashboardFigures {
        let now = settings.now
        let days = DayBoundaries(endingWith: now, days: settings.periodDays, calendar: settings.calendar)
        // The `overdue` search term's own rule, evaluated by the index as the list evaluates it.
        let overdueFilter = settings.promise.map { OrderFilter(.dueClockStartBefore($0.onTimeCutoff(now: now))) }
        let overdueRows = overdueFilter.map { index.evaluate([$0]) }
        let rankCount = OrderStatus.allCases.count
        let awaiting = OrderStatus.allCases.map(\.awaitsShipment)
        let earning = OrderStatus.allCases.map(\.earnsRevenue)
        let currencies = index.currencyTable.count
        let periodStart = days.start.timeIntervalSinceReferenceDate, periodEnd = days.end.timeIntervalSinceReferenceDate
        // The lower bound (exclusive of the next) of each age bucket, in the index's time column.
        let bucketStarts = AgeBucket.allCases.map { bucket in
            bucket.days.to.map { now.addingTimeInterval(-Double($0) * 86_400).timeIntervalSinceReferenceDate } ?? -.infinity
        }
        let midnights = days.midnights.map(\.timeIntervalSinceReferenceDate)

        var perDay = Array(repeating: 0, count: days.count)
        var revenueCountPerDay = Array(repeating: 0, count: days.count)
        var revenuePerDay = Array(repeating: ScaledSum(), count: days.count * currencies)
        var perStatus = Array(repeating: 0, count: rankCount)
        var statusSums = Array(repeating: ScaledSum(), count: rankCount * currencies)
        var open = Array(repeating: 0, count: AgeBucket.allCases.count)
        var overdue = Array(repeating: 0, count: AgeBucket.allCases.count)
        var assigneeOpen = Array(repeating: 0, count: index.assigneeTable.count)
        var assigneeOverdue = Array(repeating: 0, count: index.assigneeTable.count)
        var customerCounts = Array(repeating: 0, count: index.customerTable.count)
        var skuCounts = Array(repeating: 0, count: index.skuTable.count)
        // The last row that counted each SKU, so an order with a SKU on two lines counts once.
        var skuSeenIn = Array(repeating: -1, count: index.skuTable.count)
        var period = SlotSet(capacity: index.count)
        var perCurrency = Array(repeating: 0, count: currencies)

        for row in 0..<index.count {
            let created = index.created[row]
            let rank = Int(index.statuses[row])
            if awaiting[rank] {
                var bucket = 0
                while bucket < bucketStarts.count - 1, created < bucketStarts[bucket] { bucket += 1 }
                let isOverdue = overdueRows?.contains(OrderIndex.Slot(row)) ?? false
                open[bucket] += 1
                if isOverdue { overdue[bucket] += 1 }
                let assignee = Int(index.assignees[row])
                if assignee > 0 {
                    assigneeOpen[assignee - 1] += 1
                    if isOverdue { assigneeOverdue[assignee - 1] += 1 }
                }
            }
            guard created >= periodStart, created < periodEnd else { continue }
            // The last midnight not after `created`, by bisection.
            var low = 0, high = days.count
            while high - low > 1 {
                let middle = (low + high) / 2
                if midnights[middle] <= created { low = middle } else { high = middle }
            }
            let slot = OrderIndex.Slot(row)
            period.insert(slot)
            perDay[low] += 1
            perStatus[rank] += 1
            let currency = Int(index.currencies[row])
            perCurrency[currency] += 1
            let exact = index.flags[row] & OrderIndex.RowFlags.exactTotal.rawValue != 0
            statusSums[rank * currencies + currency].add(index.totals[row], exact: exact ? index.total(slot) : nil)
            if earning[rank] {
                revenueCountPerDay[low] += 1
                revenuePerDay[low * currencies + currency].add(index.totals[row], exact: exact ? index.total(slot) : nil)
            }
            customerCounts[Int(index.customers[row])] += 1
            let start = Int(index.itemStarts[row])
            for item in start..<start + Int(index.itemLengths[row]) {
                let sku = Int(index.products[Int(index.itemPool[item])].sku)
                if skuSeenIn[sku] != row {
                    skuSeenIn[sku] = row
                    skuCounts[sku] += 1
                }
            }
        }

        func totals(_ sums: ArraySlice<ScaledSum>) -> [Currency: Decimal] {
            var result: [Currency: Decimal] = [:]
            for (offset, sum) in sums.enumerated() where !sum.isEmpty { result[index.currencyTable[offset]] = sum.value }
            return result
        }
        func query(_ filters: [OrderFilter]) -> OrderQuery { OrderQuery(filters: filters) }
        let periodFilters = [OrderFilter(.createdSince(days.start)), OrderFilter(.createdBefore(days.end))]

        let dayFigures = (0..<days.count).map { day in
            DashboardFigure(count: perDay[day], query: query(days.filters(ofDay: day)))
        }
        let revenueFigures = (0..<days.count).map { day in
            RevenueFigure(figure: DashboardFigure(count: revenueCountPerDay[day], query: query(
                days.filters(ofDay: day) + [OrderFilter(.status(OrderStatus.earningRevenue))])),
                          totals: totals(revenuePerDay[day * currencies..<(day + 1) * currencies]))
        }
        var statusFigures: [OrderStatus: RevenueFigure] = [:]
        for status in OrderStatus.allCases {
            let rank = status.workflowRank
            statusFigures[status] = RevenueFigure(
                figure: DashboardFigure(count: perStatus[rank], query: query(periodFilters + [OrderFilter(.status([status]))])),
                totals: totals(statusSums[rank * currencies..<(rank + 1) * currencies]))
        }
        let ageFigures = Self.ageFigures(open: open, overdue: overdue, overdueFilter: overdueFilter, now: now)

        // Operators compared case-insensitively, named by the first spelling in slot order (as `compute(orders:)`).
        var operators: [String: (name: String, open: Int, overdue: Int, first: Int)] = [:]
        var firstRow = Array(repeating: Int.max, count: index.assigneeTable.count)
        for row in 0..<index.count where awaiting[Int(index.statuses[row])] && index.assignees[row] > 0 {
            let entry = Int(index.assignees[row]) - 1
            if firstRow[entry] == Int.max { firstRow[entry] = row }
        }
        for entry in 0..<index.assigneeTable.count where assigneeOpen[entry] > 0 {
            let name = index.assigneeTable.original(entry)
            let key = SearchFolding.fold(name)
            var value = operators[key] ?? (name, 0, 0, firstRow[entry])
            if firstRow[entry] < value.first { value.name = name; value.first = firstRow[entry] }
            value.open += assigneeOpen[entry]
            value.overdue += assigneeOverdue[entry]
            operators[key] = value
        }
        let operatorFigures = operators.values.map { entry in
            let filters = [stillToShip, OrderFilter(.assignee(entry.name))]
            return RankedFigure(name: entry.name, figure: DashboardFigure(count: entry.open, query: query(filters)),
                                overdue: overdueFilter.map { DashboardFigure(count: entry.overdue, query: query(filters + [$0])) })
        }.sorted(by: ranking)

        func ranked(_ counts: [Int], in table: TextTable, filter: (String) -> OrderFilter) -> [RankedFigure] {
            var named: [String: Int] = [:]
            for (entry, count) in counts.enumerated() where count > 0 { named[table.original(entry), default: 0] += count }
            return top(named, count: settings.topCount).map { name in
                let filters = periodFilters + [filter(name)]
                // Counted as the list counts it: the query's substring match over the period's rows.
                return RankedFigure(name: name, figure: DashboardFigure(
                    count: index.evaluate([filter(name)], within: period).count, query: query(filters)))
            }.sorted(by: ranking)
        }

        return DashboardFigures(
            periodStart: days.start, periodEnd: days.end,
            periodOrders: DashboardFigure(count: perDay.reduce(0, +), query: query(periodFilters)),
            ordersPerDay: dayFigures, revenuePerDay: revenueFigures, revenuePerStatus: statusFigures,
            refunded: DashboardFigure(count: perStatus[OrderStatus.refunded.workflowRank],
                                      query: query(periodFilters + [OrderFilter(.status([.refunded]))])),
            cancelled: DashboardFigure(count: perStatus[OrderStatus.cancelled.workflowRank],
                                       query: query(periodFilters + [OrderFilter(.status([.cancelled]))])),
            openByAge: ageFigures,
            topCustomers: ranked(customerCounts, in: index.customerTable) { OrderFilter(.customer($0)) },
            topSKUs: ranked(skuCounts, in: index.skuTable) { OrderFilter(.text($0)) },
            assignees: operatorFigures,
            ordersPerCurrency: Dictionary(uniqueKeysWithValues: perCurrency.enumerated().filter { $0.element > 0 }
                .map { (index.currencyTable[$0.offset], $0.element) }))
    }
}
