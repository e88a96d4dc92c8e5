import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersShops
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// Pulling through the real HTTP client (libcurl) from local HTTPS shops started by the tests
/// (`ShopTestServer`), into a real SQLite store.
@Suite("Shop pull", .serialized)
struct ShopPullTests {
    let folder: URL
    let store: SQLiteOrderStore

    init() throws {
        folder = try TemporaryDirectory.make()
        store = try SQLiteOrderStore(path: folder.appendingPathComponent("orders.db").path)
    }

    func connect(_ server: ShopTestServer, name: String = "eu", secret: String? = nil, mode: mode_t = 0o600) async throws -> ConnectedShop {
        let credentials = folder.appendingPathComponent("\(name).token").path
        try (secret ?? server.secret).write(toFile: credentials, atomically: false, encoding: .utf8)
        chmod(credentials, mode)
        let shop = ConnectedShop(name: name, platform: server.platform == .shopify ? .shopify : .woocommerce, url: server.url,
                                 caFile: server.caFile, credentialsFile: credentials)
        try await store.addShop(shop, at: Date())
        return shop
    }

    func sync() -> ShopSync { ShopSync(store: store, actor: "sync", firstRetryPause: 0.05) }

    func shop(_ name: String = "eu") async throws -> ConnectedShop {
        try #require(try await store.shops().first { $0.name == name })
    }

    @Test func aFirstPullReadsTheWholeOrderAndARepullWritesNothing() async throws {
        let server = try ShopTestServer(.shopify, secret: "shpat_test_0123456789")
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        let report = await sync().pull(try await connect(server))
        #expect(report.failure == nil)
        #expect(report.problems.isEmpty)
        #expect(report.outcome.new.map(\.description) == ["eu:#1001"])
        let order = try #require(try await store.orders(numbered: OrderReference(source: "eu", number: "#1001")).first)
        #expect(order.source == "eu")
        #expect(order.shopOrderID == "5001")
        #expect(order.customerName == "Ana Lima")
        #expect(order.email == "ana@example.pt")
        #expect(order.currency.code == "EUR")
        #expect(order.items.map { "\($0.sku)|\($0.title)|\($0.quantity)|\($0.unitPrice)|\($0.fulfilledQuantity)" }
                == ["MUG-1|Mug|2|14.5|2", "|Gift wrap|1|2|1"])
        // 31.00 of lines − 5.00 discount + 4.90 shipping, taxes included: 30.90, as the shop states.
        #expect(order.discount == Decimal(string: "5"))
        #expect(order.shipping == Decimal(string: "4.9"))
        #expect(order.taxesIncluded)
        #expect(order.total == Decimal(string: "30.9"))
        #expect(order.statedTotal == Decimal(string: "30.9"))
        #expect(order.refunds.map { "\($0.id)|\($0.amount)|\($0.reason ?? "")|\($0.restock)" } == ["S1|12|arrived broken|true"])
        #expect(order.payment == .partiallyRefunded)
        #expect(order.fulfillment == .fulfilled)
        #expect(order.trackingNumbers == ["CTT-RR123456789PT"])
        #expect(order.tags == ["gift"])
        #expect(order.riskLevel == .high)
        #expect(order.customerNote == "Ring twice")
        #expect(order.discountCodes.map(\.code) == ["WELCOME5"])
        #expect(order.shippingAddress?.city == "Lisboa")
        let pulled = try await shop()
        #expect(pulled.ordersPulled == 1)
        #expect(pulled.lastError == nil)
        #expect(pulled.pulledThrough == ISO8601Milliseconds.date(from: "2026-11-21T09:00:00.000Z"))

