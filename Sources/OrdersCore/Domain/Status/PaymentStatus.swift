/// Where the money of an order stands, as shops report it. The allowed moves are the table
/// below; `Order.apply` refuses any other and audits each one ("payment").
public enum PaymentStatus: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case pending
    case authorized
    case partiallyPaid = "partially_paid"
    case paid
    case partiallyRefunded = "partially_refunded"
    case refunded
    case voided
    case failed

    /// The statuses a payment may move to from this one. A partial refund of a partially refunded
    /// order stays `partially_refunded` (another refund record, the same status).
    public var allowedNextStatuses: [PaymentStatus] {
        switch self {
        case .pending: [.authorized, .partiallyPaid, .paid, .voided, .failed]
        case .authorized: [.partiallyPaid, .paid, .voided, .failed]
        case .partiallyPaid: [.paid, .partiallyRefunded, .refunded]
        case .paid: [.partiallyRefunded, .refunded]
        case .partiallyRefunded: [.partiallyRefunded, .refunded]
        case .failed: [.pending, .voided]
        case .refunded, .voided: []
        }
    }

    public func canTransition(to next: PaymentStatus) -> Bool { allowedNextStatuses.contains(next) }

    /// Whether money was taken (some or all, possibly given back since): a cancellation keeps it
    /// until it is refunded, where it voids a payment that took nothing.
    public var isCaptured: Bool {
        switch self {
        case .partiallyPaid, .paid, .partiallyRefunded, .refunded: true
        case .pending, .authorized, .failed, .voided: false
        }
    }

    /// Whether money has been taken (some or all, possibly given back in part): the order is
    /// ready to fulfil. An authorisation counts: shops capture it when they ship.
    public var isSecured: Bool {
        switch self {
        case .authorized, .paid, .partiallyRefunded: true
        case .pending, .partiallyPaid, .failed, .refunded, .voided: false
        }
    }

    /// Whether this is a state refunds give (`Order.paymentLeftByRefunds`): money given back, in
    /// part or whole. The others say what was taken.
    public var isGivenByRefunds: Bool { self == .partiallyRefunded || self == .refunded }

    public var description: String { rawValue }
}
