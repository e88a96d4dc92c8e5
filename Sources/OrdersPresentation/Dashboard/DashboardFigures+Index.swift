import Foundation
import OrdersCore

extension DashboardFigures {
    /// The same figures as `compute(orders:settings:)`, read from the list's columnar index instead
    /// of full orders: one pass over a few columns, then the top customers and SKUs counted by the
    /// index's own evaluation of their queries (so each count is exactly what Enter lists). This is
    /// what the dashboard runs on a list held in memory: at a million orders it stays within a frame
    /// where folding full orders takes seconds (`./dev bench dashboard`).
    static func compute(index: OrderIndex, settings: DashboardSettings) -> DashboardFigures {
        let period = DashboardPeriod(settings)
        let now = settings.now
        let days = period.days
        // The `overdue` search term's own rule, evaluated by the index as the list evaluates it.
        let overdueRows = period.overdueFilter.map { index.evaluate([$0]) }
        let rankCount = OrderStatus.allCases.count
        let awaiting = OrderStatus.allCases.map(\.awaitsShipment)
        let currencies = index.currencyTable.count
        let periodStart = days.start.timeIntervalSinceReferenceDate, periodEnd = days.end.timeIntervalSinceReferenceDate
        // The lower bound (exclusive of the next) of each age bucket, in the index's time column.
        let bucketStarts = AgeBucket.allCases.map { $0.oldestCreation(now: now)?.timeIntervalSinceReferenceDate ?? -.infinity }
        let midnights = days.midnights.map(\.timeIntervalSinceReferenceDate)

        var perDay = Array(repeating: 0, count: days.count * rankCount * currencies)
        var sums = Array(repeating: ScaledSum(), count: days.count * rankCount * currencies)
        var open = Array(repeating: 0, count: AgeBucket.allCases.count)
        var overdue = Array(repeating: 0, count: AgeBucket.allCases.count)
        var assigneeOpen = Array(repeating: 0, count: index.assigneeTable.count)
        var assigneeOverdue = Array(repeating: 0, count: index.assigneeTable.count)
        var assigneeFirst = Array(repeating: Int.max, count: index.assigneeTable.count)
        var unassigned = 0, unassignedOverdue = 0
        var customerCounts = Array(repeating: 0, count: index.customerTable.count)
        var skuCounts = Array(repeating: 0, count: index.skuTable.count)
        // The last row that counted each SKU, so an order with a SKU on two lines counts once.
        var skuSeenIn = Array(repeating: -1, count: index.skuTable.count)
        var inPeriod = SlotSet(capacity: index.count)

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
                    assigneeFirst[assignee - 1] = min(assigneeFirst[assignee - 1], row)
                } else {
                    unassigned += 1
                    if isOverdue { unassignedOverdue += 1 }
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
            inPeriod.insert(slot)
            // One cell per day, status and currency: the tally sums them as the server's groups.
            let cell = (low * rankCount + rank) * currencies + Int(index.currencies[row])
            perDay[cell] += 1
            let exact = index.flags[row] & OrderIndex.RowFlags.exactTotal.rawValue != 0
            sums[cell].add(index.totals[row], exact: exact ? index.total(slot) : nil)
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

        var tally = DashboardTally(days: days.count)
        for day in 0..<days.count {
            for status in OrderStatus.allCases {
                for currency in 0..<currencies {
                    let cell = (day * rankCount + status.workflowRank) * currencies + currency
                    guard perDay[cell] > 0 else { continue }
                    tally.addPeriodOrders(perDay[cell], day: day, status: status, currency: index.currencyTable[currency],
                                          total: sums[cell].value)
                }
            }
        }
        tally.open = open
        tally.overdue = overdue
        tally.unassigned = unassigned
        tally.unassignedOverdue = unassignedOverdue
        tally.assignees = (0..<index.assigneeTable.count).filter { assigneeOpen[$0] > 0 }.map { entry in
            DashboardTally.Assignee(name: index.assigneeTable.original(entry), open: assigneeOpen[entry],
                                    overdue: assigneeOverdue[entry], first: assigneeFirst[entry])
        }

        func ranked(_ counts: [Int], in table: TextTable, filter: (String) -> OrderFilter) -> [RankedFigure] {
            var named: [String: Int] = [:]
            for (entry, count) in counts.enumerated() where count > 0 { named[table.original(entry), default: 0] += count }
            // Counted as the list counts it: the query's substring match over the period's rows.
            return topFigures(named, period: period, filter: filter) { filters in
                filters.map { index.evaluate([$0], within: inPeriod).count }
            }
        }
        return assemble(tally, topCustomers: ranked(customerCounts, in: index.customerTable, filter: customerFilter),
                        topSKUs: ranked(skuCounts, in: index.skuTable, filter: skuFilter), period: period)
    }
}
