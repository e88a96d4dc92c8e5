import Foundation
import OrdersCore

/// Everything one row of the order list shows, already formatted.
public struct OrderRow: Hashable, Sendable, Identifiable {
    public var id: OrderID
    /// The shop's number as given: `ORD-0001234`, `#1001`.
    public var idText: String
    /// Relative to now: `3h ago`, `yesterday`, `12 Mar`.
    public var dateText: String
    /// How long the order has waited, compactly: `3h`, `2d` (`OrderFormatter.age`).
    public var ageText: String
    /// Against the fulfilment promise: time left or overdue; nil for an order without a due time
    /// (`Order.hasDueTime`) or without a promise.
    public var due: DueState?
    /// `3h left`, `2d late` (`OrderFormatter.dueText`); empty when `due` is nil.
    public var dueText: String = ""
    public var customer: String
    /// Character offsets in `customer` that the current search matched, for highlighting.
    public var customerHighlights: [Range<Int>]
    public var itemCount: Int
    public var total: Decimal
    public var currency: Currency
    /// The total in its currency: `¥1,200`, `$12.50`.
    public var totalText: String
    public var status: OrderStatus
    public var statusText: String
    /// Payment and fulfilment in one cell, or the shop's own status word (`OrderStatusWords.cell`).
    public var statusCell: String
    /// The chooseable columns' texts (`ListColumn`), neutralised: the assignee (empty when
    /// unassigned), the tags separated by commas, the country as the index keeps it (upper-cased),
    /// the source, and the balance after refunds in the total's currency.
    public var assignee: String = ""
    public var tags: String = ""
    public var country: String = ""
    public var source: String = ""
    public var outstandingText: String = ""
    public var isFlagged: Bool
    public var isMarked: Bool
    /// Changed by someone else a moment ago (until the recent-change expiry).
    public var isRecentlyChanged: Bool
    public var isSelected: Bool

    public var isOverdue: Bool { due?.isOverdue ?? false }

    /// The number of items as the Items column shows it.
    public var itemCountText: String { String(itemCount) }
}
