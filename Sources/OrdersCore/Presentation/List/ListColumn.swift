/// The list's columns a view can choose to show, by the names views store, in the order the list
/// shows them when every column is shown. The marks (flag, marked, recently changed) are not a
/// column a view chooses: the list always shows them first.
public enum ListColumn: String, CaseIterable, Hashable, Sendable {
    case number, date, age, customer, items, total, status
    /// Time left or overdue against the fulfilment promise: shown only when a promise is
    /// configured (and the view does not leave it out).
    case due

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
        }
    }

    /// The sort a click on the column's heading chooses: age sorts as the date does, the
    /// payment/shipping cell as the triage status both statuses make.
    public var sortKey: OrderSortKey {
        switch self {
        case .number: .id
        case .date, .age: .date
        case .customer: .customer
        case .items: .items
        case .total: .total
        case .status: .status
        case .due: .due
        }
    }

    /// The names every view stored before columns could be chosen (and before `due` existed):
    /// each of them meant "every column", so they still do, Due included when there is a promise.
    static let everyColumnBeforeDue: [ListColumn] = [.number, .date, .age, .customer, .items, .total, .status]

    /// Reads stored column names, keeping the known ones in the order written (unknown names, from a
    /// newer build, are skipped; a name written twice counts once); nil, meaning every column, when
    /// none is known, when they are every column in the list's order, or when they are the seven
    /// every view stored before Due (`everyColumnBeforeDue`).
    public static func parse(_ names: [String]) -> [ListColumn]? {
        var columns: [ListColumn] = []
        for name in names {
            guard let column = ListColumn(rawValue: name.lowercased()), !columns.contains(column) else { continue }
            columns.append(column)
        }
        if columns.isEmpty || columns == allCases || columns == everyColumnBeforeDue { return nil }
        return columns
    }

    /// How a choice of columns is stored: the names in order, every column's names for nil (so a
    /// build that does not know a name still reads the rest).
    public static func names(_ columns: [ListColumn]?) -> [String] {
        (columns ?? allCases).map(\.rawValue)
    }

    /// Reads the operator's choice (`:columns number,customer,total`): names separated by commas or
    /// spaces, case ignored, a name written twice counted once; nil (every column) for nothing or
    /// `all`. An unknown name is refused, naming the known ones.
    public static func choice(_ text: String) throws(ListColumnError) -> [ListColumn]? {
        let names = text.split { $0 == "," || $0.isWhitespace }.map(String.init)
        if names.isEmpty || names.map({ $0.lowercased() }) == ["all"] { return nil }
        var columns: [ListColumn] = []
        for name in names {
            guard let column = ListColumn(rawValue: name.lowercased()) else { throw .unknown(name) }
            if !columns.contains(column) { columns.append(column) }
        }
        return columns == allCases ? nil : columns
    }
}

