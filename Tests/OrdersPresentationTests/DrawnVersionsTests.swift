import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// An action is judged on the versions the last frame showed (`noteDrawn`), not on what the list
/// merged since: under load a key and another operator's change are handled together, the change
/// first, and the key was pressed on the state drawn before it (issue 33, item 2).
@Suite("List: an action is judged on what the last frame showed")
@MainActor
struct DrawnVersionsTests {
    @Test func aChangeMergedAfterTheLastFrameIsRefusedNotAppliedUnseen() async throws {
        let id = OrderID(1)
        let store = InMemoryOrderStore(orders: [OrderFixtures.assigned(1, assignee: nil)])
        let model = OrderListModel(store: store, environment: PresentationFixtures.environment())
        model.start()
        await model.waitForPendingWork()
        model.setPageHeight(10)
        model.noteDrawn()
        #expect(model.shownVersions(of: [id]) == [id: 1])

        // Another operator moves it on; the list merges the change, and no frame is drawn yet.
        _ = try await store.update(id, expectedVersion: 1, mutations: [.setStatus(.processing)], actor: "noah")
        try await eventually("the list merged noah's change") {
            model.index.slot(of: id).map { model.index.version($0) } == 2
        }
        #expect(model.shownVersions(of: [id]) == [id: 1], "the last frame showed version 1")

        // The key typed on that frame: refused, nothing written.
        model.perform(.advance, on: [id], seenVersions: model.shownVersions(of: [id]))
        await model.waitForPendingWork()
        let stored = try #require(try await store.order(id))
        #expect((stored.status, stored.version) == (.processing, 2))
        #expect(model.errorMessage == "advance: ORD-0000001 was changed by someone else since you saw it (now Processing); "
                + "nothing was done, do it again to apply it to what is shown now")

        // Once a frame shows the new state, the same key applies to it.
        model.noteDrawn()
        #expect(model.shownVersions(of: [id]) == [id: 2])
        model.perform(.advance, on: [id], seenVersions: model.shownVersions(of: [id]))
        await model.waitForPendingWork()
        let advanced = try #require(try await store.order(id))
        #expect((advanced.status, advanced.version) == (.shipped, 3))
    }
}
