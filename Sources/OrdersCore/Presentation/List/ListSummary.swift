import Foundation

/// The status bar's figures for the list as it is shown now.
public struct ListSummary: Hashable, Sendable {
    /// Orders shown (after search, tab and toggles).
    public var shown: Int
    /// Orders in the store (known to the list).
    public var total: Int
    public var marked: Int
    /// Sum of the shown orders' totals, per currency code.
    public var totalsByCurrency: [String: Decimal]
    /// How many of the shown orders are overdue against the fulfilment promise; nil without one.
    public var overdue: Int?

    public init(shown: Int = 0, total: Int = 0, marked: Int = 0, totalsByCurrency: [String: Decimal] = [:],
                overdue: Int? = nil) {
        self.shown = shown
        self.total = total
        self.marked = marked
        self.totalsByCurrency = totalsByCurrency
        self.overdue = overdue
    }
}
