import OrdersApp
import OrdersCore
import OrdersScreens
import Testing

/// Mark paid, fulfil, hold and release through the domain's tables: refusals shown as the app shows
/// errors, every change audited, undo putting payment and fulfilment back exactly.
@Suite("Shell: payment and fulfilment actions")
@MainActor
struct ShopActionsTests {
    @Test("hold on the list, undo puts payment and fulfilment back exactly, redo holds again; audited each time")
    func holdUndoRedo() async throws {
        let store = await ShellStore.start()
        await ShellCommandTests.selectOrder1(store)
        await store.send(.list(.order(.hold))) {
            $0.orders[0] = "1 processing pay:pending ship:on_hold vip"
            $0.list.selected = 4
        }
        await store.send(.list(.order(.undo))) { $0.orders[0] = "1 pending vip" }
        await store.send(.list(.order(.redo))) { $0.orders[0] = "1 processing pay:pending ship:on_hold vip" }
        let history = try await store.store.history(of: OrderID(1))
        // The undo is the store's own undo of version 2: it names the version and puts the fulfilment
        // back, which moves the status the tabs derive from it back to pending.
        #expect(history.map { "\($0.field) \($0.oldValue ?? "-") → \($0.newValue ?? "-")" } == [
            "fulfillment unfulfilled → on_hold",
            "undo - → version 2",
            "status processing → pending (undo)",
            "fulfillment on_hold → unfulfilled (undo)",
            "fulfillment unfulfilled → on_hold",
        ])
    }

    @Test("mark paid twice on the detail: the second is refused by the payment's table and shown, nothing written")
    func markPaidTwice() async {
        let store = await ShellStore.start()
        await ShellCommandTests.openOrder1(store)
        await store.send(.detail(.order(.markPaid))) { $0.orders[0] = "1 processing vip" }
        await store.send(.detail(.order(.markPaid))) {
            $0.detailError = "mark paid: its payment is already paid"
        }
    }

    @Test("fulfil a shipped order on the list: refused by the fulfilment's table, shown, nothing written")
    func refusals() async {
        let store = await ShellStore.start()
        // Order 3 is shipped (paid, fulfilled); it is the list's third row.
        await store.send(.list(.down)) { $0.list.selected = 2 }
        await store.send(.list(.down)) { $0.list.selected = 3 }
        await store.send(.list(.order(.fulfil))) {
            $0.listError = "fulfil: ORD-0000003: its fulfillment is already fulfilled"
            $0.list.selected = 1 // a key's action moves on to the next row, refused or not
        }
    }
}
