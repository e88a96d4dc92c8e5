import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport

/// Environments and loaded models for the presentation tests (the orders are `OrderFixtures`).
enum PresentationFixtures {
    static func environment(clock: TestClock = TestClock(), actor: String = "mia") -> PresentationEnvironment {
        PresentationEnvironment(now: { clock.now }, sleep: clock.sleep, actor: actor, highValueThreshold: 1000,
                                locale: Locale(identifier: "en_US"), calendar: OrderFixtures.utcCalendar,
                                recentChangeDuration: 60, bulkConfirmationThreshold: 3)
    }

    /// A list model over an in-memory store holding `orders`, fully loaded.
    @MainActor
    static func loadedModel(_ orders: [Order] = OrderFixtures.sample, clock: TestClock = TestClock())
        async -> (OrderListModel, InMemoryOrderStore) {
        let store = InMemoryOrderStore(orders: orders, now: { clock.now })
        let model = OrderListModel(store: store, environment: environment(clock: clock))
        model.load()
        await model.waitForPendingWork()
        return (model, store)
    }
}

extension OrderListModel {
    /// Visible ids as plain numbers, for compact expectations.
    var visibleNumbers: [Int] { visibleIDs.map(\.number) }
}

/// The whole visible state of a list, compared in one expectation.
struct ListState: Equatable, CustomStringConvertible {
    var ids: [Int]
    var selected: Int?
    var marked: [Int] = []
    var error: String? = nil

    var description: String { "ids \(ids) selected \(selected.map(String.init) ?? "nil") marked \(marked) error \(error ?? "nil")" }
}

extension OrderListModel {
    /// Selected is the selected order's number, not its index.
    var state: ListState {
        ListState(ids: visibleNumbers, selected: selectedOrderID?.number, marked: markedIDs.map(\.number),
                  error: errorMessage)
    }
}
