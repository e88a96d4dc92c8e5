import Foundation
import Testing
@testable import OrdersCore

@Suite("One transaction over many batches (orders demo)")
struct StoreBulkInsertTests {
    static let now = Date(millisecondsSince1970: 1_790_000_000_000)

    @Test func everyBatchIsWrittenAtOnceOrNotAtAll() async throws {
        let fixture = try StoreFixture(.sqlite)
        let store = try #require(fixture.store as? SQLiteOrderStore)
        let other = try fixture.secondHandle()
        let generator = DemoDataGenerator(seed: 3, now: Self.now)
        let changes = store.changes()

        try await store.insertAllOrNothing { insert in
            try await generator.populate(count: 250, batchSize: 100) { batch in
                try await insert(batch)
                // Another connection sees none of it until the commit.
                #expect(try await other.countsByStatus(matching: .all).values.reduce(0, +) == 0)
            }
        }
        let all = try await other.orders(matching: OrderQuery(sort: OrderSort(.id, ascending: true)), page: PageRequest(limit: 500))
        #expect(all.orders == generator.orders(count: 250))
        try #require(await changes.nextChange() == .reloadAll)
    }

    @Test func aFailureInALaterBatchLeavesNothingAndTheStoreUsable() async throws {
        let fixture = try StoreFixture(.sqlite)
        let store = try #require(fixture.store as? SQLiteOrderStore)
        let orders = DemoDataGenerator(seed: 3, now: Self.now).orders(count: 30)
        await #expect(throws: OrderStoreError.duplicateID(orders[0].id)) {
            try await store.insertAllOrNothing { insert in
                try await insert(Array(orders[0..<20]))
                try await insert([orders[0]]) // the same id again
            }
        }
        #expect(try await store.countsByStatus(matching: .all).values.reduce(0, +) == 0)
        // The transaction is gone: ordinary writes work again.
        try await store.insert(orders)
        #expect(try await store.countsByStatus(matching: .all).values.reduce(0, +) == 30)
    }
}
