/// A customer, SKU or operator with the orders counted for it.
public struct RankedFigure: Hashable, Sendable {
    /// As written in the orders (the first spelling met, for operators compared case-insensitively).
    public var name: String
    public var figure: DashboardFigure
    /// For operators: their overdue orders still to ship (nil without a promise, and for customers and SKUs).
    public var overdue: DashboardFigure?

    public init(name: String, figure: DashboardFigure, overdue: DashboardFigure? = nil) {
        self.name = name
        self.figure = figure
        self.overdue = overdue
    }
}
