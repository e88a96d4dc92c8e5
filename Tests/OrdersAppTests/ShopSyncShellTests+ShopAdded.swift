import Foundation
import OrdersApp
import OrdersCore
import OrdersPresentation
import OrdersStorage
import OrdersTestSupport
import Synchronization
import Testing

/// An app opened on a database without shops: its pull timer goes on, each pass reading only the
/// shops table, so a shop added meanwhile (`orders shop add` in another terminal) is pulled by the
/// next pass and shows on the status bar.
extension ShopSyncShellTests {
    @Test("a shop added while the app is open is pulled by the next background pass: its orders on the list, the shop on the status bar")
    func aShopAddedWhileTheAppIsOpenIsPulled() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        try await sqlite.insert(AppFixtures.sample)
        // The timer's own firing is the test's to do (below), however slowly a loaded machine runs.
        let app = await start(pullSeconds: 3_600)
        #expect(app.expected.shopSync == ShopSyncState())
        #expect(app.expected.shopStatus == nil)
        #expect(app.expected.list.shown == [5, 2, 3, 1, 4, 7, 6])
        // The pass at the start found no shop and sets up the next all the same.
        #expect(app.coordinator.shopSyncFinished(ShopSyncOutcome(isRequested: false, ending: .noShops))
                == [.scheduleShopSync(after: .seconds(3_600))])
        // Nothing to send while no shop is known.
        #expect(app.coordinator.ordersChangedForShops() == [])

        // `orders shop add eu …` in another terminal; nothing asks the shop until the timer fires.
        try await addShop(server)
        #expect(try await server.counts()["requests"] == 0)
        let due = app.coordinator.shopSyncDue()
        #expect(due == [.syncShops])
        app.shell.perform(due)
        await app.shell.settle()
        let standing = try await standing()
        #expect(standing.lastPullAt == AppFixtures.now)
        #expect(standing.lastError == nil)
        await app.settleAfterward {
            $0.shopSync = ShopSyncState(shops: [standing])
            $0.shopStatus = "eu: pulled just now"
            // #1001 (key 8), the newest, first.
            $0.list.shown = [8, 5, 2, 3, 1, 4, 7, 6]
            $0.orders.append("8 shipped pay:partially_refunded gift refunds:S1=12.00:1×#1+restock tracking:CTT-RR123456789PT")
        }
        #expect(app.screen[22] == Self.rightAligned("eu: pulled just now  €30.90  ¥12,000  $4,709.99", width: 80))
        #expect(try await server.counts()["queries"] == 1)
        // From now on the app is as if it had started with the shop: changes are followed for it.
        #expect(app.coordinator.ordersChangedForShops() == [.scheduleShopSend(after: .seconds(1))])
    }

    @Test("an app without shops asks nothing but the shops table, pass after pass, and takes no sync lock")
    func anAppWithoutShopsOnlyReadsTheShopsTable() async throws {
        try await sqlite.insert(AppFixtures.sample)
        let counting = ShopTableWatchingStore(sqlite)
        var config = AppConfig()
        config.shopPullSeconds = 3_600
        let app = await ShellStore.start(config: config, store: counting, storeLocation: .sqliteFile(path))
        #expect(counting.calls.contains("shops"), "the pass at the start looked for shops")
        counting.calls = []
        for _ in 1...3 {
            // What the pull timer does when it fires (`AppShell`'s `.scheduleShopSync`).
            let due = app.coordinator.shopSyncDue()
            #expect(due == [.syncShops])
            app.shell.perform(due)
            await app.shell.settle()
        }
        #expect(counting.calls == ["shops", "shops", "shops"])
        #expect(app.coordinator.shopSync?.state == ShopSyncState())
        #expect(!FileManager.default.fileExists(atPath: path + ".sync-lock"))
    }

    /// A shop `eu` at `server`, whose credentials file holds `secret`, as `orders shop add` records it.
    func addShop(_ server: ShopTestServer, secret: String = token) async throws {
        let credentials = folder.appendingPathComponent("eu.token").path
        try (secret + "\n").write(toFile: credentials, atomically: false, encoding: .utf8)
        chmod(credentials, 0o600)
        try await sqlite.addShop(ConnectedShop(name: "eu", platform: server.platform == .shopify ? .shopify : .woocommerce, url: server.url,
                                               caFile: server.caFile, credentialsFile: credentials), at: Date())
    }
}

