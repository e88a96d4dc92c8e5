import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Two operators on one SQLite database: each test opens two store instances on the
/// same file, as two `orders` processes would.
@Suite("Order detail: follows other operators, acts only on what it showed (SQLite, two connections)")
@MainActor
struct OrderDetailLiveTests {
    static let processing = OrderFixtures.order(10, customer: "Käthe Groß", status: .processing)

    struct Setup {
        let fixture: StoreFixture
        let other: any OrderStore
        let list: OrderListModel
        let detail: OrderDetailModel
    }

    func open(observing: Bool = true) async throws -> Setup {
        let fixture = try StoreFixture(.sqlite)
        try await fixture.store.insert([OrderFixtures.order(1), Self.processing])
        let list = OrderListModel(store: fixture.store, environment: PresentationFixtures.environment())
        if observing { list.start() } else { list.load() }
        await list.waitForPendingWork()
        let detail = OrderDetailModel(orderID: OrderID(10), list: list)
        detail.load()
        await detail.waitForPendingWork()
        return Setup(fixture: fixture, other: try fixture.secondHandle(), list: list, detail: detail)
    }

    /// Waits until the list merged the `count`-th change notice and the detail reloaded after it.
    func settle(_ setup: Setup, changes count: Int) async throws {
        try await setup.list.expectChangesHandled(count)
        await setup.list.waitForPendingWork()
        await setup.detail.waitForPendingWork()
    }

