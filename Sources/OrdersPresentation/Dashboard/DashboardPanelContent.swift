/// What one panel shows: its items and a line of words about them.
public struct DashboardPanelContent: Hashable, Sendable {
    public var panel: DashboardPanel
    public var items: [DashboardItem]
    /// "today 42 · last Mon 37", "3 overdue"; empty for none.
    public var caption: String

    public init(panel: DashboardPanel, items: [DashboardItem], caption: String = "") {
        self.panel = panel
        self.items = items
        self.caption = caption
    }
}
