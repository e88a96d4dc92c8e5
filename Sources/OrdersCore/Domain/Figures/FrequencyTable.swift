import Foundation

/// What a frequency table (VisiData's Shift-F) groups the current search by: a field the list
/// shows or searches, each with the search term that narrows the list to one of its values.
public enum FrequencyField: String, CaseIterable, Hashable, Sendable {
    case status, payment, fulfilment, customer, country, source, assignee, tag

    public var title: String {
        switch self {
        case .status: "Status"
        case .payment: "Payment"
        case .fulfilment: "Fulfilment"
        case .customer: "Customer"
        case .country: "Country"
        case .source: "Source"
        case .assignee: "Assignee"
        case .tag: "Tag"
        }
    }

    /// The search term that keeps only the orders with `value` (nil: the orders without one), or
    /// nil when the search language cannot say it (orders without a tag; a value holding a quote).
    public func searchTerm(for value: String?) -> String? {
        guard let value else { return self == .assignee ? "assignee:none" : nil }
        guard !value.contains("\"") else { return nil }
        let quoted = value.contains(where: { $0.isWhitespace || $0 == ":" || $0 == "," }) ? "\"\(value)\"" : value
        switch self {
        case .status: return "status:\(quoted)"
        case .payment: return "pay:\(quoted)"
        case .fulfilment: return "ship:\(quoted)"
        case .customer: return "customer:\(quoted)"
        case .country: return "country:\(quoted)"
        case .source: return "source:\(quoted)"
        case .assignee: return "assignee:\(quoted)"
        case .tag: return "tag:\(quoted)"
        }
    }
}

/// One value of a frequency table: how many of the shown orders have it and the sum of their
/// totals in each currency (never added across currencies).
public struct FrequencyRow: Hashable, Sendable {
    /// nil: the orders without a value (no assignee, no tag).
    public var value: String?
    public var count: Int
    /// Reporting totals (`Order.reportingTotal`) per currency code.
    public var totals: [String: Decimal]

    public init(value: String?, count: Int, totals: [String: Decimal]) {
        self.value = value
        self.count = count
        self.totals = totals
    }
}

/// The shown orders grouped by one field: the values most frequent first (then by value), each
/// with its share of the orders shown. A tag table counts an order under each of its tags, so its
/// shares may add up to more than 100%.
public struct FrequencyTable: Hashable, Sendable {
    public var field: FrequencyField
    public var rows: [FrequencyRow]
    /// The orders the list showed when the table was made.
    public var orderCount: Int

    public init(field: FrequencyField, rows: [FrequencyRow], orderCount: Int) {
        self.field = field
        self.orderCount = orderCount
        self.rows = rows.sorted { a, b in
            if a.count != b.count { return a.count > b.count }
            return (a.value ?? "") < (b.value ?? "")
        }
    }

    /// Counts and sums rows of the same value read in parts (one per currency, as a GROUP BY reads them).
    public init(field: FrequencyField, merging parts: [FrequencyRow], orderCount: Int) {
        var merged: [String?: FrequencyRow] = [:]
        for part in parts {
            var row = merged[part.value] ?? FrequencyRow(value: part.value, count: 0, totals: [:])
            row.count += part.count
            for (currency, sum) in part.totals { row.totals[currency, default: 0] += sum }
            merged[part.value] = row
        }
        self.init(field: field, rows: Array(merged.values), orderCount: orderCount)
    }

    /// The row's share of the orders shown, in tenths of a percent, rounded half up (425 is 42.5%).
    public func sharePermille(of row: FrequencyRow) -> Int {
        guard orderCount > 0 else { return 0 }
        return (row.count * 2000 + orderCount) / (2 * orderCount)
    }
}
