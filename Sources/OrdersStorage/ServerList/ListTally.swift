import Foundation
import OrdersCore

/// A query's matches counted per status, with the sum of their totals per currency and status:
/// what the list's tabs count and what its footer sums, from one grouped query.
public struct ListTally: Hashable, Sendable {
    /// Matches per status (statuses with none are absent).
    public var countsByStatus: [OrderStatus: Int]
    /// Per status, the sum of the matches' totals (in the shop's currency) per currency code.
    public var totalsByStatus: [OrderStatus: [String: Decimal]]

    public init(countsByStatus: [OrderStatus: Int] = [:], totalsByStatus: [OrderStatus: [String: Decimal]] = [:]) {
        self.countsByStatus = countsByStatus
        self.totalsByStatus = totalsByStatus
    }

    /// How many matches have one of `statuses` (every status when nil).
    public func count(of statuses: Set<OrderStatus>?) -> Int {
        countsByStatus.reduce(0) { sum, entry in statuses?.contains(entry.key) == false ? sum : sum + entry.value }
    }

    /// The sums per currency of the matches with one of `statuses` (every status when nil).
    public func totals(of statuses: Set<OrderStatus>?) -> [String: Decimal] {
        var totals: [String: Decimal] = [:]
        for (status, sums) in totalsByStatus where statuses?.contains(status) != false {
            for (currency, sum) in sums { totals[currency, default: 0] += sum }
        }
        return totals
    }
}
