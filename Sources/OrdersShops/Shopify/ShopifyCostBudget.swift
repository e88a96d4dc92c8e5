import Foundation
import OrdersInterchange

/// What the shop's leaky bucket holds, as the last answer said (`extensions.cost.throttleStatus`),
/// refilled by the restore rate since then: so a query the bucket cannot pay for is not sent,
/// but waited for. Shopify's rule: a query costing more than is available is refused as
/// `THROTTLED`; wait `(requested − available) / restoreRate` seconds.
struct ShopifyCostBudget {
    var maximum: Double?
    var available: Double?
    var restoreRate: Double?
    var observedAt: Date?

    /// What the bucket holds now, nil before the first answer (then the first query goes out:
    /// a bucket nobody used is full).
    func estimatedAvailable(at now: Date) -> Double? {
        guard let available, let restoreRate, let observedAt else { return nil }
        return min(maximum ?? .infinity, available + restoreRate * max(0, now.timeIntervalSince(observedAt)))
    }

    /// Seconds to wait before a query of `cost` points can be paid for; 0 when it can now.
    func wait(for cost: Double, at now: Date) -> Double {
        guard let estimated = estimatedAvailable(at: now), let restoreRate, restoreRate > 0, estimated < cost else { return 0 }
        return (cost - estimated) / restoreRate
    }

    /// Takes the bucket's state from an answer's `extensions.cost`.
    mutating func observe(_ extensions: JSONValue?, at now: Date) {
        guard let status = extensions?["cost"]?["throttleStatus"] else { return }
        func number(_ key: String) -> Double? { status[key]?.text.flatMap(Double.init) }
        maximum = number("maximumAvailable") ?? maximum
        available = number("currentlyAvailable") ?? available
        restoreRate = number("restoreRate") ?? restoreRate
        observedAt = now
    }
}
