import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Issue 33, item 1: an operator marks an order shipped (or sends some of its lines), then the same
/// shop file is imported again. The file says nothing new, so every order is unchanged, nothing is
/// written (no version, note, conflict or audit entry) and what the operator did stands, line by line.
@Suite("Re-importing an unchanged file leaves what operators did untouched, in every shop format")
struct ShopReimportOperatorWorkTests {
    /// One shop file and the order in it an operator works on.
    struct Case: CustomStringConvertible, Sendable {
        var format: String
        var text: String
        var fileName: String
        var reference: OrderReference
        var orderCount: Int
        var description: String { format }
    }

    static let cases = [
        // SO-2024-00017: authorised, nothing sent (3 × matcha).
        Case(format: "Shopify CSV", text: ShopFixtures.shopifyCSV, fileName: "orders_export.csv",
             reference: OrderReference(source: "shopify", number: "SO-2024-00017"), orderCount: 3),
        // #1002: partially fulfilled (3 socks sent, 1 boot not), partially refunded.
        Case(format: "Shopify JSON", text: ShopFixtures.shopifyJSON, fileName: "orders.json",
             reference: OrderReference(source: "shopify", number: "#1002"), orderCount: 1),
        // 7301: processing, nothing sent (2 mugs, 1 teapot).
        Case(format: "WooCommerce CSV", text: ShopFixtures.wooCommerceCSV, fileName: "orders-export.csv",
             reference: OrderReference(source: "woocommerce", number: "7301"), orderCount: 2),
    ]

    static func stored(_ reference: OrderReference, in store: some OrderStore) async throws -> Order {
        try #require(try await store.orders(numbered: reference).first)
    }

    @Test(arguments: cases, StoreKind.allCases)
    func aStatusMovedToShippedHereStaysShippedWithEveryLineSent(_ file: Case, _ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let first = try await ShopFixtures.importFile(file.text, into: fixture.store, name: file.fileName)
        #expect(first.new.count == file.orderCount)
        let imported = try await Self.stored(file.reference, in: fixture.store)
        #expect(imported.fulfillment != .fulfilled)
        // What `orders set-status REF shipped` does: every line sent, fulfilment fulfilled.
        let shipped = try await fixture.store.update(imported.id, expectedVersion: imported.version,
                                                     mutations: [.setStatus(.shipped)], actor: "ana")
        #expect(shipped.fulfillment == .fulfilled)
        #expect(shipped.items.allSatisfy { $0.fulfilledQuantity == $0.quantity })
        let history = try await fixture.store.history(of: imported.id)

        let again = try await ShopFixtures.importFile(file.text, into: fixture.store, name: file.fileName)

        #expect(again == ShopImportOutcome(new: [], updated: [], unchanged: file.orderCount, conflicts: []))
        #expect(try await Self.stored(file.reference, in: fixture.store) == shipped)
        #expect(try await fixture.store.history(of: imported.id) == history)
        // Nothing is left to send, so `orders fulfil` cannot record the units a second time.
        #expect(try await Self.stored(file.reference, in: fixture.store).remainingShipment.lines == [])
    }

    @Test(arguments: cases, StoreKind.allCases)
    func linesSentHereKeepTheirSentQuantities(_ file: Case, _ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        _ = try await ShopFixtures.importFile(file.text, into: fixture.store, name: file.fileName)
        let imported = try await Self.stored(file.reference, in: fixture.store)
        // One unit of the first line not yet sent, with a tracking number.
        let line = try #require(imported.items.firstIndex { $0.unfulfilledQuantity > 0 })
        let shipment = Shipment(lines: [ShipmentLine(line: line, quantity: 1)], trackingNumber: "1Z999")
        let sent = try await fixture.store.update(imported.id, expectedVersion: imported.version,
                                                  mutations: [.fulfilLines(shipment)], actor: "ana")
        #expect(sent.items[line].fulfilledQuantity == imported.items[line].fulfilledQuantity + 1)

        let again = try await ShopFixtures.importFile(file.text, into: fixture.store, name: file.fileName)

        #expect(again == ShopImportOutcome(new: [], updated: [], unchanged: file.orderCount, conflicts: []))
        #expect(try await Self.stored(file.reference, in: fixture.store) == sent)
    }

    @Test func theShopSendingTheOrderLaterIsTakenWithoutAConflict() async throws {
        // Ana shipped SO-2024-00017 here; the next day's file says the shop sent it too: both agree,
        // so the shop's paid and sent dates come in and nothing is a conflict.
        let fixture = try StoreFixture(.sqlite)
        _ = try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: fixture.store)
        let imported = try await Self.stored(Self.cases[0].reference, in: fixture.store)
        let shipped = try await fixture.store.update(imported.id, expectedVersion: imported.version,
                                                     mutations: [.setStatus(.shipped)], actor: "ana")
        let outcome = try await ShopFixtures.importFile(ShopFixtures.nextDaysExport, into: fixture.store)
        #expect(outcome == ShopImportOutcome(new: [], updated: [Self.cases[0].reference], unchanged: 2, conflicts: []))
        let after = try await Self.stored(Self.cases[0].reference, in: fixture.store)
        #expect((after.payment, after.fulfillment, after.notes) == (.paid, .fulfilled, shipped.notes))
        #expect(after.items.map(\.fulfilledQuantity) == [3])
    }
}