    @Test("a status, flag and note set by another process appear on the open detail, marked as changed elsewhere")
    func followsChanges() async throws {
        let setup = try await open()
        #expect(setup.detail.statusText == "Processing")
        #expect(setup.detail.outsideChangeText == nil)
        try await setup.other.update(OrderID(10), expectedVersion: 1,
                                     mutations: [.setStatus(.shipped), .setFlagged(true), .addNote("left the dock")],
                                     actor: "noah")
        try await settle(setup, changes: 1)
        let detail = setup.detail
        #expect(detail.order?.version == 2)
        #expect(detail.statusText == "Shipped")
        #expect(detail.order?.flagged == true)
        #expect(detail.notes.map(\.text) == ["left the dock"])
        // Every change is in the history, not only the status (issue 27's fourth reproduction).
        #expect(detail.history == [
            HistoryEntry(dateText: "Sep 21, 2026 at 14:13 GMT", actor: "noah", what: "Status", from: "processing", to: "shipped"),
            // The move to shipped sent the order's one unit, and says so.
            HistoryEntry(dateText: "Sep 21, 2026 at 14:13 GMT", actor: "noah", what: "Sent", from: "—", to: "1 × SKU-1"),
            HistoryEntry(dateText: "Sep 21, 2026 at 14:13 GMT", actor: "noah", what: "Flag", from: "not flagged", to: "flagged"),
            HistoryEntry(dateText: "Sep 21, 2026 at 14:13 GMT", actor: "noah", what: "Note", from: "—", to: "left the dock"),
        ])
        #expect(detail.outsideChangeText == "changed elsewhere: status, flag, notes")
        #expect(detail.allowedNextStatuses == [.completed])
        #expect(setup.list.visibleNumbers == [1, 10])
        #expect(try #require(setup.list.row(at: 1)).isRecentlyChanged, "marked the same way on the list")
        #expect(try #require(setup.list.row(at: 0)).isRecentlyChanged == false)
    }

    @Test("the mark fades after the list's recent-change time")
    func markFades() async throws {
        let clock = TestClock()
        let fixture = try StoreFixture(.sqlite)
        try await fixture.store.insert([Self.processing])
        let list = OrderListModel(store: fixture.store, environment: PresentationFixtures.environment(clock: clock))
        list.start()
        await list.waitForPendingWork()
        let detail = OrderDetailModel(orderID: OrderID(10), list: list)
        detail.load()
        await detail.waitForPendingWork()
        try await fixture.secondHandle().update(OrderID(10), expectedVersion: 1, mutations: [.setAssignee("noah")], actor: "noah")
        try await list.expectChangesHandled(1)
        await list.waitForPendingWork()
        #expect(detail.outsideChangeText == "changed elsewhere: assignee")
        clock.advance(by: 61)
        #expect(detail.outsideChangeText == nil)
        #expect(detail.assigneeText == "noah")
    }

    @Test("the screen showed Processing, another process set Shipped unseen: advance is refused, nothing is written, Shipped is shown")
    func staleActionRefused() async throws {
        // This list does not follow the feed, so the screen still shows Processing.
        let setup = try await open(observing: false)
        try await setup.other.update(OrderID(10), expectedVersion: 1, mutations: [.setStatus(.shipped)], actor: "noah")
        #expect(setup.detail.statusText == "Processing")
        setup.detail.perform(.advance)
        await setup.list.waitForPendingWork()
        await setup.detail.waitForPendingWork()
        let stored = try #require(try await setup.other.order(OrderID(10)))
        #expect(stored.status == .shipped, "never moved Shipped → Completed")
        #expect(stored.version == 2)
        #expect(setup.detail.statusText == "Shipped", "the new state is shown")
        #expect(setup.detail.order?.version == 2)
        // The other process's move to shipped sent the order's unit, which the refusal names too.
        #expect(setup.detail.errorMessage
            == "advance: Order ORD-0000010 was changed by someone else (version 1 → 2: status, fulfilled_lines); nothing was overwritten.")
        // Repeated deliberately, on what is shown now.
        setup.detail.perform(.advance)
        await setup.detail.waitForPendingWork()
        #expect(try await setup.other.order(OrderID(10))?.status == .completed)
        #expect(setup.detail.statusText == "Completed")
        #expect(setup.detail.errorMessage == nil)
    }

    @Test("an action carrying a version the list has moved past is refused with the new state; the operator's own writes do not count")
    func seenVersions() async throws {
        let setup = try await open()
        let list = setup.list
        // Our own write: version 1 → 2. The screen that saw version 1 has seen that.
        list.perform(.flag, on: [OrderID(10)], seenVersions: [OrderID(10): 1])
        await list.waitForPendingWork()
        #expect(list.errorMessage == nil)
        #expect(list.perform(.assignToMe, on: [OrderID(10)], seenVersions: [OrderID(10): 1]) == 1)
        await list.waitForPendingWork()
        // Someone else: version 3 → 4.
        try await setup.other.update(OrderID(10), expectedVersion: 3, mutations: [.setStatus(.shipped)], actor: "noah")
        try await list.expectChangesHandled(3)
        await list.waitForPendingWork()
        #expect(list.perform(.advance, on: [OrderID(10)], seenVersions: [OrderID(10): 3]) == 0)
        #expect(list.errorMessage == "advance: ORD-0000010 was changed by someone else since you saw it (now Shipped); "
            + "nothing was done, do it again to apply it to what is shown now")
        await list.waitForPendingWork()
        let stored = try #require(try await setup.other.order(OrderID(10)))
        #expect(stored.status == .shipped)
        #expect(stored.version == 4)
        #expect(list.perform(.advance, on: [OrderID(10)], seenVersions: [OrderID(10): 4]) == 1)
        await list.waitForPendingWork()
        #expect(try await setup.other.order(OrderID(10))?.status == .completed)
    }

    @Test("a bulk change elsewhere (the feed asks for a reload): the open detail fetches its order again and marks what changed")
    func reloadAll() async throws {
        let setup = try await open()
        var shipped = Self.processing
        shipped.status = .shipped
        let imported = (1_000..<1_501).map { OrderFixtures.order($0) }
        try await setup.other.upsert([shipped] + imported, actor: "import")
        try await settle(setup, changes: 1)
        #expect(setup.detail.statusText == "Shipped")
        #expect(setup.detail.outsideChangeText == "changed elsewhere: status")
        #expect(setup.list.rowCount == 503)
    }

    @Test("a load under way while another process changes the order: the newer version merged meanwhile stays on screen")
    func loadDoesNotBringBackAnOlderVersion() async throws {
        // Found by the shop orders' sequence test in CI: after an undo the detail is loaded again,
        // and another operator's change landed while that load was between its two reads.
        let fixture = try StoreFixture(.sqlite)
        try await fixture.store.insert([Self.processing])
        let store = HeldHistoryStore(fixture.store)
        let list = OrderListModel(store: store, environment: PresentationFixtures.environment())
        list.start()
        await list.waitForPendingWork()
        let detail = OrderDetailModel(orderID: OrderID(10), list: list)
        detail.load()
        await detail.waitForPendingWork()

        store.holdNextHistoryRead()
        detail.load()
        await store.reached.pass()
        // The load has read version 1; noah's change makes version 2 and reaches the list.
        try await fixture.secondHandle().update(OrderID(10), expectedVersion: 1, mutations: [.setFlagged(true)], actor: "noah")
        try await list.expectChangesHandled(1)
        await list.waitForPendingWork()
        #expect(detail.order?.version == 2, "merged from the change feed")
        store.release.open()
        await detail.waitForPendingWork()

        #expect(detail.order?.version == 2, "the load's older read does not replace it")
        #expect(detail.order?.flagged == true)
        #expect(detail.auditLog.count == 1)
        #expect(detail.outsideChangeText == "changed elsewhere: flag")
    }
}
