/// `CustomerMatch` as a condition on the orders table, the same text for SQLite and PostgreSQL
/// (each names its parameter its own way): the customer key verbatim, or the email with ASCII
/// letters lowered, which both databases' `lower()` do (PostgreSQL under the "C" collation).
extension CustomerMatch {
    /// The condition, with `parameter` where the value goes, and that value.
    func sqlCondition(parameter: String, collateC: Bool) -> (sql: String, value: String) {
        switch self {
        case .key(let key):
            ("customer_ref = \(parameter)", key)
        case .email(let email):
            ("email <> '' AND lower(email\(collateC ? " COLLATE \"C\"" : "")) = \(parameter)", email)
        }
    }

    /// The order `orders(ofCustomer:)` returns rows in, as SQL (`CustomerMatch.newestFirst`).
    static let newestFirstSQL = "ORDER BY created_ms DESC, id DESC"
}
