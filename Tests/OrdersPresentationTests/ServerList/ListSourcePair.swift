import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// The same orders behind two list models: one over the in-memory store, which builds the
/// in-memory index, and one over a PostgreSQL database of its own whose list the server serves
/// (the threshold lowered to 50 orders). Each step is done to both, then their screens compared.
@MainActor
final class ListSourcePair {
    static let orders = DemoDataGenerator(seed: 14, now: OrderFixtures.now).orders(count: 400)
    static let pageHeight = 10

    let reference: OrderListModel
    let served: OrderListModel
    let referenceStore: InMemoryOrderStore
    let servedStore: PostgresOrderStore
    /// The served database's connection string, for a second operator's connection.
    let connectionString: String

    /// `serving` is the store the served list reads through (the PostgreSQL store itself unless a
    /// test wraps it, as `HeldTallyStore` does); `markLimit`, the most `*` marks at once on it.
    init(orders: [Order] = ListSourcePair.orders, clock: TestClock = TestClock(),
         serving: (PostgresOrderStore) -> any OrderStore = { $0 },
         markLimit: Int = PresentationEnvironment.defaultServerMarkLimit) async throws {
        connectionString = try PostgresTestServer.shared.get().makeDatabase()
        servedStore = try PostgresOrderStore(connectionString: connectionString, now: { clock.now })
        try await servedStore.insert(orders)
        referenceStore = InMemoryOrderStore(orders: orders, now: { clock.now })
        var environment = PresentationFixtures.environment(clock: clock)
        environment.serverListThreshold = 50
        environment.serverMarkLimit = markLimit
        reference = OrderListModel(store: referenceStore, environment: environment)
        served = OrderListModel(store: serving(servedStore), environment: environment)
        for list in [reference, served] {
            list.setPageHeight(Self.pageHeight)
            list.start()
            await list.waitForPendingWork()
        }
    }

    /// Does `step` to both lists, waits for their work, and returns both screens.
    @discardableResult
    func both(_ step: (OrderListModel) -> Void) async -> (reference: ListScreenState, served: ListScreenState) {
        for list in [reference, served] {
            step(list)
            await list.waitForPendingWork()
        }
        return (ListScreenState(reference), ListScreenState(served))
    }

    /// Does `step` to both lists and expects the same screen, naming what was done when they differ.
    func expectSame(_ what: String, sourceLocation: SourceLocation = #_sourceLocation,
                    _ step: (OrderListModel) -> Void) async {
        let (expected, actual) = await both(step)
        #expect(actual == expected, "after \(what)", sourceLocation: sourceLocation)
    }

    /// The selected order of the reference list, which the served one must show too.
    var referenceSelection: OrderID? { reference.selectedOrderID }
}
