extension OrderStatus {
    /// Whether the order still has to ship (pending or processing): the orders a fulfilment promise
    /// gives a due time, and the "open" orders of the dashboard's age buckets.
    public var awaitsShipment: Bool {
        self == .pending || self == .processing
    }

    /// Whether the order's total counts as revenue: every status but cancelled and refunded.
    public var earnsRevenue: Bool {
        self != .cancelled && self != .refunded
    }

    /// The statuses that still have to ship, as a set for a status filter.
    public static let awaitingShipment: Set<OrderStatus> = Set(allCases.filter(\.awaitsShipment))
    /// The statuses that earn revenue, as a set for a status filter.
    public static let earningRevenue: Set<OrderStatus> = Set(allCases.filter(\.earnsRevenue))
}
