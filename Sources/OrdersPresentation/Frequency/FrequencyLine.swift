import Foundation
import OrdersCore
import TerminalText

/// One line of the frequency sheet as it is shown: the value (inert, as every text from data),
/// how many orders have it, their share and their totals per currency.
public struct FrequencyLine: Hashable, Sendable {
    public var value: String
    public var count: String
    /// "42.5%".
    public var share: String
    /// Each currency's sum, in currency-code order, never added across currencies: "€640.00  US$1,500.00".
    public var totals: String

    public init(value: String, count: String, share: String, totals: String) {
        self.value = value
        self.count = count
        self.share = share
        self.totals = totals
    }
}

extension FrequencyField {
    /// What a value-less row is called: the orders without an assignee, or without a tag.
    public var noValueText: String {
        switch self {
        case .assignee: "(unassigned)"
        case .tag: "(no tag)"
        default: "(none)"
        }
    }
}

extension FrequencyTable {
    /// The table's lines, in its order, formatted by the list's formatter.
    public func lines(formatter: OrderFormatter) -> [FrequencyLine] {
        rows.map { row in
            let permille = sharePermille(of: row)
            let totals = row.totals.sorted { $0.key < $1.key }.map { code, amount in
                Currency.named(code).map { formatter.money(amount, $0) } ?? "\(amount) \(TerminalText.neutralized(code))"
            }
            return FrequencyLine(value: row.value.map { TerminalText.neutralized($0) } ?? field.noValueText,
                                 count: formatter.count(row.count), share: "\(permille / 10).\(permille % 10)%",
                                 totals: totals.joined(separator: "  "))
        }
    }
}
