import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersPresentation
@testable import OrdersScreens
@testable import OrdersStorage
import TermRender
import TermRenderTesting
import Testing

/// The header names the database by its path (home as `~`, shortened from the left with `…` when it
/// does not fit) and says "demo data" while the orders are the first run's demo orders: a real
/// SQLite file seeded as the first run seeds it (`OrderDatabase.open`, `.createWithDemoOrders`), so
/// the record the rule reads is the one the app writes. Whole screens at 60x15, 80x24 and 200x60.
@MainActor
@Suite("The header: the database's path and demo data")
struct HeaderRenderTests {
    static let path = "~/clients/north-harbour/2026/orders.db"

    /// A new database seeded with 12 demo orders as the first run seeds it, and a list over it.
    static func firstRun() async throws -> (OrderListModel, SQLiteOrderStore) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orders-header-" + UUID().uuidString)
        let store = try await OrderDatabase.open(path: folder.appendingPathComponent("orders.db").path,
                                                 ifMissing: .createWithDemoOrders(12), now: ScreenFixtures.now)
        let list = OrderListModel(store: store, environment: ScreenFixtures.environment)
        list.load()
        await list.waitForPendingWork()
        return (list, store)
    }

    static func render(_ list: OrderListModel, _ size: Size) -> TestBackend {
        let backend = TestBackend(size: size)
        let session = RenderSession(backend: backend, environment: EnvironmentValues())
        session.render(OrderListScreen(model: list, databaseName: path, hints: [.init(key: "q", label: "quit")]))
        return backend
    }

    @Test("the first run's orders: the path and demo data, whole screens at 60x15, 80x24 and 200x60",
          arguments: [(60, 15), (80, 24), (200, 60)])
    func screens(_ size: (width: Int, height: Int)) async throws {
        let (list, store) = try await Self.firstRun()
        defer { Task { await store.close() } }
        #expect(list.demoSeedCount == 12)
        #expect(list.showsDemoData)
        let backend = Self.render(list, Size(width: size.width, height: size.height))
        expectScreenSnapshot(backend, named: "header-demo-\(size.width)x\(size.height)")
    }

    /// "orders" 6, three spaces and the count ("12/12 orders", 12) take 21 cells, "demo data" and
    /// its space 10: at 60 columns 29 cells are left for the path's 38, so its last 28 follow "…";
    /// at 80, 49 cells hold it whole; at 40, 9 cells: "…rders.db"; at 30 none, and the path goes.
    @Test("the header's line: the path whole when it fits, else its end after …; the count and demo data keep their room")
    func headerLine() async throws {
        let (list, store) = try await Self.firstRun()
        defer { Task { await store.close() } }
        let count = "12/12 orders"
        func line(_ width: Int) -> String { Self.render(list, Size(width: width, height: 15)).screenLines[0] }
        func padded(_ left: String, _ width: Int) -> String {
            left + String(repeating: " ", count: width - left.count - count.count) + count
        }
        #expect(line(200) == padded("orders ~/clients/north-harbour/2026/orders.db demo data", 200))
        #expect(line(80) == padded("orders ~/clients/north-harbour/2026/orders.db demo data", 80))
        #expect(line(60) == padded("orders …north-harbour/2026/orders.db demo data", 60))
        #expect(line(40) == padded("orders …rders.db demo data", 40))
        #expect(line(30) == padded("orders demo data", 30))
    }

    @Test("an import (orders beyond the seeded ids) ends demo data at once; a database seeded otherwise never has it")
    func importEndsDemoData() async throws {
        let (list, store) = try await Self.firstRun()
        defer { Task { await store.close() } }
        var imported = ScreenFixtures.simpleOrder(13, "Ana Lima", status: .pending, hoursAgo: 1)
        imported.source = "shopify"
        try await store.insert([imported])
        list.load()
        await list.waitForPendingWork()
        #expect(list.demoSeedCount == 12)
        #expect(!list.showsDemoData)
        let header = Self.render(list, Size(width: 80, height: 24)).screenLines[0]
        #expect(header == "orders ~/clients/north-harbour/2026/orders.db" + String(repeating: " ", count: 23) + "13/13 orders")

        // `orders demo` and `orders import` create an empty database and fill it: no record.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orders-header-" + UUID().uuidString)
        let filled = try await OrderDatabase.open(path: folder.appendingPathComponent("orders.db").path, ifMissing: .createEmpty,
                                                  now: ScreenFixtures.now)
        try await DemoDataGenerator(seed: OrderDatabase.demoSeed, now: ScreenFixtures.now).populate(filled, count: 12, batchSize: 12)
        #expect(try await filled.demoSeedCount() == nil)
        await filled.close()
    }

    @Test("a path is shortened from the left by display width, … first")
    func keepingTheEnd() {
        #expect(DatabaseLabel.keepingTheEnd("~/a/orders.db", width: 13) == "~/a/orders.db")
        #expect(DatabaseLabel.keepingTheEnd("~/a/orders.db", width: 10) == "…orders.db")
        #expect(DatabaseLabel.keepingTheEnd("~/店舗/注文.db", width: 8) == "…注文.db")
        #expect(DatabaseLabel.keepingTheEnd("~/店舗/注文.db", width: 7) == "…文.db")
        #expect(DatabaseLabel.keepingTheEnd("orders.db", width: 1) == "…")
        #expect(DatabaseLabel.keepingTheEnd("orders.db", width: 0) == "")
        // Control characters in a path never reach the terminal.
        #expect(!DatabaseLabel.path("~/a\u{1B}[2J.db", isDemoData: false, width: 80).contains("\u{1B}"))
    }
}
