/// The dashboard's panels, most important first: the order a small terminal drops them in
/// (`DashboardLayout`) and the order focus moves through them.
public enum DashboardPanel: Int, CaseIterable, Hashable, Sendable {
    case ordersPerDay, openByAge, assignees, revenuePerDay, revenueByStatus, rates, topCustomers, topSKUs

    /// How a panel draws its numbers.
    public enum Chart: Hashable, Sendable {
        /// One cell per day, a caption line under it.
        case sparkline
        /// Vertical bars over buckets, labels underneath.
        case histogram
        /// One bar per row: label, bar, value.
        case bars
    }

    public var chart: Chart {
        switch self {
        case .ordersPerDay, .revenuePerDay: .sparkline
        case .openByAge: .histogram
        case .assignees, .revenueByStatus, .rates, .topCustomers, .topSKUs: .bars
        }
    }

    /// A ranking (most first) of which a screen shows only the first `DashboardLayout.bars(of:)`;
    /// the other bar panels always show every bar.
    public var isRanking: Bool {
        self == .assignees || self == .topCustomers || self == .topSKUs
    }

    public var title: String {
        switch self {
        case .ordersPerDay: "Orders per day"
        case .openByAge: "Still to ship, by age"
        case .assignees: "Still to ship, per assignee"
        case .revenuePerDay: "Revenue per day"
        case .revenueByStatus: "Revenue by status"
        case .rates: "Refunds and cancellations"
        case .topCustomers: "Top customers"
        case .topSKUs: "Top SKUs"
        }
    }
}
