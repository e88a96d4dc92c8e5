/// Where Enter acts on the dashboard: a panel and one of its items.
public struct DashboardFocus: Hashable, Sendable {
    public var panel: DashboardPanel
    public var item: Int

    public init(panel: DashboardPanel, item: Int) {
        self.panel = panel
        self.item = item
    }
}
