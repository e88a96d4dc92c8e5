import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// The list's index built from a store's narrow projection (`OrderStore.scanIndexRows`, what
/// `IndexedListSource.buildIndex` reads) must equal the index built from the same orders whole:
/// every column, table and sort permutation (`OrderIndex` is `Equatable` over all of them).
@Suite("Index built from the narrow projection equals one built from full orders")
struct IndexRowEquivalenceTests {
    /// Demo orders, the contract suite's edge cases (shop currencies, CJK, zero-decimal money) and
    /// the shop fixtures (refunds, addresses with and without a city, codes, risk, customer keys,
    /// shop numbers and sources, shop status words with and without a match).
    static let orders = DemoFixtures.storeSample + ShopOrderFixtures.orders + ShopSearchFixtures.orders

    @Test(arguments: StoreKind.allCases)
    func projectionEqualsFullOrders(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert(Self.orders)
        // Stored orders, not the fixtures: the store's own round trip is the contract suite's business.
        var stored: [Order] = []
        for try await batch in fixture.store.scanAll(batchSize: 97) { stored += batch }
        #expect(stored.count == Self.orders.count)

        var rows: [OrderIndexRow] = []
        for try await batch in fixture.store.scanIndexRows(batchSize: 97) {
            #expect(batch.count <= 97)
            rows += batch
        }
        let expectedRows = stored.map(OrderIndexRow.init)
        #expect(rows.map(\.id) == expectedRows.map(\.id))
        for (row, expected) in zip(rows, expectedRows) {
            #expect(row == expected, "\(kind) \(row.id)")
        }

        let built = try await IndexedListSource.buildIndex(from: fixture.store, batchSize: 97) { _ in }
        let reference = OrderIndex(stored)
        #expect(built.count == Self.orders.count)
        #expect(built == reference)
    }

    /// The rows carry what makes the shop's columns differ from a plain order: checked by value so
    /// a projection that drops them all cannot pass by agreeing with an equally empty reference.
    @Test func shopFixtureRowsCarryTheirShopTerms() {
        let rows = ShopSearchFixtures.orders.map(OrderIndexRow.init)
        #expect(rows.map(\.isRefunded) == [true, true, false, false, false, false, true])
        #expect(rows[0].cities == ["München", "Berlin"])
        #expect(rows[0].postcodes == ["80331", "10115"])
        #expect(rows[3].cities == [])
        #expect(rows[3].postcodes == ["SW1A 1AA"])
        #expect(rows[3].discountCodes == ["ÉTÉ", "WINTER"])
        #expect(rows[6].reportingCurrency == .usd)
        #expect(rows[6].reportingTotal == 99)
        #expect(rows[6].outstanding == 10_000)
        #expect(rows.map(\.riskLevel) == [.high, .low, .medium, nil, nil, nil, nil])
    }
}
