extension OrderListModel {
    /// Whether the orders are the first run's demo data (`DemoSeedStore`'s rule): the first run's
    /// record is there and no order beyond the ids it seeded, so an import (which adds orders) ends
    /// it at once, on this screen and every later launch.
    public var showsDemoData: Bool {
        _ = revision
        guard let seeded = demoSeedCount else { return false }
        return (index.highestID?.number ?? 0) <= seeded
    }
}
