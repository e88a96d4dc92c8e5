import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// The list screen and `orders list --search` must show the same orders in the
/// same order: the list's in-memory index against each store evaluating the
/// same parsed query itself (SQLite in SQL).
@Suite("List search agrees with the stores")
@MainActor
struct SearchAgreesWithStoreTests {
    static let orders = DemoDataGenerator(seed: 99, now: OrderFixtures.now).orders(count: 600) + ShopOrderFixtures.orders
        + ShopSearchFixtures.orders

    static let queries = [
        "", "jose", "müller", "王", "status:pending,processing -flagged", "total>500 tag:vip", "-status:completed gmail",
        "customer:\"ana\"", "country:de since:14d", "assignee:none total<100", "ord-00001", "keyboard -brown",
    ] + ShopOrderFixtures.queries + ShopSearchFixtures.queries

    func check(_ store: any OrderStore) async throws {
        let list = OrderListModel(store: store, environment: PresentationFixtures.environment())
        list.load()
        await list.waitForPendingWork()
        for text in Self.queries {
            list.searchTextChanged(text)
            for sort in [OrderSort.default, OrderSort(.customer, ascending: true), OrderSort(.total, ascending: false)] {
                list.setSort(sort)
                let page = try await store.orders(matching: list.query, page: PageRequest(limit: 10_000))
                #expect(list.visibleIDs == page.orders.map(\.id), "\(text) \(sort)")
                #expect(list.rowCount == page.totalCount)
            }
        }
    }

    @Test("in-memory store")
    func inMemory() async throws {
        try await check(InMemoryOrderStore(orders: Self.orders))
    }

    @Test("SQLite store")
    func sqlite() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orders-search-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteOrderStore(path: directory.appendingPathComponent("orders.db").path)
        try await store.insert(Self.orders)
        try await check(store)
    }

    @Test("PostgreSQL store")
    func postgres() async throws {
        let fixture = try StoreFixture(.postgres)
        try await fixture.store.insert(Self.orders)
        try await check(fixture.store)
    }
}
