import Foundation

extension PostgresRows {
    /// Reads the orders columns of migration 3 (SQLite's schema 4: money as shops have it, people
    /// and places) from a row of `selectColumns`, as `OrderRows.decodeOrder` reads them from SQLite.
    static func decodeShopFields(_ row: PostgresRow, into order: inout Order) throws {
        let id = order.id
        order.taxesIncluded = row.bool(23)
        order.statedTotal = try row.optionalInt64(24).map { order.currency.amount(minorUnits: $0) }
        if let code = row.optionalText(25) {
            guard let shopCurrency = Currency.named(code), let rate = row.optionalText(27).flatMap(PlainDecimal.parse) else {
                throw OrderStoreError.unusable("Order \(id) has an unknown shop currency or exchange rate in the database.")
            }
            order.shopCurrency = shopCurrency
            order.shopTotal = shopCurrency.amount(minorUnits: try row.int64(26))
            order.exchangeRate = rate
        }
        order.phone = row.optionalText(28)
        order.customerKey = row.optionalText(29)
        order.shippingMethod = row.optionalText(30)
        order.paymentMethod = row.optionalText(31)
        if let risk = row.optionalText(32) {
            guard let level = RiskLevel(rawValue: risk) else {
                throw OrderStoreError.unusable("Order \(id) has an unknown risk level \"\(risk)\" in the database.")
            }
            order.riskLevel = level
        }
        order.customerNote = row.optionalText(33)
        order.paidAt = try row.optionalInt64(34).map(Date.init(millisecondsSince1970:))
        order.fulfilledAt = try row.optionalInt64(35).map(Date.init(millisecondsSince1970:))
    }
}
