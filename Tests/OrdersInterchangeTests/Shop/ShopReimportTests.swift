import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import Testing

@Suite("A shop's export imported every day: the shop's changes in, the operators' work kept")
struct ShopReimportTests {

    @Test(arguments: StoreKind.allCases)
    func theSameFileTwiceWritesNothingTheSecondTime(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let first = try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: fixture.store)
        #expect(first == ShopImportOutcome(new: ShopFixtures.shopifyReferences, updated: [], unchanged: 0, conflicts: [], totalMismatches: [], skipped: []))
        let mapped = try ShopFixtures.mapped(ShopFixtures.shopifyCSV, "orders_export.csv")
        var stored: [Order] = []
        for reference in ShopFixtures.shopifyReferences { stored.append(try await StoreFixture.stored(reference.number, in: fixture.store)) }
        #expect(stored.map(\.id.number) == [1, 2, 3])
        // Exactly the mapped orders, with the store's keys.
        #expect(stored == mapped.enumerated().map { index, order in
            var order = order
            order.id = OrderID(index + 1)
            return order
        })
        let second = try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: fixture.store)
        #expect(second == ShopImportOutcome(new: [], updated: [], unchanged: 3))
        for (index, reference) in ShopFixtures.shopifyReferences.enumerated() {
            #expect(try await StoreFixture.stored(reference.number, in: fixture.store) == stored[index])
            #expect(try await fixture.store.history(of: stored[index].id) == [])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aNewerExportTakesTheShopsFulfilmentAndKeepsTheFlagNoteAssigneeAndTags(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        _ = try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: fixture.store)
        let imported = try await StoreFixture.stored("SO-2024-00017", in: fixture.store)
        let worked = try await fixture.store.update(
            imported.id, expectedVersion: imported.version,
            mutations: [.setFlagged(true), .setAssignee("ana"), .addNote("Call before delivery"), .addTag("rush")], actor: "ana")
        let newer = ShopFixtures.nextDaysExport
        #expect(newer != ShopFixtures.shopifyCSV)
        let outcome = try await ShopFixtures.importFile(newer, into: fixture.store)
        #expect(outcome == ShopImportOutcome(new: [], updated: [ShopFixtures.shopifyReferences[2]], unchanged: 2))
        var expected = worked
        expected.payment = .paid
        expected.fulfillment = .fulfilled
        expected.paidAt = ShopFixtures.date("2025-12-02T00:00:00Z")
        expected.fulfilledAt = ShopFixtures.date("2025-12-03T01:00:00Z")
        expected.version = worked.version + 1
        let reimported = try await StoreFixture.stored("SO-2024-00017", in: fixture.store)
        #expect(reimported == expected)
        #expect((reimported.flagged, reimported.assignee, reimported.tags) == (true, "ana", ["rush"]))
        #expect(reimported.notes.map(\.text) == ["Call before delivery"])
        #expect(reimported.status == .shipped)
        #expect(try await fixture.store.history(of: imported.id).map(\.field) == ["flagged", "assignee", "notes", "tags", "order"])
        #expect(try await ShopFixtures.importFile(newer, into: fixture.store) == ShopImportOutcome(new: [], updated: [], unchanged: 3))
    }

    @Test(arguments: StoreKind.allCases)
    func aStatusChangedHereStaysUntilTheShopChangesItTooThenTheConflictIsNotedAndReported(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        _ = try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: fixture.store)
        let imported = try await StoreFixture.stored("SO-2024-00017", in: fixture.store)
        let held = try await fixture.store.update(imported.id, expectedVersion: imported.version,
                                                  mutations: [.setFulfillment(.onHold)], actor: "ana")
        // The shop still says unfulfilled, as when Ana held it: her hold stands, nothing is written.
        #expect(try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: fixture.store)
            == ShopImportOutcome(new: [], updated: [], unchanged: 3))
        #expect(try await StoreFixture.stored("SO-2024-00017", in: fixture.store) == held)
        // Now the shop has sent it: both changed, so Ana's hold is kept and the shop's word noted.
        let conflict = ShopConflict(order: ShopFixtures.shopifyReferences[2], field: "fulfillment", kept: "on_hold", shopSays: "fulfilled")
        let outcome = try await ShopFixtures.importFile(ShopFixtures.nextDaysExport, into: fixture.store)
        #expect(outcome == ShopImportOutcome(new: [], updated: [ShopFixtures.shopifyReferences[2]], unchanged: 2, conflicts: [conflict]))
        let after = try await StoreFixture.stored("SO-2024-00017", in: fixture.store)
        #expect((after.payment, after.fulfillment) == (.paid, .onHold))
        #expect(after.notes == [OrderNote(createdAt: OrderFixtures.now, author: "importer",
                                          text: "Import conflict: the shop says fulfillment is fulfilled; kept on_hold as changed here.")])
        #expect(conflict.description == "shopify:SO-2024-00017: the shop says fulfillment is fulfilled; kept on_hold as changed here")
        // The same file again: the conflict still stands and is reported, but nothing is written.
        #expect(try await ShopFixtures.importFile(ShopFixtures.nextDaysExport, into: fixture.store)
            == ShopImportOutcome(new: [], updated: [], unchanged: 3, conflicts: [conflict]))
        #expect(try await StoreFixture.stored("SO-2024-00017", in: fixture.store) == after)
    }

    @Test(arguments: StoreKind.allCases)
    func anUpsertOverAVersionThatMovedOnIsRefusedWhole(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        _ = try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: fixture.store)
        let lamp = try await StoreFixture.stored("#1001", in: fixture.store)
        let flagged = try await fixture.store.update(lamp.id, expectedVersion: lamp.version, mutations: [.setFlagged(true)], actor: "ana")
        var stale = lamp
        stale.assignee = "bo"
        await #expect(throws: OrderStoreError.conflict(current: flagged, expectedVersion: lamp.version, changedFields: [])) {
            try await fixture.store.upsert([stale], actor: "importer", expectedVersions: [lamp.id: lamp.version])
        }
        #expect(try await fixture.store.order(lamp.id) == flagged)
    }

    @Test(arguments: StoreKind.allCases)
    func anOperatorsChangeWhileTheImportMergesIsKeptNotOverwritten(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        _ = try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: fixture.store)
        let store = OperatorMeanwhileStore(base: fixture.store)
        let outcome = try await ShopFixtures.importFile(ShopFixtures.nextDaysExport, into: store)
        #expect(outcome == ShopImportOutcome(new: [], updated: [ShopFixtures.shopifyReferences[2]], unchanged: 2))
        let after = try await StoreFixture.stored("SO-2024-00017", in: fixture.store)
        #expect((after.flagged, after.payment, after.fulfillment) == (true, .paid, .fulfilled))
        #expect(try await fixture.store.history(of: after.id).map(\.field) == ["flagged", "order"])
    }

    @Test func aDryRunSaysWhatWouldHappenAndWritesNothing() async throws {
        let store = InMemoryOrderStore()
        let outcome = try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: store, dryRun: true)
        #expect(outcome.new == ShopFixtures.shopifyReferences)
        #expect(try await store.orders(matching: OrderQuery(), page: PageRequest(offset: 0, limit: 10)).orders == [])
    }
}
