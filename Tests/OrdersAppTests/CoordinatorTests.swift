import Foundation
import Testing
@testable import OrdersCore

@Suite("App coordinator: routes, modals, deep links, confirmations, palette commands")
@MainActor
struct CoordinatorTests {
    func coordinator() async -> (AppCoordinator, InMemoryOrderStore) {
        let (list, store) = await PresentationFixtures.loadedModel()
        return (AppCoordinator(list: list), store)
    }

    @Test("--open with a known id starts on its detail with the list behind it")
    func deepLinkKnown() async {
        let store = InMemoryOrderStore(orders: PresentationFixtures.sample)
        let list = OrderListModel(store: store, environment: PresentationFixtures.environment())
        let coordinator = AppCoordinator(list: list)
        coordinator.start(opening: OrderID(3))
        await coordinator.waitForPendingWork()
        #expect(coordinator.routes == [.list, .detail(OrderID(3))])
        #expect(coordinator.modal == nil)
        #expect(coordinator.detail?.order?.customerName == "山田 太郎")
        #expect(list.selectedOrderID == OrderID(3))
        coordinator.back()
        #expect(coordinator.routes == [.list])
        #expect(coordinator.detail == nil)
        coordinator.back()
        #expect(coordinator.routes == [.list], "back on the root does nothing")
    }

    @Test("an unknown id shows an error and stays on the list")
    func deepLinkUnknown() async {
        let store = InMemoryOrderStore(orders: PresentationFixtures.sample)
        let list = OrderListModel(store: store, environment: PresentationFixtures.environment())
        let coordinator = AppCoordinator(list: list)
        coordinator.start(opening: OrderID(1234))
        await coordinator.waitForPendingWork()
        #expect(coordinator.routes == [.list])
        #expect(coordinator.modal == .error("Order ORD-0001234 does not exist."))
        #expect(list.rowCount == 7)
        coordinator.back()
        #expect(coordinator.modal == nil, "back closes the alert first")
    }

    nonisolated static let links: [(String, [Route], Modal?)] = [
        ("orders://order/ORD-0000002", [.list, .detail(OrderID(2))], nil),
        ("ORDERS://order/ord-0000005/", [.list, .detail(OrderID(5))], nil),
        ("ORD-0000007", [.list, .detail(OrderID(7))], nil),
        ("orders://order/ORD-0000099", [.list], .error("Order ORD-0000099 does not exist.")),
        ("https://example.com/ORD-0000002", [.list], .error("Not an order link: https://example.com/ORD-0000002")),
        ("orders://customer/12", [.list], .error("Not an order link: orders://customer/12")),
    ]

    @Test("orders:// links resolve like --open", arguments: links)
    func links(_ link: String, _ routes: [Route], _ modal: Modal?) async {
        let (coordinator, _) = await coordinator()
        coordinator.handleDeepLink(link)
        await coordinator.waitForPendingWork()
        #expect(coordinator.routes == routes)
        #expect(coordinator.modal == modal)
    }

    @Test("the palette's :open resolves the same way and closes the palette")
    func paletteOpen() async {
        let (coordinator, _) = await coordinator()
        coordinator.present(.commandPalette)
        coordinator.palette.textChanged(":open ORD-0000004")
        coordinator.submitPalette()
        await coordinator.waitForPendingWork()
        #expect(coordinator.modal == nil)
        #expect(coordinator.routes == [.list, .detail(OrderID(4))])
        coordinator.present(.commandPalette)
        coordinator.palette.textChanged(":open 5")
        coordinator.submitPalette()
        await coordinator.waitForPendingWork()
        #expect(coordinator.routes == [.list, .detail(OrderID(4)), .detail(OrderID(5))])
        #expect(coordinator.detail?.orderID == OrderID(5))
        coordinator.back()
        #expect(coordinator.detail?.orderID == OrderID(4))
        coordinator.present(.commandPalette)
        coordinator.palette.textChanged(":open nope")
        coordinator.submitPalette()
        #expect(coordinator.modal == .commandPalette, "a bad command stays in the palette")
        #expect(coordinator.palette.error == "\"nope\" is not an order id")
    }

