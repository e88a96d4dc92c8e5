import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// The daily re-import with the formats read since issue 29: WooCommerce's API JSON, Shopify's
/// bulk JSON Lines and Amazon's report through its mapping. The next day's file brings the shop's
/// changes and keeps the operators' work; the same file again writes nothing.
@Suite("The next day's WooCommerce JSON, Shopify JSON Lines and Amazon report keep the operators' work")
struct NewFormatReimportTests {
    static func importFile(_ text: String, name: String, mapping: String? = nil, into store: some OrderStore) async throws
        -> ShopImportOutcome {
        let mapping = try mapping.map { try CSVMapping.read(Array($0.utf8), fileName: "map.json") }
        let report = try await ShopImporter(options: ShopImportOptions(zone: ShopFixtures.utc, mapping: mapping)).run(
            .bytes(Array(text.utf8), fileName: name), dryRun: false, at: OrderFixtures.now, openStore: { store },
            actor: { _ in "importer" })
        if !report.refusal.isEmpty { throw ImportError(problems: report.refusal) }
        return report.outcome
    }

    /// Flags the order, assigns it, writes a staff note and a tag, as an operator would.
    static func work(on reference: OrderReference, in store: some OrderStore) async throws {
        let order = try #require(try await store.orders(numbered: reference).first)
        _ = try await store.update(order.id, expectedVersion: order.version,
                                   mutations: [.setFlagged(true), .setAssignee("ana"), .addNote("Customer called"), .addTag("vip")],
                                   actor: "ana")
    }

    static func expectWorkKept(on order: Order) {
        #expect(order.flagged)
        #expect(order.assignee == "ana")
        #expect(order.notes.map(\.text) == ["Customer called"])
        #expect(order.tags == ["vip"])
    }

    @Test(arguments: StoreKind.allCases)
    func wooCommercesNextPageCompletesTheOrder(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let first = try await Self.importFile(WooCommerceJSONTests.page, name: "orders.json", into: fixture.store)
        let references = ["727", "2026-0728"].map { OrderReference(source: "woocommerce", number: $0) }
        // 727's tax-inclusive line keeps its stated total, so its total is the shop's: no mismatch.
        #expect(first == ShopImportOutcome(new: references, updated: [], unchanged: 0, conflicts: [],
                                           totalMismatches: [], skipped: []))
        try await Self.work(on: references[0], in: fixture.store)
        // The next day 727 was sent: completed.
        let nextDay = WooCommerceJSONTests.page
            .replacingOccurrences(of: #""status": "processing""#, with: #""status": "completed""#)
            .replacingOccurrences(of: #""date_completed_gmt": null"#, with: #""date_completed_gmt": "2026-11-21T10:00:00""#)
        let second = try await Self.importFile(nextDay, name: "orders.json", into: fixture.store)
        #expect(second.updated == [references[0]])
        #expect(second.unchanged == 1)
        let order = try #require(try await fixture.store.orders(numbered: references[0]).first)
        #expect(order.fulfillment == .fulfilled)
        #expect(order.isClosed)
        #expect(order.fulfilledAt == ShopFixtures.date("2026-11-21T10:00:00Z"))
        Self.expectWorkKept(on: order)
        let third = try await Self.importFile(nextDay, name: "orders.json", into: fixture.store)
        #expect(third == ShopImportOutcome(new: [], updated: [], unchanged: 2))
    }

    @Test(arguments: StoreKind.allCases)
    func shopifysNextBulkFileAddsARefund(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        // The order before its refunds: the bulk file of the day before.
        let before = ShopifyBulkJSONLTests.bulk
            .replacingOccurrences(of: "PARTIALLY_REFUNDED", with: "PAID")
            .replacing(#/"refunds": \[.*\]\}\n/#, with: "\"refunds\": []}\n")
        let reference = OrderReference(source: "shopify", number: "#2001")
        #expect(try await Self.importFile(before, name: "bulk.jsonl", into: fixture.store).new == [reference])
        try await Self.work(on: reference, in: fixture.store)
        let second = try await Self.importFile(ShopifyBulkJSONLTests.bulk, name: "bulk.jsonl", into: fixture.store)
        #expect(second.updated == [reference])
        let order = try #require(try await fixture.store.orders(numbered: reference).first)
        #expect(order.payment == .partiallyRefunded)
        #expect(order.refunds.map(\.id) == ["S1", "S2"])
        #expect(order.refunds.map(\.restock) == [true, false])
        Self.expectWorkKept(on: order)
        #expect(try await Self.importFile(ShopifyBulkJSONLTests.bulk, name: "bulk.jsonl", into: fixture.store)
                == ShopImportOutcome(new: [], updated: [], unchanged: 1))
    }

    @Test(arguments: StoreKind.allCases)
    func amazonsNextReportShipsTheUnshippedOrder(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let first = try await Self.importFile(ShopFixtures.amazonAllOrders, name: "all-orders.txt",
                                              mapping: MarketplaceMappings.amazon, into: fixture.store)
        #expect(first.new.map(\.number) == ["113-1234567-1234567", "113-7654321-7654321", "114-1111111-2222222"])
        let reference = OrderReference(source: "amazon", number: "114-1111111-2222222")
        try await Self.work(on: reference, in: fixture.store)
        let nextDay = ShopFixtures.amazonAllOrders.replacingOccurrences(of: "Unshipped", with: "Shipped")
        let second = try await Self.importFile(nextDay, name: "all-orders.txt", mapping: MarketplaceMappings.amazon, into: fixture.store)
        #expect(second.updated == [reference])
        #expect(second.unchanged == 2)
        let order = try #require(try await fixture.store.orders(numbered: reference).first)
        #expect(order.fulfillment == .fulfilled)
        #expect(order.items.map(\.fulfilledQuantity) == [3])
        Self.expectWorkKept(on: order)
    }
}
