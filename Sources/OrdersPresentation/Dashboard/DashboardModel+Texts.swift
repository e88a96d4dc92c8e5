extension DashboardModel {
    /// A panel's heading: its title, with the period for those that span it.
    public func heading(of panel: DashboardPanel) -> String {
        panel.chart == .sparkline ? "\(panel.title) · \(periodDays) days" : panel.title
    }

    /// The focused number in words ("Sat, 21 Nov 2026: 37"), shown beside its panel's heading.
    public var selectionText: String? {
        selectedItem.map { $0.valueText.isEmpty ? $0.label : "\($0.label): \($0.valueText)" }
    }

    /// What the title line says about the figures: being computed, being brought up to date, or nothing.
    public var statusText: String {
        figures == nil ? "computing…" : isUpdating ? "updating…" : ""
    }

    /// Whether the database can be reached, as the list's status bar says it (`OrderListModel.connectionText`):
    /// nil while all is well.
    public var connectionText: String? { list?.connectionText }
}
