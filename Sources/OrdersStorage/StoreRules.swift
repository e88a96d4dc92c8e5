import OrdersCore

/// Checks every store applies before it writes, so all backends refuse the same things.
package enum StoreRules {
    /// Refuses the whole batch if any order breaks a domain rule.
    static func validate(_ orders: [Order]) throws {
        for order in orders {
            let issues = order.validationIssues()
            if !issues.isEmpty { throw OrderStoreError.invalidOrder(order.id, issues) }
        }
    }

    /// Refuses a write computed from version `expected` of an order now stored at another one (or
    /// gone); nothing to check when no version is expected.
    static func checkVersion(of stored: Order?, id: OrderID, expected: Int?) throws {
        guard let expected else { return }
        guard let stored else { throw OrderStoreError.notFound(id) }
        if stored.version != expected {
            throw OrderStoreError.conflict(current: stored, expectedVersion: expected, changedFields: [])
        }
    }

    /// Whether writing `order` over `existing` would change nothing but the version number.
    package static func isSame(_ order: Order, as existing: Order) -> Bool {
        var candidate = order
        candidate.version = existing.version
        return candidate == existing
    }
}