        let again = await sync().pull(pulled)
        #expect(again.failure == nil)
        #expect(again.outcome.new.isEmpty && again.outcome.updated.isEmpty)
        #expect(again.outcome.unchanged == 1)
        #expect(try await store.order(order.id)?.version == order.version)
        #expect(try await shop().ordersPulled == 1)
    }

    @Test func aShopSideChangeIsPulledAndTheOperatorsWorkIsKept() async throws {
        let server = try ShopTestServer(.shopify, secret: "shpat_test_0123456789")
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder(financial: "PAID")]])
        _ = await sync().pull(try await connect(server))
        let stored = try #require(try await store.orders(numbered: OrderReference(source: "eu", number: "#1001")).first)
        // An operator flags it and adds a tag here.
        let flagged = try await store.update(stored.id, expectedVersion: stored.version,
                                             mutations: [.setFlagged(true), .addTag("call-back")], actor: "ines")
        // The shop refunds: the order changes there, later.
        try await server.control(["upsert": ShopPullFixtures.shopifyOrder(updatedAt: "2026-11-22T08:00:00Z", tags: ["gift", "refunded"])])
        let report = await sync().pull(try await shop())
        #expect(report.outcome.updated.map(\.description) == ["eu:#1001"])
        let after = try #require(try await store.order(stored.id))
        #expect(after.payment == .partiallyRefunded)
        #expect(after.flagged)
        #expect(after.tags == ["gift", "call-back", "refunded"])
        #expect(after.version > flagged.version)
        #expect(try await shop().pulledThrough == ISO8601Milliseconds.date(from: "2026-11-22T08:00:00.000Z"))
    }

    @Test func theCostBucketIsObeyed() async throws {
        let server = try ShopTestServer(.shopify, secret: "shpat_test_0123456789")
        // A slow bucket: a page of 4 asks 942 points (2 + 4 × 235, worked out in ShopPullWholeOrderTests)
        // and really costs about 174 (what the 4 orders return), so after the first pages every page must
        // wait for about 1.7 s of refill at 100 points a second: a client that did not wait would be
        // throttled (counted as over budget).
        try await server.control(["bucket": ["maximum": 1000, "restore": 100]])
        let orders = (0..<30).map { ShopPullFixtures.shopifyOrder(id: 6000 + $0, number: "#\(2000 + $0)",
                                                                   updatedAt: String(format: "2026-11-21T09:%02d:00Z", $0)) }
        try await server.control(["orders": orders])
        let shop = try await connect(server)
        let started = ContinuousClock.now
        let report = await sync().pull(shop)
        let took = ContinuousClock.now - started
        #expect(report.failure == nil)
        #expect(report.outcome.new.count == 30)
        // Pages of 1, then 4 (what 1,000 points hold) up to the last one: 1 + 7 × 4 + 1 = 30.
        let counts = try await server.counts()
        #expect(counts["queries"] == 9)
        // About 7 × 174 points beyond the 13 the first pages leave (1,000 − 45 for the first page of 1 must
        // still hold 942): at least 10 s of refill waited for.
        #expect(took > .seconds(8))
        #expect(counts["over_budget"] == 0)
        #expect(counts["invalid"] == 0)
        #expect(counts["max_cost_exceeded"] == 0)
        #expect(counts["highest_cost"] == 942)
    }

    @Test func aServerErrorAndADroppedConnectionAreTriedAgain() async throws {
        let server = try ShopTestServer(.shopify, secret: "shpat_test_0123456789")
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()], "faults": ["500", "drop"]])
        let report = await sync().pull(try await connect(server))
        #expect(report.failure == nil)
        #expect(report.outcome.new.map(\.description) == ["eu:#1001"])
        let counts = try await server.counts()
        #expect(counts["requests"] == 3)
        #expect(counts["queries"] == 1)
    }

    @Test func aPullStoppedMidwayGoesOnFromItsLastPage() async throws {
        let server = try ShopTestServer(.shopify, secret: "shpat_test_0123456789")
        // 12 orders changed a minute apart (09:00 … 09:11): pages of 1, 4, 4 and 3. The first two pages
        // are answered ("ok"), then the shop fails five times, as many as a request is tried.
        let orders = (0..<12).map { ShopPullFixtures.shopifyOrder(id: 7000 + $0, number: "#\(3000 + $0)",
                                                                   updatedAt: String(format: "2026-11-21T09:%02d:00Z", $0)) }
        try await server.control(["orders": orders, "faults": ["ok", "ok", "500", "500", "500", "500", "500"]])
        let stopped = await sync().pull(try await connect(server))
        #expect(stopped.failure == "eu could not be read after 5 tries; the last: \(server.url)/admin/api/2026-10/graphql.json answered HTTP 500.")
        #expect(stopped.outcome.new.count == 5)
        #expect(try await shop().pulledThrough == ISO8601Milliseconds.date(from: "2026-11-21T09:04:00.000Z"))
        #expect(try await shop().lastError == stopped.failure)
        // The next pull asks from a minute before 09:04: 09:03 and 09:04 again (unchanged), then the 7 not pulled yet.
        let resumed = await sync().pull(try await shop())
        #expect(resumed.failure == nil)
        #expect(resumed.outcome.new.map(\.description) == (5..<12).map { "eu:#\(3000 + $0)" })
        #expect(resumed.outcome.unchanged == 2)
        #expect(try await shop().lastError == nil)
        #expect(try await store.orders(matching: OrderQuery(), page: PageRequest(offset: 0, limit: 50)).totalCount == 12)
    }

    @Test func wrongCredentialsChangeNothingAndAreNeverSaid() async throws {
        let server = try ShopTestServer(.shopify, secret: "shpat_test_0123456789")
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        let report = await sync().pull(try await connect(server, secret: "shpat_wrong_9876543210"))
        #expect(report.failure == "eu refused the credentials (HTTP 401); check the credentials file.")
        #expect(try await store.orders(matching: OrderQuery(), page: PageRequest(offset: 0, limit: 10)).totalCount == 0)
        let shop = try await shop()
        #expect(shop.lastError == "eu refused the credentials (HTTP 401); check the credentials file.")
        #expect(shop.pulledThrough == nil)
        let bytes = try Data(contentsOf: folder.appendingPathComponent("orders.db"))
            + ((try? Data(contentsOf: folder.appendingPathComponent("orders.db-wal"))) ?? Data())
        #expect(bytes.range(of: Data("shpat_wrong".utf8)) == nil)
    }

    @Test func aCredentialsFileOthersMayReadIsRefused() async throws {
        let server = try ShopTestServer(.shopify, secret: "shpat_test_0123456789")
        let shop = try await connect(server, mode: 0o640)
        let report = await sync().pull(shop)
        #expect(report.failure == "The credentials file \(shop.credentialsFile) may be read by other users; make it private first: chmod 600 \(shop.credentialsFile)")
        #expect(try await server.counts()["requests"] == 0)
    }

    @Test func wooCommerceOrdersArePulledPageByPageAndATooManyRequestsIsWaitedOut() async throws {
        let server = try ShopTestServer(.woocommerce, secret: "ck_test0123:cs_test4567")
        // 150 orders: two pages of 100 at most; a 429 with Retry-After: 1 first.
        let orders = (0..<150).map { ShopPullFixtures.wooOrder(id: 1000 + $0, number: String(5000 + $0),
                                                               modified: String(format: "2026-11-21T09:%02d:%02d", $0 / 60, $0 % 60)) }
        try await server.control(["orders": orders, "faults": ["429"]])
        let report = await sync().pull(try await connect(server, name: "pl"))
        #expect(report.failure == nil)
        #expect(report.outcome.new.count == 150)
        let order = try #require(try await store.orders(numbered: OrderReference(source: "pl", number: "5000")).first)
        // 3 × 8.00 + 5.00 shipping + 5.80 tax = 34.80.
        #expect(order.items.map { "\($0.sku)|\($0.quantity)|\($0.unitPrice)" } == ["CUP-8|3|8"])
        #expect(order.total == Decimal(string: "34.8"))
        #expect(order.payment == .paid)
        #expect(order.customerName == "Jan Nowak")
        #expect(try await server.counts()["requests"] == 3)
        #expect(try await shop("pl").pulledThrough == ISO8601Milliseconds.date(from: "2026-11-21T09:02:29.000Z"))

        // One order changes shop-side: the next pull asks from a minute before the last change and takes it.
        try await server.control(["upsert": ShopPullFixtures.wooOrder(id: 1000, number: "5000", modified: "2026-11-21T10:00:00",
                                                                      status: "completed")])
        let again = await sync().pull(try await shop("pl"))
        #expect(again.outcome.updated.map(\.description) == ["pl:5000"])
        #expect(try await store.orders(numbered: OrderReference(source: "pl", number: "5000")).first?.fulfillment == .fulfilled)
    }
}
