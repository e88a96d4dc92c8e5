import Foundation

/// Which orders belong to the same customer, as one group key per order, for `customer-orders>1`
/// and every store's translation of it (their `customer_group` column). The rule itself is
/// `CustomerMatch`'s, its one home: the customer key when the order has one, else the email with
/// ASCII letters' case ignored; an order with neither is a customer of its own. Orders are counted
/// by equal groups, so an order with a key counts the orders with that key (not those that only
/// share its email), and an order without one counts the orders without a key that share its email.
extension Order {
    public var customerGroup: String? {
        switch CustomerMatch(of: self) {
        case .key(let key)?: "key" + SearchKeys.separator + key
        case .email(let email)?: "email" + SearchKeys.separator + email
        case nil: nil
        }
    }
}

/// How many orders each customer (`Order.customerGroup`) has among a set of orders: what the
/// reference evaluation of `customer-orders>N` needs besides the order itself.
public struct CustomerOrderCounts: Sendable {
    private var counts: [String: Int] = [:]

    /// No orders counted: for queries without a `customer-orders` term, which never ask.
    public init() {}

    /// Counts the groups of `orders` (the whole store, for the reference of a store's answer).
    public init(_ orders: some Sequence<Order>) {
        for order in orders {
            if let group = order.customerGroup { counts[group, default: 0] += 1 }
        }
    }

    /// The orders of this order's customer, itself included: at least 1.
    public func count(for order: Order) -> Int {
        order.customerGroup.flatMap { counts[$0] } ?? 1
    }
}
