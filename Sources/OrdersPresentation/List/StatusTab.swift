import OrdersCore

/// The status tabs above the list; each narrows the current search to some statuses.
public enum StatusTab: String, CaseIterable, Hashable, Sendable {
    case all, pending, processing, shipped, completed
    /// Cancelled and refunded orders: both are closed without being fulfilled.
    case closed

    /// The statuses shown under this tab, or nil for all.
    public var statuses: Set<OrderStatus>? {
        switch self {
        case .all: nil
        case .pending: [.pending]
        case .processing: [.processing]
        case .shipped: [.shipped]
        case .completed: [.completed]
        case .closed: [.cancelled, .refunded]
        }
    }

    public var title: String {
        switch self {
        case .all: "All"
        case .pending: "Pending"
        case .processing: "Processing"
        case .shipped: "Shipped"
        case .completed: "Completed"
        case .closed: "Cancelled/Refunded"
        }
    }

    /// The title on the tab bar ("Closed" for the two closed statuses).
    public var tabTitle: String { self == .closed ? "Closed" : title }

    /// The title when the tab bar is narrow: at most six characters.
    public var compactTitle: String {
        switch self {
        case .all: "All"
        case .pending: "Pend"
        case .processing: "Proc"
        case .shipped: "Ship"
        case .completed: "Done"
        case .closed: "Closed"
        }
    }

    /// The title when even the short ones do not fit: two letters.
    public var tinyTitle: String {
        switch self {
        case .all: "All"
        case .pending: "Pe"
        case .processing: "Pr"
        case .shipped: "Sh"
        case .completed: "Do"
        case .closed: "Cl"
        }
    }

    /// The tab an order of this status is counted under (besides All).
    public static func tab(for status: OrderStatus) -> StatusTab {
        switch status {
        case .pending: .pending
        case .processing: .processing
        case .shipped: .shipped
        case .completed: .completed
        case .cancelled, .refunded: .closed
        }
    }
}
