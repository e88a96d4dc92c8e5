import OrdersCore

/// `CustomerMatch` as a condition on the orders table, one text for SQLite and PostgreSQL: the
/// customer key verbatim, or the email with ASCII letters lowered (`SQLDialect.asciiLowered`).
extension CustomerMatch {
    /// The condition, its one parameter numbered 1, and that parameter's value.
    func sqlCondition(_ dialect: SQLDialect) -> (sql: String, value: String) {
        switch self {
        case .key(let key):
            ("customer_ref = \(dialect.placeholder(1))", key)
        case .email(let email):
            ("email <> '' AND \(dialect.asciiLowered("email")) = \(dialect.placeholder(1))", email)
        }
    }

    /// The order `orders(ofCustomer:)` returns rows in, as SQL (`CustomerMatch.newestFirst`).
    static let newestFirstSQL = "ORDER BY created_ms DESC, id DESC"
}
