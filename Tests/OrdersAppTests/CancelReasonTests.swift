import Foundation
import OrdersApp
import OrdersCore
import OrdersPresentation
import OrdersScreens
import Testing

/// `:cancel REASON`: asks like `x`, cancels, keeps the reason verbatim with the cancellation time,
/// shows both on the detail; undo takes the cancellation and its reason back.
@Suite("Shell: cancel with a reason")
@MainActor
struct CancelReasonTests {
    @Test(":cancel REASON on the detail: asked, cancelled with the reason shown and audited; undo clears both")
    func cancelWithReasonAndUndo() async throws {
        let store = await ShellStore.start()
        await ShellCommandTests.openOrder1(store)
        await ShellCommandTests.openPalette(store, typing: ":cancel customer  asked twice", suggestion: nil)
        await store.send(.palette(.run)) {
            $0.modal = .confirm(PendingConfirmation(
                request: ShellCommandTests.cancelRequest(1), action: .cancelBecause("customer  asked twice"),
                targets: [OrderID(1)], advanceFrom: nil, seenVersions: ShellCommandTests.seenOrder1))
            $0.paletteText = ""
            $0.paletteSuggestion = 0
        }
        await store.send(.confirm(.yes)) {
            $0.modal = nil
            $0.orders[0] = "1 cancelled vip"
        }
        #expect(store.coordinator.detail?.cancelledText == "Sep 21, 2026 at 14:13 GMT: customer  asked twice")
        let cancelled = try await store.store.order(OrderID(1))
        #expect(cancelled?.cancelReason == "customer  asked twice")
        #expect(cancelled?.cancelledAt == AppFixtures.now)

        await store.send(.detail(.order(.undo)), effects: [.reloadDetail]) { $0.orders[0] = "1 pending vip" }
        #expect(store.coordinator.detail?.cancelledText == nil)
        let restored = try await store.store.order(OrderID(1))
        #expect(restored?.cancelReason == nil)
        #expect(restored?.cancelledAt == nil)
        let history = try await store.store.history(of: OrderID(1))
        #expect(history.map { "\($0.field) \($0.oldValue ?? "-") → \($0.newValue ?? "-")" } == [
            "status pending → cancelled",
            "cancel_reason - → customer  asked twice",
            // The cancel voided the payment nothing was taken on; the undo says it puts that back too.
            "undo - → version 2",
            "status cancelled → pending (undo)",
            "payment voided → pending (undo)",
            "cancel_reason customer  asked twice → -",
        ])
    }

    @Test(":cancel without a reason is the plain cancel; a reason alone cannot be given to an order that is not cancelled")
    func parsingAndRule() throws {
        #expect(try PaletteCommand.parse(":cancel") == .orderAction(.cancel))
        #expect(try PaletteCommand.parse(":cancel out of stock") == .orderAction(.cancelBecause("out of stock")))
        var order = AppFixtures.sample[0]
        #expect(try order.apply([.setCancelReason("why")], actor: "mia", at: AppFixtures.now) == [])
        #expect(order.cancelReason == nil)
    }
}
