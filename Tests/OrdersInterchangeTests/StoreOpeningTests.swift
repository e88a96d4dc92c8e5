import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import Testing

@Suite("Opening the embedded database")
struct StoreOpeningTests {
    @Test func defaultPathFollowsXDG() {
        #expect(OrderDatabase.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ana"]) == "/data/orders/orders.db")
        #expect(OrderDatabase.defaultPath(environment: ["HOME": "/home/ana"]) == "/home/ana/.local/share/orders/orders.db")
        // The XDG spec says to ignore a relative XDG_DATA_HOME.
        #expect(OrderDatabase.defaultPath(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/ana"]) == "/home/ana/.local/share/orders/orders.db")
    }

    @Test func aNewFileIsCreatedWithItsFolderSeededOnceAndNothingElseIsLeftBehind() async throws {
        let folder = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nested/deeper/orders.db").path
        let now = Date(millisecondsSince1970: 1_790_000_000_000)

        let store = try await OrderDatabase.open(path: path, seedCount: 40, now: now)
        let first = try await store.orders(matching: OrderQuery(sort: OrderSort(.id, ascending: true)), page: PageRequest(limit: 100))
        #expect(first.totalCount == 40)
        #expect(first.orders == DemoDataGenerator(seed: OrderDatabase.demoSeed, now: now).orders(count: 40))
        try await store.update(OrderID(1), expectedVersion: 1, mutations: [.addNote("kept")], actor: "t")
        await store.close()

        // Opening again neither reseeds nor loses anything.
        let again = try await OrderDatabase.open(path: path, seedCount: 40, now: now)
        #expect(try await again.countsByStatus(matching: .all).values.reduce(0, +) == 40)
        #expect(try await again.order(OrderID(1))?.notes.map(\.text) == ["kept"])
        await again.close()
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("nested/deeper").path)
        #expect(left.filter { $0.contains(".new-") }.isEmpty, "temporary files left: \(left)")
    }

    @Test func aClosedStoreRefusesFurtherWork() async throws {
        let fixture = try StoreFixture(.sqlite)
        let store = try #require(fixture.store as? SQLiteOrderStore)
        await store.close()
        await #expect(throws: OrderStoreError.self) { _ = try await store.order(OrderID(1)) }
    }
}