    @Test("destructive actions ask first; the answer decides")
    func confirmCancel() async throws {
        let (coordinator, store) = await coordinator()
        let list = coordinator.list
        list.select(id: OrderID(1))
        coordinator.perform(.cancel)
        #expect(coordinator.modal == .confirm(ConfirmationRequest(
            title: "Cancel ORD-0000001?",
            message: "This cannot be undone in the workflow (undo restores it only while the history lasts).",
            confirmLabel: "Cancel ORD-0000001")))
        #expect(list.row(at: list.position(of: OrderID(1))!)?.status == .pending, "nothing happens before the answer")
        coordinator.resolveConfirmation(false)
        #expect(coordinator.modal == nil)
        await coordinator.waitForPendingWork()
        #expect(try await store.order(OrderID(1))?.status == .pending)

        coordinator.perform(.cancel)
        coordinator.resolveConfirmation(true)
        #expect(list.row(at: list.position(of: OrderID(1))!)?.status == .cancelled)
        await coordinator.waitForPendingWork()
        #expect(try await store.order(OrderID(1))?.status == .cancelled)
    }

    @Test("bulk actions over the threshold ask; closing the dialog means no; small ones just happen")
    func confirmBulk() async throws {
        let (coordinator, store) = await coordinator()
        let list = coordinator.list
        list.markAllVisible()
        coordinator.perform(.flag)
        #expect(coordinator.modal == .confirm(ConfirmationRequest(title: "Flag 7 orders?", message: "This changes 7 orders.",
                                                                  confirmLabel: "Flag 7 orders")))
        coordinator.back()
        #expect(coordinator.modal == nil)
        await coordinator.waitForPendingWork()
        #expect(try await store.order(OrderID(1))?.flagged == false)
        list.clearMarks()
        list.select(id: OrderID(1))
        coordinator.perform(.flag)
        #expect(coordinator.modal == nil)
        await coordinator.waitForPendingWork()
        #expect(try await store.order(OrderID(1))?.flagged == true)
    }

    @Test("the async confirmation returns the user's choice")
    func asyncConfirm() async {
        let (coordinator, _) = await coordinator()
        let request = ConfirmationRequest(title: "Refund?", message: "", confirmLabel: "Refund")
        let answer = Task { await coordinator.confirm(request) }
        while coordinator.modal == nil { await Task.yield() }
        #expect(coordinator.modal == .confirm(request))
        coordinator.resolveConfirmation(true)
        #expect(await answer.value == true)
        let second = Task { await coordinator.confirm(request) }
        while coordinator.modal == nil { await Task.yield() }
        coordinator.present(.help)
        #expect(await second.value == false, "replaced by another modal: no")
        #expect(coordinator.modal == .help)
    }

    @Test("one modal at a time; the note editor saves on its orders")
    func notes() async throws {
        let (coordinator, store) = await coordinator()
        coordinator.present(.help)
        coordinator.present(.commandPalette)
        #expect(coordinator.modal == .commandPalette)
        coordinator.dismissModal()
        coordinator.list.select(id: OrderID(2))
        coordinator.beginNote()
        #expect(coordinator.modal == .noteEditor(targets: [OrderID(2)]))
        coordinator.submitNote("Left a voicemail")
        #expect(coordinator.modal == nil)
        await coordinator.waitForPendingWork()
        #expect(try await store.order(OrderID(2))?.notes.map(\.text) == ["Left a voicemail"])
    }

    @Test("palette commands drive the list and the app")
    func paletteCommands() async throws {
        let (coordinator, store) = await coordinator()
        let list = coordinator.list
        coordinator.execute(.filter("status:pending"))
        #expect(list.searchText == "status:pending")
        #expect(list.visibleNumbers == [1, 7])
        coordinator.execute(.sort(.id, ascending: false))
        #expect(list.visibleNumbers == [7, 1])
        coordinator.execute(.sort(.customer, ascending: nil))
        #expect(list.sort == OrderSort(.customer, ascending: true))
        coordinator.execute(.tag("urgent"))
        coordinator.execute(.assign("me"))
        await coordinator.waitForPendingWork()
        let order = try await store.order(list.selectedOrderID!)
        #expect(order?.tags.contains("urgent") == true)
        #expect(order?.assignee == "mia")
        coordinator.execute(.status(.cancelled))
        #expect(coordinator.modal != nil, "cancelling asks first")
        coordinator.resolveConfirmation(true)
        coordinator.execute(.export("/tmp/x.csv"))
        #expect(coordinator.takeAppRequest() == .export(path: "/tmp/x.csv"))
        #expect(coordinator.takeAppRequest() == nil)
        coordinator.execute(.quit)
        #expect(coordinator.appRequest == .quit)
    }
}