/// The SQLite store, noting every question asked of it after the start (its orders, shops and
/// facts), to show what an app without shops keeps asking.
final class ShopTableWatchingStore: ForwardingOrderStore, ShopRegistry, ShopOutboxStore, @unchecked Sendable {
    private let sqlite: SQLiteOrderStore
    private let log = Mutex<[String]>([])

    init(_ sqlite: SQLiteOrderStore) {
        self.sqlite = sqlite
        super.init(sqlite)
    }

    /// The names of the calls so far, in order.
    var calls: [String] {
        get { log.withLock { $0 } }
        set { log.withLock { $0 = newValue } }
    }

    private func note(_ call: String) { log.withLock { $0.append(call) } }

    override func orders(matching query: OrderQuery, page: PageRequest) async throws -> OrderPage {
        note("orders(matching:)")
        return try await super.orders(matching: query, page: page)
    }
    override func countsByStatus(matching query: OrderQuery) async throws -> [OrderStatus: Int] {
        note("countsByStatus")
        return try await super.countsByStatus(matching: query)
    }
    override func scanAll(batchSize: Int) -> AsyncThrowingStream<[Order], Error> {
        note("scanAll")
        return super.scanAll(batchSize: batchSize)
    }
    override func order(_ id: OrderID) async throws -> Order? {
        note("order")
        return try await super.order(id)
    }
    override func orders(withIDs ids: [OrderID]) async throws -> [Order] {
        note("orders(withIDs:)")
        return try await super.orders(withIDs: ids)
    }
    override func history(of id: OrderID) async throws -> [AuditEntry] {
        note("history")
        return try await super.history(of: id)
    }
    override func update(_ id: OrderID, expectedVersion: Int, mutations: [OrderMutation], actor: String) async throws -> Order {
        note("update")
        return try await super.update(id, expectedVersion: expectedVersion, mutations: mutations, actor: actor)
    }

    func shops() async throws -> [ConnectedShop] {
        note("shops")
        return try await sqlite.shops()
    }
    func addShop(_ shop: ConnectedShop, at date: Date) async throws {
        note("addShop")
        try await sqlite.addShop(shop, at: date)
    }
    func removeShop(named name: String) async throws {
        note("removeShop")
        try await sqlite.removeShop(named: name)
    }
    func recordPullPage(_ page: ShopPullPage) async throws {
        note("recordPullPage")
        try await sqlite.recordPullPage(page)
    }
    func recordPullEnd(of shop: String, at date: Date, error: String?) async throws {
        note("recordPullEnd")
        try await sqlite.recordPullEnd(of: shop, at: date, error: error)
    }
    func shopFacts(of shop: String, in state: ShopFactState) async throws -> [QueuedShopFact] {
        note("shopFacts")
        return try await sqlite.shopFacts(of: shop, in: state)
    }
    func shopFacts(of shop: String, kind: ShopFact.Kind, in state: ShopFactState) async throws -> [QueuedShopFact] {
        note("shopFacts")
        return try await sqlite.shopFacts(of: shop, kind: kind, in: state)
    }
    func shopFacts(ofOrder id: OrderID) async throws -> [QueuedShopFact] {
        note("shopFacts(ofOrder:)")
        return try await sqlite.shopFacts(ofOrder: id)
    }
    func beginShopFactAttempt(_ id: Int64, seenBefore: [String]) async throws {
        note("beginShopFactAttempt")
        try await sqlite.beginShopFactAttempt(id, seenBefore: seenBefore)
    }
    func recordShopFactStep(_ id: Int64, shopIDs: [String: String]) async throws {
        note("recordShopFactStep")
        try await sqlite.recordShopFactStep(id, shopIDs: shopIDs)
    }
    func settleShopFact(_ id: Int64, as state: ShopFactState, shopIDs: [String: String], refusal: String?, at date: Date) async throws {
        note("settleShopFact")
        try await sqlite.settleShopFact(id, as: state, shopIDs: shopIDs, refusal: refusal, at: date)
    }
    func retryShopFact(_ id: Int64, of shop: String) async throws {
        note("retryShopFact")
        try await sqlite.retryShopFact(id, of: shop)
    }
    func dropShopFact(_ id: Int64, of shop: String, at date: Date) async throws {
        note("dropShopFact")
        try await sqlite.dropShopFact(id, of: shop, at: date)
    }
}
