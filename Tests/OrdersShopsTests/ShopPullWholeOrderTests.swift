import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersShops
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// An order larger than a page of orders reads of each (`ShopifyAdminAPI`: 20 lines, 3 refunds of 10
/// lines, 3 fulfilments of 3 tracking numbers) is read again whole (`ShopifyWholeOrder`) through the
/// real HTTP client from a local HTTPS shop, into a real SQLite store; or, when that fails, reported
/// and not written at all.
@Suite("Shop pull of whole orders", .serialized)
struct ShopPullWholeOrderTests {
    let folder: URL
    let store: SQLiteOrderStore

    init() throws {
        folder = try TemporaryDirectory.make()
        store = try SQLiteOrderStore(path: folder.appendingPathComponent("orders.db").path)
    }

    func connect(_ server: ShopTestServer) async throws -> ConnectedShop {
        let credentials = folder.appendingPathComponent("eu.token").path
        try server.secret.write(toFile: credentials, atomically: false, encoding: .utf8)
        chmod(credentials, 0o600)
        let shop = ConnectedShop(name: "eu", platform: .shopify, url: server.url, caFile: server.caFile, credentialsFile: credentials)
        try await store.addShop(shop, at: Date())
        return shop
    }

    func sync() -> ShopSync { ShopSync(store: store, actor: "sync", firstRetryPause: 0.05) }

    func shop() async throws -> ConnectedShop {
        try #require(try await store.shops().first { $0.name == "eu" })
    }

    func stored(_ number: String) async throws -> [Order] {
        try await store.orders(numbered: OrderReference(source: "eu", number: number))
    }

    static func date(_ text: String) -> Date? { ISO8601Milliseconds.date(from: text) }

