/// The list's columns a view can choose to show, by the names views store, in the order
/// `:columns all` shows them. The marks (flag, marked, recently changed) are not a column a view
/// chooses: the list always shows them first. Every column is read from the list's index, never
/// from the store, so any choice stays instant at a million orders (the index keeps the email only
/// folded for search, so there is no email column).
public enum ListColumn: String, CaseIterable, Hashable, Sendable {
    case number, date, age, customer, items, total, status
    /// Time left or overdue against the fulfilment promise: shown only when a promise is
    /// configured (and the view does not leave it out).
    case due
    /// The columns a view chooses beside the standard ones: who the order is assigned to, its
    /// tags, the shipping country, the source it came from, and the balance after refunds.
    case assignee, tags, country, source, outstanding

    /// The columns the list shows until a view or `:columns` chooses others (`nil` choices), in
    /// their order: every column there was before the chooseable extras.
    public static let standard: [ListColumn] = [.number, .date, .age, .customer, .items, .total, .status, .due]

    /// The column's heading, the one home of it: the list's header and `orders list --view`'s
    /// table (upper-cased there) both read it.
    public var title: String {
        switch self {
        case .number: "Number"
        case .date: "Date"
        case .age: "Age"
        case .customer: "Customer"
        case .items: "Items"
        case .total: "Total"
        case .status: "Payment/Shipping"
        case .due: "Due"
        case .assignee: "Assignee"
        case .tags: "Tags"
        case .country: "Country"
        case .source: "Source"
        case .outstanding: "Outstanding"
        }
    }

    /// The sort a click on the column's heading chooses: age sorts as the date does, the
    /// payment/shipping cell as the triage status both statuses make; nil for a column there is
    /// no sort by (the index keeps no order of assignees, tags, countries, sources or balances).
    public var sortKey: OrderSortKey? {
        switch self {
        case .number: .id
        case .date, .age: .date
        case .customer: .customer
        case .items: .items
        case .total: .total
        case .status: .status
        case .due: .due
        case .assignee, .tags, .country, .source, .outstanding: nil
        }
    }

    /// The names every view stored before columns could be chosen (and before `due` existed):
    /// each of them meant "every column", so they mean the standard columns, Due included when
    /// there is a promise.
    static let everyColumnBeforeDue: [ListColumn] = [.number, .date, .age, .customer, .items, .total, .status]

    /// Reads stored column names, keeping the known ones in the order written (unknown names, from a
    /// newer build, are skipped; a name written twice counts once); nil, meaning the standard
    /// columns, when none is known, when they are the standard columns in their order, or when they
    /// are the seven every view stored before Due (`everyColumnBeforeDue`).
    public static func parse(_ names: [String]) -> [ListColumn]? {
        var columns: [ListColumn] = []
        for name in names {
            guard let column = ListColumn(rawValue: name.lowercased()), !columns.contains(column) else { continue }
            columns.append(column)
        }
        if columns.isEmpty || columns == standard || columns == everyColumnBeforeDue { return nil }
        return columns
    }

    /// How a choice of columns is stored: the names in order, the standard columns' names for nil
    /// (so a build that does not know a name still reads the rest).
    public static func names(_ columns: [ListColumn]?) -> [String] {
        (columns ?? standard).map(\.rawValue)
    }

    /// Reads the operator's choice (`:columns number,customer,total`): names separated by commas or
    /// spaces, case ignored, a name written twice counted once; nil (the standard columns) for
    /// nothing or `standard`, every column for `all`. An unknown name is refused, naming the known ones.
    public static func choice(_ text: String) throws(ListColumnError) -> [ListColumn]? {
        let names = text.split { $0 == "," || $0.isWhitespace }.map(String.init)
        let lowered = names.map { $0.lowercased() }
        if lowered.isEmpty || lowered == ["standard"] { return nil }
        if lowered == ["all"] { return allCases }
        var columns: [ListColumn] = []
        for name in names {
            guard let column = ListColumn(rawValue: name.lowercased()) else { throw .unknown(name) }
            if !columns.contains(column) { columns.append(column) }
        }
        return columns == standard ? nil : columns
    }
}

