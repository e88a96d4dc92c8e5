/// Where the goods of an order stand. The allowed moves are the table below; `Order.apply`
/// refuses any other and audits each one ("fulfillment").
public enum FulfillmentStatus: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case unfulfilled
    case partiallyFulfilled = "partially_fulfilled"
    case fulfilled
    case onHold = "on_hold"
    case returned

    /// The statuses fulfilment may move to from this one: holding and releasing go between
    /// on hold and the state before; what has left the warehouse can only come back as returned.
    public var allowedNextStatuses: [FulfillmentStatus] {
        switch self {
        case .unfulfilled: [.partiallyFulfilled, .fulfilled, .onHold]
        case .partiallyFulfilled: [.fulfilled, .onHold, .returned]
        case .fulfilled: [.returned]
        case .onHold: [.unfulfilled, .partiallyFulfilled]
        case .returned: []
        }
    }

    public func canTransition(to next: FulfillmentStatus) -> Bool { allowedNextStatuses.contains(next) }

    /// Whether this is a state the lines give (`Order.linesFulfillment`): on hold and returned are
    /// said of the order, the others follow from what its lines sent.
    public var isGivenByLines: Bool { self == .unfulfilled || self == .partiallyFulfilled || self == .fulfilled }

    /// Whether everything has been sent (and possibly come back).
    public var isShipped: Bool { self == .fulfilled || self == .returned }

    public var description: String { rawValue }
}
