import Foundation
import OrdersApp
import OrdersCore
import OrdersScreens
import Testing

/// A confirmation carries the versions the screen showed when it was asked: a change made
/// elsewhere while the operator answers is refused with the new state, never applied unseen.
@Suite("Shell: a change arriving while the operator confirms is never acted on unseen")
@MainActor
struct CoordinatorStaleActionTests {
    static let refusal = "was changed by someone else since you saw it"

    @Test("cancel confirmed on the list after someone else moved the order on: refused with the new state, nothing written")
    func confirmOnList() async throws {
        let store = await ShellStore.start()
        await ShellCommandTests.askToCancelOrder1(store)
        try await store.changeElsewhere(handledInAll: 1, { store in
            _ = try await store.update(OrderID(1), expectedVersion: 1, mutations: [.setStatus(.processing)], actor: "noah")
        }) { $0.orders[0] = "1 processing vip" }
        await store.send(.confirm(.yes)) {
            $0.modal = nil
            $0.list.selected = 4
            $0.listError = "cancel: ORD-0000001 \(Self.refusal) (now Processing); "
                + "nothing was done, do it again to apply it to what is shown now"
        }
        // Asked again, on what is shown now, it applies.
        await store.send(.list(.up)) { $0.list.selected = 1 }
        await store.send(.list(.order(.cancel))) {
            $0.modal = .confirm(PendingConfirmation(request: ShellCommandTests.cancelRequest(1), action: .cancel,
                                                    targets: [OrderID(1)], advanceFrom: OrderID(1),
                                                    seenVersions: [OrderID(1): 2]))
        }
        await store.send(.confirm(.yes)) {
            $0.modal = nil
            $0.list.selected = 4
            $0.listError = nil
            // Processing is paid: cancelling keeps the money taken until it is refunded.
            $0.orders[0] = "1 cancelled pay:paid vip"
        }
    }

    @Test("cancel confirmed on the detail after the order changed elsewhere (shown live meanwhile): refused")
    func confirmOnDetail() async throws {
        let store = await ShellStore.start()
        await ShellCommandTests.openOrder1(store)
        await store.send(.detail(.order(.cancel))) {
            $0.modal = .confirm(PendingConfirmation(request: ShellCommandTests.cancelRequest(1), action: .cancel,
                                                    targets: [OrderID(1)], advanceFrom: nil,
                                                    seenVersions: ShellCommandTests.seenOrder1))
        }
        try await store.changeElsewhere(handledInAll: 1, { store in
            _ = try await store.update(OrderID(1), expectedVersion: 1, mutations: [.setAssignee("noah")], actor: "noah")
        }) { $0.orders[0] = "1 pending vip @noah" }
        #expect(store.coordinator.detail?.order?.assignee == "noah", "the detail followed")
        await store.send(.confirm(.yes)) {
            $0.modal = nil
            // The detail shows the list's refusal (the list keeps the rows and their writes).
            $0.detailError = "cancel: ORD-0000001 \(Self.refusal) (now Pending); "
                + "nothing was done, do it again to apply it to what is shown now"
            $0.listError = $0.detailError
        }
    }
}
