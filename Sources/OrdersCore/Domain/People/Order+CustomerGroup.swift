import Foundation

/// Which orders belong to the same customer: the one home of that rule, for `customer-orders>1`,
/// every store's translation of it, and the detail screen's "customer's other orders".
///
/// - With a customer key (the shop's customer id), the orders of that source with that key: a key
///   means something only inside the shop that gave it, so Shopify's customer 42 is not
///   WooCommerce's customer 42.
/// - Without one, the orders with the same email, in any source, ASCII letters compared without
///   case (`Ana@Example.com` is `ana@example.com`); only ASCII, so that SQL's `lower()` computes
///   the same group for the stores' migrations.
/// - Without either (a point-of-sale order with only a phone), the order is a customer of its own.
extension Order {
    public var customerGroup: String? {
        Self.customerGroup(source: source, customerKey: customerKey, email: email)
    }

    /// The group of these fields (the stores derive their `customer_group` column with it).
    static func customerGroup(source: String, customerKey: String?, email: String) -> String? {
        if let customerKey, !customerKey.isEmpty {
            return "key" + SearchKeys.separator + source + SearchKeys.separator + customerKey
        }
        if !email.isEmpty {
            return "email" + SearchKeys.separator + String(decoding: email.utf8.map(Self.asciiLowercased), as: UTF8.self)
        }
        return nil
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
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
