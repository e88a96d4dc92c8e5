/// Checks every store applies before it writes, so all backends refuse the same things.
enum StoreRules {
    /// Refuses the whole batch if any order breaks a domain rule.
    static func validate(_ orders: [Order]) throws {
        for order in orders {
            let issues = order.validationIssues()
            if !issues.isEmpty { throw OrderStoreError.invalidOrder(order.id, issues) }
        }
    }

    /// Whether writing `order` over `existing` would change nothing but the version number.
    static func isSame(_ order: Order, as existing: Order) -> Bool {
        var candidate = order
        candidate.version = existing.version
        return candidate == existing
    }
}
