import Foundation
import OrdersCore
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// `orders shop add/list/remove` and `orders sync` on the real binary, against a local HTTPS
/// Shopify (`ShopTestServer`): whole outputs, exit statuses, and the credential never in any
/// output nor in the database file.
@Suite("orders shop, orders sync", .serialized)
final class ShopSyncCLITests {
    let cli: OrdersBinary
    static let token = "shpat_cli_secret_0123456789"

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    func credentials(_ secret: String = token, mode: mode_t = 0o600) throws -> String {
        let path = cli.path("eu-\(UUID().uuidString.prefix(8)).token")
        try (secret + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, mode)
        return path
    }

    func expectNoSecret(_ results: [OrdersBinary.Result], database: String) throws {
        for result in results {
            #expect(!result.stdout.contains("shpat_"))
            #expect(!result.stderr.contains("shpat_"))
        }
        for file in [database, database + "-wal"] where FileManager.default.fileExists(atPath: file) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            #expect(bytes.range(of: Data("shpat_".utf8)) == nil)
        }
    }

    @Test func addListSyncAndRemoveAShop() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        let db = cli.path("shop.db"), token = try credentials()
        let add = try cli.run(["shop", "add", "eu", "--shopify", server.url + "/", "--credentials", token, "--ca-file", server.caFile,
                               "--db", db])
        #expect(add.stderr == "")
        #expect(add.stdout == "Connected eu (shopify, \(server.url)); `orders sync eu` pulls its orders.\n")
        #expect(add.status == 0)

        let before = try cli.run(["shop", "list", "--db", db])
        let urlWidth = server.url.count
        func row(_ cells: [String], _ widths: [Int]) -> String {
            zip(cells, widths).enumerated().map { index, pair in
                let pad = String(repeating: " ", count: max(0, pair.1 - pair.0.count))
                return index == cells.count - 1 ? pair.0 : ((4...6).contains(index) ? pad + pair.0 : pair.0 + pad)
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        let widths = [4, 8, urlWidth, 9, 6, 7, 7, 10]
        #expect(before.stdout == row(["Name", "Platform", "URL", "Last pull", "Pulled", "To send", "Refused", "Last error"], widths) + "\n"
                + row(["eu", "shopify", server.url, "never", "0", "0", "0", ""], widths) + "\n")
        #expect(before.status == 0)

        let sync = try cli.run(["sync", "--db", db])
        #expect(sync.stdout == "eu: pulled 1 new, 0 updated, 0 unchanged\n")
        #expect(sync.stderr == "")
        #expect(sync.status == 0)
        let again = try cli.run(["sync", "eu", "--db", db])
        #expect(again.stdout == "eu: pulled 0 new, 0 updated, 1 unchanged\n")
        #expect(again.status == 0)

        let show = try cli.run(["show", "eu:#1001", "--format", "json", "--db", db])
        #expect(show.stdout.contains("\"id\": \"#1001\", \"source\": \"eu\", \"shop_id\": \"5001\""))

        let json = try cli.run(["shop", "list", "--format", "json", "--db", db])
        let shops = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(shops.count == 1)
        #expect(shops[0]["name"] as? String == "eu")
        #expect(shops[0]["platform"] as? String == "shopify")
        #expect(shops[0]["url"] as? String == server.url)
        #expect(shops[0]["orders_pulled"] as? Int == 1)
        #expect(shops[0]["waiting_to_send"] as? Int == 0)
        #expect(shops[0]["refused"] as? Int == 0)
        #expect(shops[0]["last_error"] is NSNull)
        #expect((shops[0]["last_pull"] as? String)?.hasSuffix("Z") == true)
        #expect(json.stdout.hasPrefix("[{\"name\": \"eu\", \"platform\": \"shopify\", \"url\": \"\(server.url)\", \"last_pull\": \""))

        let push = try cli.run(["sync", "--push-only", "--db", db])
        // Nothing was done here to the shop's orders: nothing to send.
        #expect(push.stdout == "eu: sent 0 facts\n")
        #expect(push.stderr == "")
        #expect(push.status == 0)

        let remove = try cli.run(["shop", "remove", "eu", "--db", db])
        #expect(remove.stdout == "Removed eu; its orders stay.\n")
        #expect(remove.status == 0)
        let after = try cli.run(["shop", "list", "--db", db])
        #expect(after.stdout == "No shops connected (orders shop add NAME --shopify URL --credentials FILE).\n")
        #expect(try cli.run(["show", "eu:#1001", "--db", db]).status == 0)
        try expectNoSecret([add, before, sync, again, json, push, remove, after], database: db)
    }

    @Test func wrongCredentialsFailInOneSentenceAndChangeNothing() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        let db = cli.path("shop.db"), token = try credentials("shpat_wrong_9876543210")
        #expect(try cli.run(["shop", "add", "eu", "--shopify", server.url, "--credentials", token, "--ca-file", server.caFile,
                             "--db", db]).status == 0)
        let sync = try cli.run(["sync", "--db", db])
        #expect(sync.stdout == "eu: pulled 0 new, 0 updated, 0 unchanged; stopped: eu refused the credentials (HTTP 401); check the credentials file.\n")
        #expect(sync.stderr == "")
        #expect(sync.status == 1)
        #expect(try cli.run(["list", "--format", "json", "--db", db]).stdout == "[]\n")
        let list = try cli.run(["shop", "list", "--format", "json", "--db", db])
        #expect(list.stdout.contains("\"orders_pulled\": 0, \"waiting_to_send\": 0, \"refused\": 0, \"last_error\": \"eu refused the credentials (HTTP 401); check the credentials file.\"}"))
        try expectNoSecret([sync, list], database: db)
    }

    @Test func aCredentialsFileOthersMayReadIsRefused() throws {
        let db = cli.path("shop.db"), token = try credentials(mode: 0o640)
        let add = try cli.run(["shop", "add", "eu", "--shopify", "https://127.0.0.1:9", "--credentials", token, "--db", db])
        #expect(add.stderr == "orders: The credentials file \(token) may be read by other users; make it private first: chmod 600 \(token)\n")
        #expect(add.stdout == "")
        #expect(add.status == 1)
        let bad = try cli.run(["shop", "add", "eu", "--shopify", "http://127.0.0.1:9", "--credentials", token, "--db", db])
        #expect(bad.stderr == "orders: A shop's URL is an https address without a password or query, like https://example.myshopify.com; \"http://127.0.0.1:9\" is not.\n")
        #expect(bad.status == 2)
    }

    @Test func aSecondSyncerIsRefusedAndWatchStopsCleanlyOnSIGTERM() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        let db = cli.path("shop.db"), token = try credentials()
        #expect(try cli.run(["shop", "add", "eu", "--shopify", server.url, "--credentials", token, "--ca-file", server.caFile,
                             "--db", db]).status == 0)
        let watcher = try ChildProcess.start([OrdersBinary.url.path, "sync", "--watch", "--every", "1", "--db", db],
                                             environment: cli.environment, output: .separate)
        try waitUntil("the watcher's first pass", within: .seconds(60)) { watcher.output.contains("eu: pulled 1 new") }
        let second = try cli.run(["sync", "--db", db])
        #expect(second.stderr == "orders: Another orders sync is running on \(db); only one may run at a time.\n")
        #expect(second.stdout == "")
        #expect(second.status == 1)
        // A change in the shop reaches the database while the watcher runs.
        try await server.control(["upsert": ShopPullFixtures.shopifyOrder(updatedAt: "2026-11-22T08:00:00Z", tags: ["gift", "late"])])
        try waitUntil("the watcher to pull the change", within: .seconds(60)) { watcher.output.contains("eu: pulled 0 new, 1 updated") }
        watcher.signal(SIGTERM)
        #expect(watcher.waitUntilExit() == .exited(0))
        #expect(watcher.errorOutput == "orders: sync stopped.\n")
        #expect(try cli.run(["sync", "--db", db]).status == 0)
    }

    @Test func watchSendsAShipmentWithinSecondsWithoutWaitingForTheNextPull() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let db = cli.path("watch.db"), token = try credentials()
        #expect(try cli.run(["shop", "add", "eu", "--shopify", server.url, "--credentials", token, "--ca-file", server.caFile,
                             "--db", db]).status == 0)
        // An hour between pulls: what reaches the shop below is sent by the look at the outbox between them.
        let watcher = try ChildProcess.start([OrdersBinary.url.path, "sync", "--watch", "--every", "3600", "--db", db],
                                             environment: cli.environment, output: .separate)
        let pulled = "eu: pulled 1 new, 0 updated, 0 unchanged\n"
        try waitUntil("the watcher's first pass", within: .seconds(60)) { watcher.output == pulled }
        let fulfil = try cli.run(["fulfil", "eu:#1001", "--line", "MUG-1:1", "--tracking", "W-1", "--db", db])
        #expect(fulfil.status == 0)
        let sent = pulled + "eu: sent 1 fact\n  sent #1001: shipment of 1 × MUG-1; tracking W-1\n"
        try waitUntil("the watcher to send the shipment", equals: sent, within: .seconds(60)) { watcher.output }
        #expect(try await server.received().map { $0["field"] as? String } == ["fulfillmentCreate"])
        // One query for the pull (one order), then the fulfilment orders read and the fulfilment made: no second pull.
        #expect(try await server.counts()["queries"] == 3)
        watcher.signal(SIGTERM)
        #expect(watcher.waitUntilExit() == .exited(0))
        #expect(watcher.output == sent)
        #expect(watcher.errorOutput == "orders: sync stopped.\n")
    }

    @Test func aPullIntoPostgreSQLWritesOnceAndASecondSyncerIsRefused() async throws {
        let postgres = try PostgresTestServer.shared.get()
        let db = try postgres.makeDatabaseURL()
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder(), ShopPullFixtures.shopifyOrder(id: 5002, number: "#1002")]])
        let token = try credentials()
        #expect(try cli.run(["migrate", "--db", db]).status == 0)
        #expect(try cli.run(["shop", "add", "eu", "--shopify", server.url, "--credentials", token, "--ca-file", server.caFile,
                             "--db", db]).status == 0)
        let watcher = try ChildProcess.start([OrdersBinary.url.path, "sync", "--watch", "--db", db],
                                             environment: cli.environment, output: .separate)
        try waitUntil("the watcher's first pass", within: .seconds(60)) { watcher.output.contains("eu: pulled 2 new") }
        let second = try cli.run(["sync", "--db", db])
        #expect(second.stderr.hasPrefix("orders: Another orders sync is running on "))
        #expect(second.stderr.hasSuffix("; only one may run at a time.\n"))
        #expect(second.status == 1)
        watcher.signal(SIGINT)
        #expect(watcher.waitUntilExit() == .exited(0))
        let again = try cli.run(["sync", "--db", db])
        #expect(again.stdout == "eu: pulled 0 new, 0 updated, 2 unchanged\n")
        #expect(again.status == 0)
        let list = try cli.run(["list", "--format", "json", "--db", db])
        #expect(list.stdout.contains("\"id\": \"#1002\", \"source\": \"eu\""))
    }

    @Test func aShipmentAndARefusedCancellationArePushedCountedAndExitOne() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let db = cli.path("push.db"), token = try credentials()
        #expect(try cli.run(["shop", "add", "eu", "--shopify", server.url, "--credentials", token, "--ca-file", server.caFile,
                             "--db", db]).status == 0)
        let pull = try cli.run(["sync", "--pull-only", "--db", db])
        #expect(pull.stdout == "eu: pulled 1 new, 0 updated, 0 unchanged\n")
        let fulfil = try cli.run(["fulfil", "eu:#1001", "--line", "MUG-1:1", "--tracking", "CTT-1", "--carrier", "CTT", "--notify", "--db", db])
        #expect(fulfil.status == 0)
        let waiting = try cli.run(["shop", "list", "--format", "json", "--db", db])
        #expect(waiting.stdout.contains("\"orders_pulled\": 1, \"waiting_to_send\": 1, \"refused\": 0, \"last_error\": null}"))
        let push = try cli.run(["sync", "--push-only", "--db", db])
        #expect(push.stdout == "eu: sent 1 fact\n  sent #1001: shipment of 1 × MUG-1; tracking CTT-1 (CTT)\n")
        #expect(push.stderr == "")
        #expect(push.status == 0)
        #expect(try await server.received().count == 1)

        // Cancelled in the shop meanwhile: the shop refuses the cancellation made here, sync exits 1,
        // and the next sync sends nothing again.
        var inShop = ShopPullFixtures.unsentShopifyOrder()
        inShop["cancelledAt"] = "2026-11-22T08:00:00Z"
        try await server.control(["upsert": inShop])
        #expect(try cli.run(["cancel", "eu:#1001", "--reason", "fraud suspected", "--db", db]).status == 0)
        let refused = try cli.run(["sync", "--push-only", "--db", db])
        #expect(refused.stdout == "eu: sent 0 facts, 1 refused by the shop\n"
                + "  refused #1001: cancellation (fraud suspected): Order has already been cancelled.\n")
        #expect(refused.status == 1)
        let again = try cli.run(["sync", "--push-only", "--db", db])
        #expect(again.stdout == "eu: sent 0 facts\n")
        #expect(again.status == 0)
        #expect(try await server.received().count == 2)
        let list = try cli.run(["shop", "list", "--format", "json", "--db", db])
        #expect(list.stdout.contains("\"orders_pulled\": 1, \"waiting_to_send\": 0, \"refused\": 1, \"last_error\": null}"))
        try expectNoSecret([pull, fulfil, waiting, push, refused, again, list], database: db)
    }

    @Test func aSyncKilledWhileTheShopAnswersNeitherLosesNorRepeatsTheShipment() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let db = cli.path("killed.db"), token = try credentials()
        #expect(try cli.run(["shop", "add", "eu", "--shopify", server.url, "--credentials", token, "--ca-file", server.caFile,
                             "--db", db]).status == 0)
        #expect(try cli.run(["sync", "--pull-only", "--db", db]).status == 0)
        #expect(try cli.run(["fulfil", "eu:#1001", "--tracking", "K-1", "--db", db]).status == 0)
        // The shop applies the shipment and then holds its answer: the syncer is killed while it waits.
        guard try await killSyncWhileTheShopHoldsItsAnswer(server, db: db) else { return }
        let waiting = try cli.run(["shop", "list", "--format", "json", "--db", db])
        #expect(waiting.stdout.contains("\"waiting_to_send\": 1, \"refused\": 0"))
        // The next sync asks the shop first: the fulfilment the killed one made is there, so it is not sent again.
        let next = try cli.run(["sync", "--push-only", "--db", db])
        #expect(next.stdout == "eu: sent 1 fact\n  sent #1001: shipment of 2 × MUG-1, 1 × line 2; tracking K-1\n")
        #expect(next.status == 0)
        #expect(try await server.received().count == 1)
        let after = try cli.run(["shop", "list", "--format", "json", "--db", db])
        #expect(after.stdout.contains("\"waiting_to_send\": 0, \"refused\": 0"))
    }

    @Test func aSyncKilledWhileTheShopAnswersARefundNeitherLosesNorRepeatsItAndThePullCountsItOnce() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let db = cli.path("refund.db"), token = try credentials()
        #expect(try cli.run(["shop", "add", "eu", "--shopify", server.url, "--credentials", token, "--ca-file", server.caFile,
                             "--db", db]).status == 0)
        #expect(try cli.run(["sync", "--pull-only", "--db", db]).status == 0)
        let refund = try cli.run(["refund", "eu:#1001", "--line", "MUG-1:1", "--amount", "12.00", "--restock", "--reason", "arrived broken",
                                  "--db", db])
        #expect(refund.status == 0)
        // The shop makes the refund and then holds its answer: the syncer is killed while it waits.
        guard try await killSyncWhileTheShopHoldsItsAnswer(server, db: db) else { return }
        #expect(try cli.run(["shop", "list", "--format", "json", "--db", db]).stdout.contains("\"waiting_to_send\": 1, \"refused\": 0"))
        // The next sync reads the order's refunds first: the one the killed syncer made is there, so no second refund.
        let next = try cli.run(["sync", "--db", db])
        #expect(next.stdout.hasSuffix("eu: sent 1 fact\n  sent #1001: refund R1 of 12.00 EUR: 1 × MUG-1 (arrived broken)\n"))
        #expect(next.status == 0)
        #expect(try await server.received().count == 1)
        // That pass pulled first, while the refund was in doubt: the shop's refund of 12.00 with one mug was
        // taken to be R1, not counted beside it. The pass after it knows it by the id the send recorded.
        func expectOneRefund() throws {
            let shown = try cli.run(["show", "eu:#1001", "--format", "json", "--db", db])
            #expect(shown.stdout.contains("\"refunded\": \"12.00\", \"outstanding\": \"18.90\""))
            #expect(shown.stdout.components(separatedBy: "\"id\": \"R1\"").count == 2)
            #expect(!shown.stdout.contains("\"id\": \"S1\""))
        }
        try expectOneRefund()
        #expect(try cli.run(["sync", "--pull-only", "--db", db]).status == 0)
        try expectOneRefund()
    }

    /// Starts `orders sync --push-only` with the shop set to apply the next write and then hold its
    /// answer, and SIGKILLs the syncer once the shop has the write. False (an issue recorded) when the
    /// shop never received it.
    func killSyncWhileTheShopHoldsItsAnswer(_ server: ShopTestServer, db: String) async throws -> Bool {
        try await server.control(["write_faults": ["stall-after"]])
        let syncer = try ChildProcess.start([OrdersBinary.url.path, "sync", "--push-only", "--db", db],
                                            environment: cli.environment, output: .separate)
        let deadline = ContinuousClock.now + .seconds(60)
        while try await server.received().isEmpty {
            guard ContinuousClock.now < deadline else {
                syncer.signal(SIGKILL)
                Issue.record("the shop never received the write: \(syncer.errorOutput)")
                return false
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        syncer.signal(SIGKILL)
        #expect(syncer.waitUntilExit() == .signalled(SIGKILL))
        return true
    }
}