    @Test func anOrderLargerThanAPageReadsIsPulledWhole() async throws {
        let server = try ShopTestServer(.shopify, secret: "shpat_test_0123456789")
        try await server.control(["orders": [ShopPullFixtures.shopifyOrderOfManyParts()]])
        let report = await sync().pull(try await connect(server))
        #expect(report.failure == nil)
        #expect(report.problems.isEmpty)
        #expect(report.outcome.new.map(\.description) == ["eu:#1100"])
        let order = try #require(try await stored("#1100").first)
        #expect(order.shopOrderID == "9001")
        // Every line: 2 of PART-n at n.00; 2 sent of PART-01…12, 1 of PART-13…24, none of PART-25.
        #expect(order.items.map { "\($0.sku)|\($0.title)|\($0.quantity)|\($0.unitPrice)|\($0.fulfilledQuantity)" }
                == (1...25).map { n in String(format: "PART-%02d|Part %02d|2|%d|%d", n, n, n, n <= 12 ? 2 : n <= 24 ? 1 : 0) })
        // 650.00 of lines + 10.00 shipping, taxes included: 660.00, as the shop states.
        #expect(order.shipping == 10)
        #expect(order.discount == 0)
        #expect(order.total == 660)
        #expect(order.statedTotal == 660)
        // Refund lines name lines by position: PART-n is line n − 1.
        #expect(order.refunds.map { refund in
            "\(refund.id)|\(refund.amount)|\(refund.reason ?? "")|\(refund.restock)|"
                + refund.lines.map { "\($0.line):\($0.quantity)" }.joined(separator: ",")
        } == [
            "S1|78|twelve parts returned|true|" + (0...11).map { "\($0):1" }.joined(separator: ","),
            "S2|13|part 13 returned|true|12:1",
            "S3|14|part 14 kept by the customer|false|13:1",
            "S4|5|late delivery|false|",
            "S5|50|part 25 cancelled|true|24:2",
        ])
        #expect(order.refunds.map(\.createdAt) == (1...5).compactMap { Self.date(String(format: "2026-11-21T10:%02d:00.000Z", $0)) })
        // 78 + 13 + 14 + 5 + 50 = 160.00 given back of 660.00.
        #expect(order.refunded == 160)
        #expect(order.payment == .partiallyRefunded)
        #expect(order.fulfillment == .partiallyFulfilled)
        #expect(order.trackingNumbers == ["CTT-A1", "DHL-B1", "DHL-B2", "DHL-B3", "DHL-B4", "UPS-C1", "GLS-D1"])
        #expect(try await shop().pulledThrough == Self.date("2026-11-21T11:00:00.000Z"))

        // The page (1 order), the order whole (its first 20 lines, every refund with its first 10
        // lines), the 5 lines after the 20th, the 2 lines of the first refund after its 10th: 4 queries.
        // What each asks, by the documented rules (objects 1, a connection 2 + `first` × a node, a list
        // `first` × an element, one without `first` as one): an order's fields 28 (7 money bags of 3,
        // two addresses, customer, shipping line, risk 2, attributes 1); its lines 2 + 20 × 4 = 82; the
        // page's 4 fulfilments 4 × (1 + 4) = 20 and 4 refunds 4 × (1 + 3 + 2 + 10 × 2) = 104: the page
        // 2 + 1 + 28 + 82 + 20 + 104 = 237; the whole order 1 + 28 + 82 + 2 + 26 = 139; 200 more lines
        // 1 + 2 + 200 × 4 = 803; 250 more refund lines 1 + 2 + 250 × 2 = 503. The most: 803 ≤ 1,000.
        let counts = try await server.counts()
        #expect(counts["queries"] == 4)
        #expect(counts["highest_cost"] == 803)
        #expect(counts["max_cost_exceeded"] == 0)
        #expect(counts["invalid"] == 0)
        #expect(counts["over_budget"] == 0)

        // Pulled again unchanged: the same whole order, nothing written.
        let again = await sync().pull(try await shop())
        #expect(again.problems.isEmpty)
        #expect(again.outcome.unchanged == 1)
        #expect(try await store.order(order.id)?.version == order.version)
    }

    @Test func anOrderThatCannotBeReadWholeIsReportedAndNothingOfItWritten() async throws {
        let server = try ShopTestServer(.shopify, secret: "shpat_test_0123456789")
        // #1001 (09:00) is a page of its own (the first page is one order); #1100 (11:00) the next.
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder(), ShopPullFixtures.shopifyOrderOfManyParts()],
                                  "refuse": ["gid://shopify/Order/9001"]])
        let leftOut = "more than 20 lines, more than 3 refunds, a refund of more than 10 lines, more than 3 fulfilments, "
            + "a fulfilment with more than 3 tracking numbers"
        let refusal = "eu refused the query for order #1100: Internal error. Looks like something went wrong on our end."
        let expected = ImportProblem(file: "eu", location: .index(0), field: nil,
                                     problem: "order #1100 has \(leftOut); reading it whole failed: \(refusal)")
        let report = await sync().pull(try await connect(server))
        #expect(report.failure == nil)
        #expect(report.problems == [expected])
        #expect(report.summary == "eu: pulled 1 new, 0 updated, 0 unchanged, 1 not read")
        #expect(report.outcome.new.map(\.description) == ["eu:#1001"])
        #expect(try await stored("#1100").isEmpty)
        #expect(try await shop().lastError == "eu, index 0: order #1100 has \(leftOut); reading it whole failed: \(refusal)")

        // The order itself is answered now, but the first refund's lines after its 10th are not: the
        // order is read in part only, and still nothing of it is written.
        try await server.control(["refuse": ["gid://shopify/Refund/9201"]])
        let second = await sync().pull(try await shop())
        #expect(second.problems == [expected])
        #expect(second.outcome.new.isEmpty && second.outcome.updated.isEmpty)
        #expect(try await stored("#1100").isEmpty)
        #expect(try await store.orders(matching: OrderQuery(), page: PageRequest(offset: 0, limit: 10)).totalCount == 1)

        // Answered again: pulled whole (the pull asks from a minute before 11:00, so #1100 comes again).
        try await server.control(["refuse": [String]()])
        let third = await sync().pull(try await shop())
        #expect(third.problems.isEmpty)
        #expect(third.outcome.new.map(\.description) == ["eu:#1100"])
        #expect(try await stored("#1100").first?.items.count == 25)
        #expect(try await shop().lastError == nil)
        #expect(try await server.counts()["invalid"] == 0)
    }

    @Test func aShopUnreachableWhileReadingAnOrderWholeStopsThePullBeforeItsPage() async throws {
        let server = try ShopTestServer(.shopify, secret: "shpat_test_0123456789")
        // Both pages are answered; the whole-order query then fails five times, as often as it is tried.
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder(), ShopPullFixtures.shopifyOrderOfManyParts()],
                                  "faults": ["ok", "ok", "500", "500", "500", "500", "500"]])
        let report = await sync().pull(try await connect(server))
        #expect(report.failure == "eu could not be read after 5 tries; the last: \(server.url)/admin/api/2026-10/graphql.json answered HTTP 500.")
        #expect(report.problems.isEmpty)
        #expect(report.outcome.new.map(\.description) == ["eu:#1001"])
        #expect(try await stored("#1100").isEmpty)
        // The second page was not written, so the next pull goes on from the first.
        #expect(try await shop().pulledThrough == Self.date("2026-11-21T09:00:00.000Z"))
        let resumed = await sync().pull(try await shop())
        #expect(resumed.failure == nil)
        #expect(resumed.outcome.new.map(\.description) == ["eu:#1100"])
        #expect(resumed.outcome.unchanged == 1)
    }
}
