import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import Testing

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

    /// The schema's indexes, as SQLite lists them.
    static func indexes(_ fixture: StoreFixture) throws -> [String] {
        let path = try #require(fixture.directory).appendingPathComponent("orders.db").path
        let connection = try SQLiteConnection(path: path, create: false, readOnly: true)
        defer { connection.close() }
        var definitions: [String] = []
        try connection.statement("SELECT sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
            .forEachRow { definitions.append($0.text(0)) }
        return definitions
    }

    @Test func theIndexesDroppedForTheLoadAreThereAgainAfterItAndAfterAFailure() async throws {
        let fixture = try StoreFixture(.sqlite)
        let store = try #require(fixture.store as? SQLiteOrderStore)
        let schema = try Self.indexes(fixture)
        #expect(schema.contains { $0.contains("orders_by_customer") })
        let orders = DemoDataGenerator(seed: 3, now: Self.now).orders(count: 40)
        await #expect(throws: OrderStoreError.duplicateID(orders[0].id)) {
            try await store.insertAllOrNothing { insert in
                try await insert(Array(orders[0..<20]))
                try await insert([orders[0]])
            }
        }
        #expect(try Self.indexes(fixture) == schema)
        try await store.insertAllOrNothing { insert in
            try await insert(Array(orders[0..<20]))
            try await insert(Array(orders[20...]))
        }
        #expect(try Self.indexes(fixture) == schema)
        // The rebuilt indexes answer queries: the sort by customer uses orders_by_customer.
        let byCustomer = try await store.orders(matching: OrderQuery(sort: OrderSort(.customer, ascending: true)), page: PageRequest(limit: 50))
        let expected = orders.sorted { a, b in
            let keyA = Array(SearchFolding.fold(a.customerName).utf8), keyB = Array(SearchFolding.fold(b.customerName).utf8)
            return keyA == keyB ? a.id.number < b.id.number : keyA.lexicographicallyPrecedes(keyB)
        }
        #expect(byCustomer.orders.map(\.id) == expected.map(\.id))
    }
}
