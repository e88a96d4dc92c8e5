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
    /// Whether the server is still counting a new search's matches (a server-served list shows the
    /// rows first): `shown`, the sums and the tabs' counts are not known yet, so they are 0 and empty
    /// here and the screens show them as pending ("…"), never as the previous search's numbers.
    public var isCounting: Bool

    public init(shown: Int = 0, total: Int = 0, marked: Int = 0, totalsByCurrency: [String: Decimal] = [:],
                overdue: Int? = nil, isCounting: Bool = false) {
        self.shown = shown
        self.total = total
        self.marked = marked
        self.totalsByCurrency = totalsByCurrency
        self.overdue = overdue
        self.isCounting = isCounting
    }

    /// The figures of a list whose counts are still being counted: only the total and the marks are known.
    public static func counting(total: Int, marked: Int) -> ListSummary {
        ListSummary(total: total, marked: marked, isCounting: true)
    }
}
