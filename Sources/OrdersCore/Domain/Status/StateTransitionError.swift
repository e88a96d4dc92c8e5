/// A payment or fulfilment move its table does not allow.
public struct StateTransitionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var orderID: OrderID
    /// "payment" or "fulfillment".
    public var field: String
    public var from: String
    public var to: String
    public var allowed: [String]

    public init(orderID: OrderID, field: String, from: String, to: String, allowed: [String]) {
        self.orderID = orderID
        self.field = field
        self.from = from
        self.to = to
        self.allowed = allowed
    }

    /// Why, in words for the operator: `its fulfillment is already on_hold`.
    public var reason: String {
        from == to && !allowed.contains(to) ? "its \(field) is already \(from)"
            : allowed.isEmpty ? "its \(field) is \(from), which is final"
            : "its \(field) is \(from), which can only become \(allowed.joined(separator: " or "))"
    }

    public var description: String {
        let reason = from == to && !allowed.contains(to) ? "it is already \(from)"
            : allowed.isEmpty ? "\(from) is final"
            : "from \(from) it can only become \(allowed.joined(separator: " or "))"
        return "\(orderID): cannot change \(field) from \(from) to \(to): \(reason)"
    }
}
