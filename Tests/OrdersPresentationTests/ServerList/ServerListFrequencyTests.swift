import Foundation
import Testing
import TerminalTestSupport
@testable import OrdersCore

/// The frequency table of the list as shown: the served list's GROUP BY through the store gives the
/// same table as the in-memory index over the same orders, for every field, after a search and a tab.
@Suite("Order list: frequency tables, in memory and served")
@MainActor
struct ServerListFrequencyTests {
    @Test("every field, after a search: the served table equals the in-memory one, counts add up, currencies apart")
    func sameOnBothSources() async throws {
        let pair = try await ListSourcePair()
        await pair.expectSame("searching e") { $0.searchTextChanged("e") }
        let shown = pair.reference.rowCount
        #expect(shown > 20)
        for field in FrequencyField.allCases {
            let reference = try await pair.reference.frequencyTable(of: field)
            let served = try await pair.served.frequencyTable(of: field)
            #expect(served == reference, "\(field)")
            #expect(reference.orderCount == shown)
            if field != .tag { #expect(reference.rows.map(\.count).reduce(0, +) == shown, "\(field)") }
        }
        // Worked from the shown orders themselves: each status's count and its sums per currency.
        let byStatus = try await pair.reference.frequencyTable(of: .status)
        var counts: [String: Int] = [:]
        var sums: [String: [String: Decimal]] = [:]
        for id in pair.reference.visibleIDs {
            let order = try #require(try await pair.referenceStore.order(id))
            counts[order.status.rawValue, default: 0] += 1
            sums[order.status.rawValue, default: [:]][order.reportingCurrency.code, default: 0] += order.reportingTotal
        }
        #expect(Dictionary(uniqueKeysWithValues: byStatus.rows.map { ($0.value ?? "", $0.count) }) == counts)
        #expect(Dictionary(uniqueKeysWithValues: byStatus.rows.map { ($0.value ?? "", $0.totals) }) == sums)
    }

    @Test("shares round half up in tenths of a percent; most frequent first, then by value; no value last among equals")
    func ordering() {
        let table = FrequencyTable(field: .assignee, rows: [
            FrequencyRow(value: "mia", count: 1, totals: ["EUR": 10]),
            FrequencyRow(value: nil, count: 2, totals: ["USD": 5]),
            FrequencyRow(value: "ana", count: 1, totals: ["USD": 1, "EUR": 2]),
            FrequencyRow(value: "bo", count: 4, totals: [:]),
        ], orderCount: 8)
        #expect(table.rows.map(\.value) == ["bo", nil, "ana", "mia"])
        // 4/8 = 50.0%, 2/8 = 25.0%, 1/8 = 12.5%.
        #expect(table.rows.map { table.sharePermille(of: $0) } == [500, 250, 125, 125])
        #expect(FrequencyTable(field: .tag, rows: [FrequencyRow(value: "x", count: 1, totals: [:])], orderCount: 3)
            .sharePermille(of: FrequencyRow(value: "x", count: 1, totals: [:])) == 333)
    }

    @Test("each value's search term: quoted when it has spaces, none for what the language cannot say")
    func searchTerms() {
        #expect(FrequencyField.status.searchTerm(for: "pending") == "status:pending")
        #expect(FrequencyField.payment.searchTerm(for: "partially_paid") == "pay:partially_paid")
        #expect(FrequencyField.fulfilment.searchTerm(for: "on_hold") == "ship:on_hold")
        #expect(FrequencyField.customer.searchTerm(for: "Ana Lima") == "customer:\"Ana Lima\"")
        #expect(FrequencyField.assignee.searchTerm(for: nil) == "assignee:none")
        #expect(FrequencyField.tag.searchTerm(for: nil) == nil)
        #expect(FrequencyField.customer.searchTerm(for: "Bob \"B\" Stone") == nil)
    }
}
