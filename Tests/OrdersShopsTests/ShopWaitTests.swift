import Foundation
@testable import OrdersCore
@testable import OrdersShops
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// A pull says each wait before it asks its shop again (`ShopWait`, what the app's status bar
/// shows): a `Retry-After` as the shop's rate limit, a failure's pause as trying again. Against the
/// local HTTPS shops (`ShopTestServer`), into a real SQLite store.
@Suite("Shop pull: the waits it reports", .serialized)
struct ShopWaitTests {
    let folder: URL
    let store: SQLiteOrderStore

    init() throws {
        folder = try TemporaryDirectory.make()
        store = try SQLiteOrderStore(path: folder.appendingPathComponent("orders.db").path)
    }

    /// The waits heard, in order (the pull's thread reports them).
    final class Heard: @unchecked Sendable {
        // @unchecked: `waits` is only touched while holding `lock`.
        private let lock = NSLock()
        private var waits: [ShopWait] = []
        func add(_ wait: ShopWait) { lock.withLock { waits.append(wait) } }
        var all: [ShopWait] { lock.withLock { waits } }
    }

    func pull(from server: ShopTestServer) async throws -> (ShopPullReport, [ShopWait]) {
        let credentials = folder.appendingPathComponent("eu.token").path
        try server.secret.write(toFile: credentials, atomically: false, encoding: .utf8)
        chmod(credentials, 0o600)
        let shop = ConnectedShop(name: "eu", platform: server.platform == .shopify ? .shopify : .woocommerce, url: server.url,
                                 caFile: server.caFile, credentialsFile: credentials)
        try await store.addShop(shop, at: Date())
        let heard = Heard()
        let report = await ShopSync(store: store, actor: "sync", firstRetryPause: 0.05).pull(shop, waiting: { heard.add($0) })
        return (report, heard.all)
    }

    @Test func aServerErrorIsTriedAgainAndARetryAfterIsTheShopsRateLimit() async throws {
        let server = try ShopTestServer(.woocommerce, secret: "ck_test_0123456789:cs_test_9876543210")
        try await server.control(["orders": [ShopPullFixtures.wooOrder()], "faults": ["500", "429"]])
        let (report, waits) = try await pull(from: server)
        #expect(report.failure == nil)
        // The 500's first pause (the test's 0.05 s), then the 429's `Retry-After: 1`.
        #expect(waits == [ShopWait(shop: "eu", reason: .retrying, seconds: 0.05), ShopWait(shop: "eu", reason: .rateLimited, seconds: 1)])
    }

    @Test func aPullThatNeverWaitsReportsNoWait() async throws {
        let server = try ShopTestServer(.shopify, secret: "shpat_test_0123456789")
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        let (report, waits) = try await pull(from: server)
        #expect(report.failure == nil)
        #expect(waits == [])
    }
}
