import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

@Suite("Order detail: contents, actions with rollback")
@MainActor
struct OrderDetailModelTests {
    static let detailed = Order(
        id: OrderID(10), customerName: "Käthe Groß", email: "kathe@example.de", country: "DE", currency: .eur,
        items: [LineItem(sku: "KB-1", title: "Keyboard", quantity: 2, unitPrice: Decimal(string: "49.95")!),
                LineItem(sku: "CB-2", title: "Cable", quantity: 3, unitPrice: Decimal(string: "4.99")!)],
        discount: 10, shipping: Decimal(string: "4.99")!, tax: Decimal(string: "19.00")!,
        createdAt: OrderFixtures.now.addingTimeInterval(-86_400), status: .pending,
        notes: [OrderNote(createdAt: OrderFixtures.now.addingTimeInterval(-3_600), author: "ana", text: "Gift wrap")])

    func loaded(_ extra: [Order] = [detailed]) async -> (OrderListModel, InMemoryOrderStore, OrderDetailModel) {
        let (list, store) = await PresentationFixtures.loadedModel(OrderFixtures.sample + extra)
        let detail = OrderDetailModel(orderID: OrderID(10), list: list)
        detail.load()
        await detail.waitForPendingWork()
        return (list, store, detail)
    }

    @Test("shows lines, money, dates, notes and the allowed next statuses")
    func contents() async throws {
        let (_, _, detail) = await loaded()
        #expect(detail.order?.id == OrderID(10))
        #expect(detail.lines == [
            DetailLine(sku: "KB-1", title: "Keyboard", quantity: 2, unitPriceText: "€49.95", lineTotalText: "€99.90"),
            DetailLine(sku: "CB-2", title: "Cable", quantity: 3, unitPriceText: "€4.99", lineTotalText: "€14.97"),
        ])
        #expect(detail.totals == DetailTotals(subtotal: "€114.87", discount: "−€10.00", shipping: "€4.99", tax: "€19.00",
                                              total: "€128.86"))
        #expect(detail.statusText == "Pending")
        #expect(detail.createdText == "Sep 20, 2026 at 14:13 GMT")
        #expect(detail.notes == [DetailNote(dateText: "Sep 21, 2026 at 13:13 GMT", author: "ana", text: "Gift wrap")])
        #expect(detail.allowedNextStatuses == [.processing, .cancelled])
        #expect(detail.history.isEmpty)
        #expect(detail.errorMessage == nil)
    }

    @Test("an action shows at once, is stored, and the history records it")
    func actionThenHistory() async throws {
        let (list, store, detail) = await loaded()
        detail.perform(.advance)
        #expect(detail.order?.status == .processing, "optimistic")
        #expect(detail.allowedNextStatuses == [.shipped, .cancelled])
        await detail.waitForPendingWork()
        #expect(try await store.order(OrderID(10))?.status == .processing)
        #expect(detail.history == [HistoryEntry(dateText: "Sep 21, 2026 at 14:13 GMT", actor: "mia", what: "Status",
                                                from: "pending", to: "processing")])
        #expect(list.row(at: list.position(of: OrderID(10))!)?.status == .processing, "the list shows it too")
        detail.perform(.addNote("Customer called"))
        await detail.waitForPendingWork()
        #expect(detail.notes.map(\.text) == ["Gift wrap", "Customer called"])
        detail.perform(.refund)
        #expect(detail.errorMessage == "refund: a processing order can only become shipped or cancelled")
        #expect(detail.order?.status == .processing)
    }

    @Test("the detail decides on the order it shows; the list records that outcome with undo, not its own")
    func detailActionIsDecidedOnTheShownOrder() async throws {
        let (list, store, detail) = await loaded()
        detail.perform(.advance)
        await detail.waitForPendingWork()
        #expect(list.history.undoStack.last?.name == "advance")
        #expect(try await store.order(OrderID(10))?.status == .processing)
        detail.perform(.advance)
        detail.perform(.advance)
        await detail.waitForPendingWork()
        #expect(detail.order?.status == .completed)
        detail.perform(.advance)
        #expect(detail.errorMessage == "advance: a completed order has no next step")
        detail.perform(.setStatus(.pending))
        #expect(detail.errorMessage == "set status pending: a completed order can only become refunded")
        #expect(list.history.undoStack.last?.name == "advance", "a refused action records nothing")
        list.undo()
        await list.waitForPendingWork()
        #expect(try await store.order(OrderID(10))?.status == .shipped)
        #expect(list.row(at: list.position(of: OrderID(10))!)?.status == .shipped)
    }

    @Test("a conflicting change elsewhere: the detail ends on the stored order with an error")
    func conflict() async throws {
        let (_, store, detail) = await loaded()
        try await store.update(OrderID(10), expectedVersion: 1, mutations: [.setAssignee("noah")], actor: "noah")
        detail.perform(.assign("mia"))
        #expect(detail.order?.assignee == "mia")
        await detail.waitForPendingWork()
        #expect(detail.order?.assignee == "noah")
        #expect(detail.errorMessage == "assign to mia: Order ORD-0000010 was changed by someone else (version 1 → 2: assignee); nothing was overwritten.")
    }

    @Test("an unknown order says so")
    func unknownOrder() async {
        let (list, _) = await PresentationFixtures.loadedModel()
        let detail = OrderDetailModel(orderID: OrderID(999), list: list)
        detail.load()
        await detail.waitForPendingWork()
        #expect(detail.order == nil)
        #expect(detail.errorMessage == "Order ORD-0000999 does not exist.")
        #expect(detail.lines.isEmpty)
        #expect(detail.totals == nil)
    }
}
