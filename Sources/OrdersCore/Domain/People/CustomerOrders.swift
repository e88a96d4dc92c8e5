import Foundation

/// An order's customer seen across their orders: how many others they placed, what all of them
/// are worth to the shop, and the most recent others. The one home of "lifetime value".
public struct CustomerOrders: Hashable, Sendable {
    /// The customer's orders besides the one looked from.
    public var otherCount: Int
    /// What the customer's orders, this one included, left with the shop, per reporting currency
    /// (`CustomerOrders.keptValue`), sorted by currency code; currencies that come to nothing left out.
    public var lifetimeValue: [CurrencyAmount]
    /// The newest other orders, newest first, at most the limit asked for.
    public var recent: [Order]

    /// The customer of `order` among `orders` (all of that customer's orders, as a store's
    /// `orders(ofCustomer:)` returns them, newest first), keeping `recentLimit` of the others.
    public init(of order: Order, among orders: [Order], recentLimit: Int) {
        let others = orders.filter { $0.id != order.id }
        otherCount = others.count
        recent = Array(others.prefix(max(recentLimit, 0)))
        var sums: [Currency: Decimal] = [:]
        for each in others + [order] {
            sums[each.reportingCurrency, default: 0] += Self.keptValue(of: each)
        }
        lifetimeValue = sums.filter { $0.value != 0 }.map { CurrencyAmount(currency: $0.key, amount: $0.key.rounded($0.value)) }
            .sorted { $0.currency.code < $1.currency.code }
    }

    /// What one order left with the shop, in its reporting currency: for an order whose payment was
    /// taken (paid, then perhaps partly or wholly refunded), its reporting total less what was
    /// refunded, the refunds converted at the order's own rate when the customer paid in another
    /// currency than the shop reports in; nothing for a cancelled order or one whose money was not
    /// (or not wholly) taken: pending, authorized, partially paid (how much is not recorded), failed, voided.
    public static func keptValue(of order: Order) -> Decimal {
        guard order.status != .cancelled, [.paid, .partiallyRefunded, .refunded].contains(order.payment) else { return 0 }
        guard let rate = order.exchangeRate, order.shopCurrency != nil else { return order.outstanding }
        return order.reportingCurrency.rounded(order.reportingTotal - order.refunded * rate)
    }
}
