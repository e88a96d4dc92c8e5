import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Changes committed through another connection (as another process would) reach `changes()`:
/// SQLite's through the file watcher and change log, PostgreSQL's through LISTEN/NOTIFY.
@Suite("SQLite and PostgreSQL stores: changes from elsewhere")
struct StoreChangeFeedTests {
    static let kinds: [StoreKind] = [.sqlite, .postgres]
    static let orders = DemoDataGenerator(seed: 5, now: Date(millisecondsSince1970: 1_790_000_000_000)).orders(count: 20)

    /// The first `count` changes of a stream, or fewer if they do not arrive within a generous
    /// bound (a guard against hanging, not a timing assertion).
    static func first(_ count: Int, of stream: AsyncStream<OrderStoreChange>) async -> [OrderStoreChange] {
        await withTaskGroup(of: [OrderStoreChange]?.self) { group in
            group.addTask {
                var changes: [OrderStoreChange] = []
                for await change in stream {
                    changes.append(change)
                    if changes.count == count { break }
                }
                return changes
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(20))
                return nil
            }
            let result = await group.next() ?? nil
            group.cancelAll()
            return result ?? []
        }
    }

    @Test(arguments: kinds)
    func anUpdateThroughAnotherConnectionIsDelivered(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert(Self.orders)
        let other = try fixture.secondHandle()
        let changes = fixture.store.changes()
        let target = Self.orders[3]
        try await other.update(target.id, expectedVersion: 1, mutations: [.setFlagged(!target.flagged)], actor: "other")
        #expect(await Self.first(1, of: changes) == [.updated([target.id])])
        // And it is visible: no restart needed.
        #expect(try await fixture.store.order(target.id)?.version == 2)
    }

    @Test(arguments: kinds)
    func aBulkInsertElsewhereAsksForAReload(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let other = try fixture.secondHandle()
        let changes = fixture.store.changes()
        let many = DemoDataGenerator(seed: 6, now: Date(millisecondsSince1970: 1_790_000_000_000)).orders(count: 600)
        try await other.insert(many)
        #expect(await Self.first(1, of: changes) == [.reloadAll])
        #expect(try await fixture.store.countsByStatus(matching: .all).values.reduce(0, +) == 600)
    }

    @Test(arguments: kinds)
    func ownChangesAreDeliveredOnceNotEchoed(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert(Self.orders)
        let other = try fixture.secondHandle()
        let changes = fixture.store.changes()
        try await fixture.store.update(Self.orders[0].id, expectedVersion: 1, mutations: [.addNote("mine")], actor: "me")
        try await other.update(Self.orders[1].id, expectedVersion: 1, mutations: [.addNote("theirs")], actor: "them")
        try await fixture.store.update(Self.orders[2].id, expectedVersion: 1, mutations: [.addNote("mine too")], actor: "me")
        // Our own writes are reported at once, the other connection's by the watcher, which
        // leaves ours out: an echo would show up as a fourth change or inside the third.
        let received = await Self.first(3, of: changes)
        #expect(received.count == 3)
        #expect(Set(received) == [.updated([Self.orders[0].id]), .updated([Self.orders[1].id]), .updated([Self.orders[2].id])])
    }
}
