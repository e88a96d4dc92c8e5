import Foundation
import Testing
@testable import OrdersCore

@Suite("Coordinator: a change arriving while the operator confirms is never acted on unseen")
@MainActor
struct CoordinatorStaleActionTests {
    @Test("cancel confirmed on the list after someone else moved the order on: refused with the new state, nothing written")
    func confirmOnList() async throws {
        let (list, store) = await PresentationFixtures.loadedModel()
        list.startObservingChanges()
        let coordinator = AppCoordinator(list: list)
        list.select(id: OrderID(1))
        coordinator.perform(.cancel)
        guard case .confirm = coordinator.modal else { Issue.record("no confirmation"); return }
        try await store.update(OrderID(1), expectedVersion: 1, mutations: [.setStatus(.processing)], actor: "noah")
        try await list.expectChangesHandled(1)
        await list.waitForPendingWork()
        coordinator.resolveConfirmation(true)
        await coordinator.waitForPendingWork()
        #expect(list.errorMessage == "cancel: ORD-0000001 was changed by someone else since you saw it (now Processing); "
            + "nothing was done, do it again to apply it to what is shown now")
        let stored = try #require(try await store.order(OrderID(1)))
        #expect(stored.status == .processing)
        #expect(stored.version == 2)
        // Asked again, on what is shown now, it applies.
        coordinator.perform(.cancel)
        coordinator.resolveConfirmation(true)
        await coordinator.waitForPendingWork()
        #expect(try await store.order(OrderID(1))?.status == .cancelled)
    }

    @Test("cancel confirmed on the detail after the order changed elsewhere (shown live meanwhile): refused")
    func confirmOnDetail() async throws {
        let (list, store) = await PresentationFixtures.loadedModel()
        list.startObservingChanges()
        let coordinator = AppCoordinator(list: list)
        #expect(await coordinator.open(OrderID(7)))
        await coordinator.waitForPendingWork()
        coordinator.perform(.cancel)
        try await store.update(OrderID(7), expectedVersion: 1, mutations: [.setAssignee("noah")], actor: "noah")
        try await list.expectChangesHandled(1)
        await coordinator.waitForPendingWork()
        #expect(coordinator.detail?.order?.assignee == "noah", "the detail followed")
        coordinator.resolveConfirmation(true)
        await coordinator.waitForPendingWork()
        #expect(coordinator.detail?.errorMessage == "cancel: ORD-0000007 was changed by someone else since you saw it "
            + "(now Pending); nothing was done, do it again to apply it to what is shown now")
        #expect(try await store.order(OrderID(7))?.status == .pending)
    }
}
