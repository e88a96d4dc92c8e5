import Foundation
import OrdersCore
import OrdersPresentation
import Testing

/// The frequency sheet's lines: values made inert, counts grouped, shares to a tenth of a percent
/// (rounded half up), each currency's total apart in currency-code order, the value-less row named.
@Suite("Frequency lines")
struct FrequencyLineTests {
    static let formatter = OrderFormatter(locale: Locale(identifier: "en_US"), calendar: Calendar(identifier: .gregorian))

    @Test("lines in the table's order, formatted whole")
    func lines() {
        // 1,200 orders: 1,000 (83.3%: 1000/1200 = 0.83333), 199 (16.6%: 0.165833 → 16.6), 1 (0.1%: 0.0833‰ → 0.1).
        let table = FrequencyTable(field: .customer, rows: [
            FrequencyRow(value: "Ana\u{1B}[31m Lima", count: 1_000, totals: ["USD": 10, "EUR": Decimal(string: "2.5")!, "JPY": 300]),
            FrequencyRow(value: "Bob", count: 199, totals: ["USD": Decimal(string: "1234.5")!]),
            FrequencyRow(value: nil, count: 1, totals: [:]),
        ], orderCount: 1_200)
        #expect(table.lines(formatter: Self.formatter) == [
            FrequencyLine(value: "Ana\u{241B}[31m Lima", count: "1,000", share: "83.3%", totals: "€2.50  ¥300  $10.00"),
            FrequencyLine(value: "Bob", count: "199", share: "16.6%", totals: "$1,234.50"),
            FrequencyLine(value: "(none)", count: "1", share: "0.1%", totals: ""),
        ])
    }

    @Test("the value-less row of assignees and tags says which")
    func noValue() {
        #expect(FrequencyField.assignee.noValueText == "(unassigned)")
        #expect(FrequencyField.tag.noValueText == "(no tag)")
        #expect(FrequencyField.country.noValueText == "(none)")
    }
}
