import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// Another program holds the database's write lock (a second SQLite connection inside
/// BEGIN IMMEDIATE): the screens stay usable, say that they wait, and lose nothing typed.
@Suite("Writes never block the screens: a database locked by another connection", .serialized)
@MainActor
struct ListWriteLockTests {
    struct Setup {
        let fixture: StoreFixture
        let store: SQLiteOrderStore
        let list: OrderListModel
        let lock: SQLiteConnection
    }

    /// The lists' clock: "waiting for the database…" shows when a test advances it past the notice.
    let clock = TestClock()

    func open(busyTimeoutMilliseconds: Int = 5_000) async throws -> Setup {
        let fixture = try StoreFixture(.sqlite)
        try await fixture.store.insert(OrderFixtures.sample)
        let path = try #require(fixture.directory).appendingPathComponent("orders.db").path
        let store = try SQLiteOrderStore(path: path, options: .init(busyTimeoutMilliseconds: busyTimeoutMilliseconds))
        let list = OrderListModel(store: store, environment: PresentationFixtures.environment(clock: clock))
        list.load()
        await list.waitForPendingWork()
        return Setup(fixture: fixture, store: store, list: list, lock: try SQLiteConnection(path: path, create: false))
    }

    @Test("a write waits for the lock off the main actor: the row changes at once, keys keep working, the status says it waits, then it is saved")
    func waitsForLock() async throws {
        // The store would give up after its busy timeout; this test is about the waiting, and on a
        // loaded machine its own steps between taking the lock and committing can take seconds.
        let setup = try await open(busyTimeoutMilliseconds: 120_000)
        let list = setup.list
        try setup.lock.execute("BEGIN IMMEDIATE")
        list.select(id: OrderID(1))
        #expect(list.perform(.flag) == 1)
        #expect(list.writeState == .saving)
        #expect(list.writeState.text == "saving…")
        #expect(try #require(list.row(at: 3)).isFlagged, "optimistic, before any storage work")
        // The main actor is free while the write waits: moving and searching answer at once.
        list.moveSelection(by: 1)
        #expect(list.selectedOrderID == OrderID(4))
        list.searchTextChanged("ana")
        #expect(list.visibleNumbers == [4, 6])
        // Still saving until the notice's moment has come, however long the write waits meanwhile.
        try await eventually("the slow-write timer to start") { clock.sleeperCount == 1 }
        #expect(list.writeState == .saving)
        clock.advance(by: PresentationFixtures.environment().slowWriteNotice)
        try await eventually("waiting for the database") { list.writeState == .waitingForDatabase }
        #expect(list.writeState.text == "waiting for the database…")
        #expect(try await setup.fixture.store.order(OrderID(1))?.flagged == false, "nothing written while the lock is held")
        try setup.lock.execute("COMMIT")
        await list.waitForPendingWork()
        #expect(list.writeState == .idle)
        #expect(list.errorMessage == nil)
        #expect(try await setup.fixture.store.order(OrderID(1))?.flagged == true)
    }

    // The note editor's side (the text kept in the open editor) is the shell's: OrdersAppTests/NoteSaveTests.
}
