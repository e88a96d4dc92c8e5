import OrdersApp
import OrdersCore
import OrdersScreens
import Testing

/// `v` (or Ctrl-Space) starts a range at the selected order; moved and pressed again, it marks every
/// order from there to here, both ends included, either way; marks made before stay; `U` forgets it.
/// The sample list shows 5, 2, 3, 1, 4, 7, 6 (newest first).
@Suite("Shell: v marks a range of orders")
@MainActor
struct RangeMarkTests {
    @Test("typed: v on 5, j j j, v marks 5 2 3 1; Ctrl-Space (byte 0) works the same way upwards from 6 to 4")
    func typedBothWays() async {
        let store = await ShellStore.start()
        await store.type("v") { $0.list.rangeStart = 5 }
        await store.type("jjj") { $0.list.selected = 1 }
        await store.type("v") {
            $0.list.marked = [1, 2, 3, 5]
            $0.list.rangeStart = nil
        }
        await store.type("G") { $0.list.selected = 6 }
        await store.type("\u{0}") { $0.list.rangeStart = 6 }
        await store.type("kk") { $0.list.selected = 4 }
        await store.type("\u{0}") {
            $0.list.marked = [1, 2, 3, 4, 5, 6, 7]
            $0.list.rangeStart = nil
        }
    }

    @Test("a range of one order marks it; earlier marks stay; U forgets a range started and the marks")
    func oneOrderAndForget() async {
        let store = await ShellStore.start()
        await store.send(.list(.mark)) {
            $0.list.marked = [5]
            $0.list.selected = 2
        }
        await store.send(.list(.down)) { $0.list.selected = 3 }
        await store.send(.list(.markRange)) { $0.list.rangeStart = 3 }
        await store.send(.list(.markRange)) {
            $0.list.marked = [3, 5]
            $0.list.rangeStart = nil
        }
        await store.send(.list(.markRange)) { $0.list.rangeStart = 3 }
        await store.send(.list(.clearMarks)) {
            $0.list.marked = []
            $0.list.rangeStart = nil
        }
    }

    @Test("a range whose start a search hid marks nothing and says so")
    func startHidden() async {
        let store = await ShellStore.start()
        await store.send(.list(.markRange)) { $0.list.rangeStart = 5 }
        await store.send(.list(.search)) { $0.focus = .searchField(cursor: 0) }
        await store.type("ana") {
            $0.list.search = "ana"
            $0.list.shown = [4, 6]
            $0.list.selected = 4
            $0.focus = .searchField(cursor: 3)
        }
        await store.send(.search(.keep)) { $0.focus = .screen }
        await store.send(.list(.markRange)) {
            $0.list.rangeStart = nil
            $0.listError = "Mark range: ORD-0000005 is no longer shown; v starts a new range here"
        }
    }
}
