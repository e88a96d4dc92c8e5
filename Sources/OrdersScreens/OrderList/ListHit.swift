import OrdersCore
import OrdersPresentation

/// Names of the list screen's clickable areas, for mouse hit testing.
public enum ListHit: Hashable, Sendable {
    /// A status tab in the tab bar.
    case tab(StatusTab)
    /// A saved view's tab, by the view's name.
    case view(String)
    /// The table of orders (its rows are `TableRowHit`s with this as the table id).
    case table
}

extension ListHit {
    /// The sort key of the order table's column `column` (a `TableHeaderHit`'s index) when the
    /// table shows `shown` (`OrderListModel.shownColumns`), or nil for a column that does not sort
    /// (the marks).
    @MainActor
    public static func sortKey(ofColumn column: Int, shown: [ListColumn]) -> OrderSortKey? {
        let keys = OrderListTable.sortKeys(shown)
        return keys.indices.contains(column) ? keys[column] : nil
    }
}
