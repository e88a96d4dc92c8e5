import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// A real in-memory store whose full scan waits until the test opens a gate, so
/// the list's state while loading can be observed without timing.
final class GatedScanStore: ForwardingOrderStore, @unchecked Sendable {
    private let gate = TestGate()

    override init(_ base: any OrderStore) { super.init(base) }

    func openGate() { gate.open() }

    override func scanAll(batchSize: Int) -> AsyncThrowingStream<[Order], Error> {
        let inner = base.scanAll(batchSize: batchSize)
        return AsyncThrowingStream { continuation in
            let task = Task {
                await self.gate.pass()
                do {
                    for try await batch in inner { continuation.yield(batch) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// A real store whose writes wait until the test opens a gate, as behind another program's write lock.
final class HeldWriteStore: ForwardingOrderStore, @unchecked Sendable {
    private let gate = TestGate()

    func release() { gate.open() }

    override func update(_ id: OrderID, expectedVersion: Int, mutations: [OrderMutation], actor: String) async throws -> Order {
        await gate.pass()
        return try await super.update(id, expectedVersion: expectedVersion, mutations: mutations, actor: actor)
    }
}

@Suite("Order list: loading")
@MainActor
struct OrderListModelLoadingTests {
    @Test("the first page is usable while the index loads; search, selection and changes carry over")
    func usableWhileLoading() async throws {
        let store = GatedScanStore(InMemoryOrderStore(orders: OrderFixtures.sample))
        let model = OrderListModel(store: store, environment: PresentationFixtures.environment())
        model.start()
        #expect(model.loadingState == .loading(loaded: 0, total: nil), "set synchronously")
        while model.loadingState != .loading(loaded: 0, total: 7) { await Task.yield() }
        #expect(model.visibleNumbers == [5, 2, 3, 1, 4, 7, 6], "the store's first page")
        #expect(model.loadingState.progress == 0)

        model.searchTextChanged("ana lima")
        while model.visibleNumbers != [4, 6] { await Task.yield() }
        model.selectLast()
        try await store.insert([OrderFixtures.order(8, customer: "Ana Lima", hoursAgo: 0.2)])
        try await model.expectChangesHandled(1)

        store.openGate()
        await model.waitForPendingWork()
        #expect(model.loadingState == .loaded)
        #expect(model.loadingState.progress == 1)
        #expect(model.state == ListState(ids: [8, 4, 6], selected: 6), "the change made during loading is merged")
        #expect(model.summary.total == 8)
        #expect(try #require(model.row(at: 0)).isRecentlyChanged)
    }

    @Test("an action taken on the first page stays on its row when the whole index arrives before the write ends")
    func actionWhileLoadingOutlivesTheIndex() async throws {
        let scan = GatedScanStore(InMemoryOrderStore(orders: OrderFixtures.sample))
        let store = HeldWriteStore(scan)
        let model = OrderListModel(store: store, environment: PresentationFixtures.environment())
        model.start()
        while model.loadingState != .loading(loaded: 0, total: 7) { await Task.yield() }
        #expect(model.selectedOrderID == OrderID(5))
        model.perform(.flag)
        #expect(model.state == ListState(ids: [5, 2, 3, 1, 4, 7, 6], selected: 5))
        #expect(model.row(at: 0)?.isFlagged == true, "optimistic")

        scan.openGate()
        while model.loadingState != .loaded { await Task.yield() }
        // The index read the store before the write: the row still shows the flag, the write still waits.
        #expect(model.state == ListState(ids: [5, 2, 3, 1, 4, 7, 6], selected: 5))
        #expect(model.row(at: 0)?.isFlagged == true, "the action is not taken off the screen by the load")
        #expect(model.writeState != .idle)
        #expect(try await store.order(OrderID(5))?.flagged == false)

        store.release()
        await model.waitForPendingWork()
        #expect(try await store.order(OrderID(5))?.flagged == true)
        #expect(model.row(at: 0)?.isFlagged == true)
        #expect(model.writeState == .idle)
        #expect(model.canUndo)
    }

    @Test("a store that fails to load shows the error and keeps what it had")
    func loadFailure() async {
        let model = OrderListModel(store: FailingScanStore(), environment: PresentationFixtures.environment())
        model.load()
        await model.waitForPendingWork()
        #expect(model.loadingState == .failed("Could not load orders: The database cannot be read: disk I/O error."))
        #expect(model.errorMessage == "Could not load orders: The database cannot be read: disk I/O error.")
        #expect(model.visibleNumbers == [1])
    }
}

/// A store whose full scan fails after its first page was served, as a broken disk would.
final class FailingScanStore: ForwardingOrderStore, @unchecked Sendable {
    init() { super.init(InMemoryOrderStore(orders: [OrderFixtures.order(1)])) }
    override func scanAll(batchSize: Int) -> AsyncThrowingStream<[Order], Error> {
        AsyncThrowingStream { $0.finish(throwing: OrderStoreError.unusable("The database cannot be read: disk I/O error.")) }
    }
}

/// A real in-memory store whose writes fail as a locked database's would, while reads work.
final class LockedWriteStore: ForwardingOrderStore, @unchecked Sendable {
    init(_ base: InMemoryOrderStore) { super.init(base) }
    override func update(_ id: OrderID, expectedVersion: Int, mutations: [OrderMutation], actor: String) async throws -> Order {
        throw OrderStoreError.unusable("The database is locked by another program.")
    }
}

@Suite("Order list: a failed write rolls back")
@MainActor
struct OrderListModelRollbackTests {
    @Test("the row returns to what it was, the error is shown, nothing is left to undo")
    func rollback() async throws {
        let store = LockedWriteStore(InMemoryOrderStore(orders: OrderFixtures.sample))
        let model = OrderListModel(store: store, environment: PresentationFixtures.environment())
        model.load()
        await model.waitForPendingWork()
        model.selectTab(.pending)
        model.markAllVisible()
        model.perform(.addTag("urgent"))
        model.perform(.advance)
        #expect(model.state == ListState(ids: [], selected: nil, marked: [1, 7]), "optimistic: both left the tab")
        await model.waitForPendingWork()
        #expect(model.state == ListState(ids: [1, 7], selected: 1, marked: [1, 7],
                                         error: "advance: The database is locked by another program. (and 1 more)"))
        model.searchTextChanged("tag:urgent")
        #expect(model.visibleNumbers == [], "the tag was rolled back too")
        #expect(!model.canUndo)
        #expect(try await store.order(OrderID(1))?.status == .pending)
    }
}
