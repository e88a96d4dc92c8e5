import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Every store keeps the quantity sent per line exactly: inserted, changed by a shipment with a
/// tracking number, taken back by its undo, read by a second handle; bulk loads and copies too.
@Suite("Store contract: the quantity sent per line")
struct StoreLineFulfilmentContractTests {
    static let created = Date(timeIntervalSince1970: 1_790_000_000)

    @Test(arguments: StoreKind.allCases)
    func keepsTheQuantitySentThroughAShipmentAndItsUndo(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let original = OrderFixtures.partlySent(5)
        try await fixture.store.insert([original])
        #expect(try await fixture.store.order(original.id) == original)

        let shipment = Shipment(lines: [ShipmentLine(line: 0, quantity: 2), ShipmentLine(line: 2, quantity: 2)], trackingNumber: "1Z-SECOND")
        let sent = try await fixture.store.update(original.id, expectedVersion: 1, mutations: [.fulfilLines(shipment)], actor: "mia")
        var expected = original
        expected.items[0].fulfilledQuantity = 3
        expected.items[2].fulfilledQuantity = 2
        expected.trackingNumbers = ["1Z-FIRST", "1Z-SECOND"]
        expected.fulfillment = .fulfilled
        expected.updatedAt = sent.updatedAt
        expected.version = 2
        #expect(sent == expected)
        #expect(try await fixture.secondHandle().order(original.id) == expected)
        #expect(try await fixture.store.history(of: original.id).map { [$0.field, $0.oldValue ?? "", $0.newValue ?? ""] } == [
            ["fulfilled_lines", "", "2 × MUG-1, 2 × line 3; tracking 1Z-SECOND"],
            ["fulfillment", "partially_fulfilled", "fulfilled"],
        ])

        let undone = try await fixture.store.update(original.id, expectedVersion: 2,
                                                    mutations: [.unfulfilLines(shipment), .restoreFulfillment(.partiallyFulfilled)],
                                                    actor: "mia")
        var back = original
        back.updatedAt = undone.updatedAt
        back.version = 3
        #expect(undone == back)
        #expect(try await fixture.secondHandle().order(original.id) == back)
    }

    @Test(arguments: [StoreKind.sqlite, StoreKind.postgres])
    func bulkLoadsAndCopiesKeepIt(_ kind: StoreKind) async throws {
        let source = try StoreFixture(.sqlite)
        let orders = [OrderFixtures.partlySent(1), OrderFixtures.partlySent(2)]
        let sqlite = try #require(source.store as? SQLiteOrderStore)
        try await sqlite.insertAllOrNothing { insert in try await insert(orders) }
        #expect(try await source.store.orders(matching: .all, page: PageRequest(limit: 10)).orders.sorted { $0.id < $1.id } == orders)

        let destination = try StoreFixture(kind)
        let copied: Int
        switch destination.store {
        case let target as SQLiteOrderStore: copied = try await StoreCopier().copy(from: sqlite, to: target, replacing: false)
        case let target as PostgresOrderStore: copied = try await StoreCopier().copy(from: sqlite, to: target, replacing: false)
        default: copied = 0
        }
        #expect(copied == 2)
        #expect(try await destination.store.orders(matching: .all, page: PageRequest(limit: 10)).orders.sorted { $0.id < $1.id } == orders)
    }
}
