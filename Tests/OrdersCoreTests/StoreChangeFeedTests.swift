import Foundation
import Testing
@testable import OrdersCore

/// Changes committed through another connection (as another process would) reach `changes()`.
@Suite("SQLite store: changes from elsewhere")
struct StoreChangeFeedTests {
    static let orders = DemoDataGenerator(seed: 5, now: Date(millisecondsSince1970: 1_790_000_000_000)).orders(count: 20)

    /// The next change, or nil if none arrives within a generous bound (a hang guard, not a timing assertion).
    static func next(_ iterator: inout AsyncStream<OrderStoreChange>.Iterator) async -> OrderStoreChange? {
        let box = IteratorBox(iterator)
        let change = await withTaskGroup(of: OrderStoreChange?.self) { group in
            group.addTask { await box.next() }
            group.addTask {
                try? await Task.sleep(for: .seconds(20))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        iterator = box.iterator
        return change
    }

    @Test func anUpdateThroughAnotherConnectionIsDelivered() async throws {
        let fixture = try StoreFixture(.sqlite)
        try await fixture.store.insert(Self.orders)
        let other = try fixture.secondHandle()
        var changes = fixture.store.changes().makeAsyncIterator()
        let target = Self.orders[3]
        try await other.update(target.id, expectedVersion: 1, mutations: [.setFlagged(!target.flagged)], actor: "other")
        #expect(await Self.next(&changes) == .updated([target.id]))
        // And it is visible: no restart needed.
        #expect(try await fixture.store.order(target.id)?.version == 2)
    }

    @Test func aBulkInsertElsewhereAsksForAReload() async throws {
        let fixture = try StoreFixture(.sqlite)
        let other = try fixture.secondHandle()
        var changes = fixture.store.changes().makeAsyncIterator()
        let many = DemoDataGenerator(seed: 6, now: Date(millisecondsSince1970: 1_790_000_000_000)).orders(count: 600)
        try await other.insert(many)
        #expect(await Self.next(&changes) == .reloadAll)
        #expect(try await fixture.store.countsByStatus(matching: .all).values.reduce(0, +) == 600)
    }

    @Test func ownChangesAreDeliveredOnceNotEchoed() async throws {
        let fixture = try StoreFixture(.sqlite)
        try await fixture.store.insert(Self.orders)
        let other = try fixture.secondHandle()
        var changes = fixture.store.changes().makeAsyncIterator()
        try await fixture.store.update(Self.orders[0].id, expectedVersion: 1, mutations: [.addNote("mine")], actor: "me")
        try await other.update(Self.orders[1].id, expectedVersion: 1, mutations: [.addNote("theirs")], actor: "them")
        // Our own write is reported at once; the watcher then reports only the other connection's.
        #expect(await Self.next(&changes) == .updated([Self.orders[0].id]))
        #expect(await Self.next(&changes) == .updated([Self.orders[1].id]))
    }
}

/// Lets a task-group child drive an iterator that the test owns.
private final class IteratorBox: @unchecked Sendable {
    // Only one task touches the iterator at a time: the test awaits the group before reading it back.
    var iterator: AsyncStream<OrderStoreChange>.Iterator
    init(_ iterator: AsyncStream<OrderStoreChange>.Iterator) { self.iterator = iterator }
    func next() async -> OrderStoreChange? { await iterator.next() }
}
