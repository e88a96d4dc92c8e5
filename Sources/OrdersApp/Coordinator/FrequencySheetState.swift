import OrdersCore

/// The frequency sheet's state: which column, the table once counted, the selected value, and why
/// there is none when counting failed. The list under it is left as it was.
public struct FrequencySheetState: Hashable, Sendable {
    public var field: FrequencyField
    /// nil while the orders are counted.
    public var table: FrequencyTable?
    public var selected = 0
    public var failure: String?

    public init(field: FrequencyField, table: FrequencyTable? = nil, selected: Int = 0, failure: String? = nil) {
        self.field = field
        self.table = table
        self.selected = selected
        self.failure = failure
    }

    /// Moves the selection by `offset` values, staying within the table.
    mutating func move(by offset: Int) {
        guard let count = table?.rows.count, count > 0 else { return }
        selected = min(max(selected + offset, 0), count - 1)
    }
}
