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

    public var description: String {
        let reason = from == to && !allowed.contains(to) ? "it is already \(from)"
            : allowed.isEmpty ? "\(from) is final"
            : "from \(from) it can only become \(allowed.joined(separator: " or "))"
        return "\(orderID): cannot change \(field) from \(from) to \(to): \(reason)"
    }
}
