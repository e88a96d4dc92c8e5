/// The columns orders can be sorted by.
public enum OrderSortKey: String, CaseIterable, Hashable, Sendable {
    case date, id, customer, total, status, items
    /// By due time against the fulfilment promise: soonest due first (ascending), orders without a
    /// due time last in both directions (`Order.hasDueTime`). The due time only grows with the
    /// clock's start (`FulfilmentPromise.onTimeCutoff`), so the sort compares the start
    /// (`Order.dueClockStart`), which needs no promise and ties equal due times by when their
    /// clocks started.
    case due

    /// The names a person may sort by: every key, and the list's columns that sort by one of them
    /// (`age` by the date, the youngest first when ascending; `number` by the id).
    public static let fieldNames: [String] = allCases.map(\.rawValue) + ["age", "number"]

    /// The key a written field name sorts by, and whether its directions are the key's reversed
    /// (an order's age grows as its date goes back); nil for an unknown name. Case is ignored.
    public static func field(named name: String) -> (key: OrderSortKey, reversed: Bool)? {
        switch name.lowercased() {
        case "age": (.date, true)
        case "number": (.id, false)
        case let other: OrderSortKey(rawValue: other).map { ($0, false) }
        }
    }

    /// The direction a column sorts in when none is given: the one home of this rule, used by the
    /// list screen (choosing a column, `s`, `:sort total`), the config's `defaultSort` and
    /// `orders list --sort`.
    ///
    /// Date and total sort descending — newest and largest first — because triage starts with what
    /// just arrived and with what is worth the most; an operator who sorts by total wants the big
    /// orders on the first screen, not a page of 0.99 orders. Text, ids, statuses and item counts
    /// read naturally from the start of the alphabet or the smallest number.
    public var sortsAscendingByDefault: Bool {
        switch self {
        case .date, .total: false
        case .id, .customer, .status, .items, .due: true
        }
    }
}
