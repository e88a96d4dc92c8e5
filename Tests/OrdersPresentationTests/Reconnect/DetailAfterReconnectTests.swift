import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Issue 33, item 5: the detail's messages while the connection is down and after it is back.
@Suite("Detail: a load that failed while the server was away is forgotten once a load succeeds")
@MainActor
struct DetailAfterReconnectTests {
    func opened() async -> (DroppableStore, OrderDetailModel) {
        let store = DroppableStore(base: InMemoryOrderStore(orders: OrderFixtures.sample + [OrderDetailModelTests.detailed],
                                                            now: { OrderFixtures.now }))
        let list = OrderListModel(store: store, environment: PresentationFixtures.environment(clock: TestClock()))
        list.load()
        await list.waitForPendingWork()
        let detail = OrderDetailModel(orderID: OrderID(10), list: list)
        detail.load()
        await detail.waitForPendingWork()
        return (store, detail)
    }

    @Test func theLoadErrorGoesWhenTheOrderLoadsAgain() async throws {
        let (store, detail) = await opened()
        store.drop()
        detail.load()
        await detail.waitForPendingWork()
        #expect(detail.errorMessage == "Could not load ORD-0000010: \(DroppableStore.readMessage)")
        store.reconnect()
        detail.load()
        await detail.waitForPendingWork()
        #expect(detail.errorMessage == nil)
        #expect(detail.order?.id == OrderID(10))
    }

    @Test func aNoteNotSavedSaysSoAndTheReloadDoesNotHideIt() async throws {
        let (store, detail) = await opened()
        store.drop()
        detail.perform(.addNote("Call the customer"))
        await detail.waitForPendingWork()
        #expect(detail.errorMessage == "The note was not saved: \(DroppableStore.writeMessage)")
        store.reconnect()
        detail.load()
        await detail.waitForPendingWork()
        // Not a load failure: it stays until the operator acts again (the editor keeps the text).
        #expect(detail.errorMessage == "The note was not saved: \(DroppableStore.writeMessage)")
    }
}
