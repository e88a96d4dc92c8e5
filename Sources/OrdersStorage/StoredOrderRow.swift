import Foundation
import OrdersCore

/// A result row read by column position, as each engine hands it over (SQLite's statement through
/// `SQLiteRow`, PostgreSQL's text values as `PostgresRow`), so an order's own columns are decoded
/// once for both (`StoredOrderRow`). A value that is not what its column holds throws, never traps.
protocol StoredRow {
    func text(_ column: Int) -> String
    func optionalText(_ column: Int) -> String?
    func int64(_ column: Int) throws -> Int64
    func optionalInt64(_ column: Int) throws -> Int64?
    func int(_ column: Int) throws -> Int
    func bool(_ column: Int) -> Bool
}

/// An order from a row of the orders columns both stores select (`OrderRows.selectColumns`),
/// without its child rows: one reading of the row for SQLite and PostgreSQL, whose tables hold
/// the same columns with the same values.
enum StoredOrderRow {
    static func decodeOrder(_ row: some StoredRow) throws -> Order {
        let id = OrderID(try row.int(0))
        guard let currency = Currency.named(row.text(4)) else {
            throw OrderStoreError.unusable("Order \(id) has an unknown currency \"\(row.text(4))\" in the database.")
        }
        guard let payment = PaymentStatus(rawValue: row.text(17)), let fulfillment = FulfillmentStatus(rawValue: row.text(18)) else {
            throw OrderStoreError.unusable("Order \(id) has an unknown payment or fulfillment status in the database.")
        }
        var order = Order(
            id: id, number: row.text(14), source: row.text(15), shopOrderID: row.optionalText(16),
            customerName: row.text(1), email: row.text(2), country: row.text(3), currency: currency,
            items: [], discount: currency.amount(minorUnits: try row.int64(5)),
            shipping: currency.amount(minorUnits: try row.int64(6)), tax: currency.amount(minorUnits: try row.int64(7)),
            createdAt: Date(millisecondsSince1970: try row.int64(8)), updatedAt: Date(millisecondsSince1970: try row.int64(9)),
            flagged: row.bool(11), tags: [], assignee: row.optionalText(12), notes: [],
            version: try row.int(13))
        order.payment = payment
        order.fulfillment = fulfillment
        order.cancelledAt = try row.optionalInt64(19).map(Date.init(millisecondsSince1970:))
        order.cancelReason = row.optionalText(20)
        order.isClosed = row.bool(21)
        order.sourceStatus = row.optionalText(22)
        try decodeShopFields(row, into: &order)
        return order
    }

    /// The columns of SQLite's schema 4 and PostgreSQL's migration 3: money as shops have it,
    /// people and places.
    private static func decodeShopFields(_ row: some StoredRow, into order: inout Order) throws {
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
