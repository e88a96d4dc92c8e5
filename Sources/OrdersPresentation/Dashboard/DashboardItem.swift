import OrdersCore

/// One number of a panel as the screen draws it: already formatted, with the figure Enter opens.
public struct DashboardItem: Hashable, Sendable {
    /// What it stands for: a day, a bucket, a customer (made safe for the terminal).
    public var label: String
    /// Its size against the panel's other items (a count, or revenue in minor units).
    public var value: Int
    /// The number shown beside it ("1,234", "€5,210.00 · 12").
    public var valueText: String
    /// Drawn in the danger style: overdue orders among them.
    public var isHighlighted: Bool
    /// The orders it counts.
    public var figure: DashboardFigure

    public init(label: String, value: Int, valueText: String, isHighlighted: Bool = false, figure: DashboardFigure) {
        self.label = label
        self.value = value
        self.valueText = valueText
        self.isHighlighted = isHighlighted
        self.figure = figure
    }
}
