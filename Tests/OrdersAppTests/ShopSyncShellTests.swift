import Foundation
import OrdersApp
import OrdersCore
import OrdersPresentation
import OrdersScreens
import OrdersShops
import OrdersStorage
import OrdersTestSupport
import TermRender
import TerminalTestSupport
import Testing

/// The app's side of the shop pull, headless, against a local HTTPS Shopify (`ShopTestServer`)
/// and a real SQLite file: the pass at the start, `:sync` starting exactly one pull, the status
/// bar's words, a failing pull's message, and the credential never on screen.
@Suite("Shell: :sync and the shops on the status bar", .serialized)
@MainActor
struct ShopSyncShellTests {
    static let token = "shpat_app_secret_0123456789"
    let folder: URL
    let path: String
    let sqlite: SQLiteOrderStore
    let clock = TestClock(AppFixtures.now)

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("orders-shop-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("orders.db").path
        sqlite = try SQLiteOrderStore(path: path, now: { AppFixtures.now })
    }

    /// The sample orders and a shop `eu` at `server`, whose credentials file holds `secret`.
    func connect(_ server: ShopTestServer, secret: String = token) async throws {
        try await sqlite.insert(AppFixtures.sample)
        try await addShop(server, secret: secret)
    }

    /// The app on the file, on `clock`: the pull records its end on the app's clock, so the
    /// status bar's relative time is the test's to set.
    func start(size: Size = Size(width: 80, height: 24), pullSeconds: Int? = nil) async -> ShellStore {
        var presentation = AppFixtures.environment
        let clock = self.clock
        presentation.now = { clock.now }
        var config = AppConfig()
        config.shopPullSeconds = pullSeconds
        return await ShellStore.start(size: size, config: config, store: sqlite, presentation: presentation,
                                      storeLocation: .sqliteFile(path))
    }

    /// The shop as the store keeps it now.
    func standing() async throws -> ShopStanding {
        ShopStanding(try #require(try await sqlite.shops().first))
    }

    @Test("the app pulls at its start; :sync pulls once more, exactly once however often it is asked, and says what it brought")
    func syncPullsOnceAndSaysWhatItBrought() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        try await connect(server)
        // No background pass between the steps below, however slowly a loaded machine runs them: the
        // query counts are of the pass at the start and of `:sync` alone.
        let app = await start(pullSeconds: 3_600)
        // The pass at the start pulled #1001 (key 8, the sample's keys being 1 to 7) in one query.
        let first = try await standing()
        #expect(first.lastError == nil)
        #expect(first.lastPullAt == AppFixtures.now)
        #expect(app.expected.shopSync == ShopSyncState(shops: [first]))
        #expect(app.expected.shopStatus == "eu: pulled just now")
        #expect(app.expected.list.shown == [8, 5, 2, 3, 1, 4, 7, 6])
        #expect(app.screen[22] == Self.rightAligned("eu: pulled just now  €30.90  ¥12,000  $4,709.99", width: 80))
        #expect(try await sqlite.order(OrderID(8))?.reference == OrderReference(source: "eu", number: "#1001"))
        #expect(try await server.counts()["queries"] == 1)

        // A new order in the shop; `:sync` twice before the first pass has run starts one pass.
        var newer = ShopPullFixtures.shopifyOrder(id: 5002, number: "#1002", updatedAt: "2026-11-21T10:00:00Z")
        newer["createdAt"] = "2026-11-21T09:30:00Z"
        try await server.control(["upsert": newer])
        clock.advance(by: 90)
        let sync = app.coordinator.execute(.sync)
        #expect(sync == [.syncShops, .expireNotice(after: .seconds(4))])
        #expect(app.coordinator.notice?.message == "Pulling the shops…")
        #expect(app.coordinator.shopSync?.state == ShopSyncState(shops: [first], pass: ShopSyncPass(isRequested: true)))
        #expect(app.coordinator.execute(.sync) == [.expireNotice(after: .seconds(4))])
        #expect(app.coordinator.notice?.message == "Pulling the shops already; what it brings is said when it is done")
        #expect(app.coordinator.shopSyncDue() == [], "nor does the background start another")
        app.shell.perform(sync)
        await app.shell.settle()
        let second = try await standing()
        #expect(second.lastPullAt == AppFixtures.now.addingTimeInterval(90))
        await app.settleAfterward {
            $0.shopSync = ShopSyncState(shops: [second])
            $0.shopStatus = "eu: pulled just now"
            // #1001 again (the minute of overlap) and #1002 new, which the list shows first (the newest).
            $0.notice = "eu: pulled 1 new, 0 updated, 1 unchanged"
            $0.list.shown = [9, 8, 5, 2, 3, 1, 4, 7, 6]
            // The same fixture as #1001: sent, part refunded, tagged by the shop.
            $0.orders.append("9 shipped pay:partially_refunded gift refunds:S1=12.00:1×#1+restock tracking:CTT-RR123456789PT")
        }
        // One pass: a first page of one order (`ShopifyOrderSource.firstPageSize`), then one of the
        // rest; a second pass would have made it five.
        #expect(try await server.counts()["queries"] == 3)
        #expect(try await sqlite.order(OrderID(9))?.reference == OrderReference(source: "eu", number: "#1002"))
        #expect(app.coordinator.notice?.kind == .success)
    }

    @Test("a shipment made in the app reaches the shop within seconds, without waiting for the next pull; the detail marks it sent")
    func aShipmentMadeInTheAppIsSentAtOnce() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        try await connect(server)
        // No background pull in the test's time: what reaches the shop is sent because of the change.
        let app = await start(size: Size(width: 200, height: 60), pullSeconds: 3_600)
        #expect(app.expected.list.shown == [8, 5, 2, 3, 1, 4, 7, 6])
        #expect(app.expected.shopStatus == "eu: pulled just now")
        #expect(try await server.counts()["queries"] == 1)

        /// Runs a command with its effects, as a key would (the steps between are not the test's point).
        func run(_ command: ContextCommand) async {
            app.shell.perform(app.coordinator.send(command))
            await app.shell.settle()
        }
        // #1001 (key 8, the list's first row, above the selection kept from before the pull): 2 × MUG-1
        // and 1 × an item without a SKU, none sent.
        await run(.list(.top))
        await run(.list(.open))
        #expect(app.coordinator.detail?.orderID == OrderID(8))
        #expect(app.coordinator.detail?.shopFactRows == [])
        await run(.detail(.order(.fulfil)))
        // One unit of MUG-1, the second line skipped, with a tracking number.
        await run(.chooser(.less))
        await run(.chooser(.nextLine))
        await run(.chooser(.skip))
        app.input.type("CTT-9")
        await app.shell.settle()
        await run(.chooser(.confirm))
        #expect(try await sqlite.order(OrderID(8))?.items.map(\.fulfilledQuantity) == [1, 0])

        // The change feed tells the app; a pass that only sends follows within a second.
        try await eventually("the shop to receive the shipment") { try await server.received().count == 1 }
        await app.shell.settle()
        let shipment: [String: Any] = ["field": "fulfillmentCreate", "variables": ["fulfillment": [
            "lineItemsByFulfillmentOrder": [["fulfillmentOrderId": "gid://shopify/FulfillmentOrder/50011",
                                             "fulfillmentOrderLineItems": [["id": "gid://shopify/FulfillmentOrderLineItem/11", "quantity": 1]]]],
            "notifyCustomer": false, "trackingInfo": ["number": "CTT-9"]]]]
        #expect(try await server.received() == [shipment as NSDictionary])
        // Sent without a pull: the shop was asked for its fulfilment orders, then sent the fulfilment.
        #expect(try await server.counts()["queries"] == 3)
        let facts = try await sqlite.shopFacts(ofOrder: OrderID(8))
        #expect(facts.map(\.state) == [.sent])
        #expect(facts.map(\.shopIDs) == [["fulfillment": "gid://shopify/Fulfillment/901"]])
        #expect(app.coordinator.shopSync?.state == ShopSyncState(shops: [try await standing()]))
        #expect(app.coordinator.shopSync?.statusText == "eu: pulled just now")
        // The detail read its facts again once the pass had sent one.
        #expect(app.coordinator.detail?.shopFactRows == [DetailShopFact(state: .sent, mark: "sent to eu",
                                                                        summary: "shipment of 1 × MUG-1; tracking CTT-9")])
        let told = try #require(app.screen.firstIndex { $0.contains("Told to the shop") }, "the detail shows what the shop was told")
        #expect(app.screen[told].hasPrefix("Told to the shop   "))
        #expect(app.screen[told + 1].hasPrefix("sent to eu  shipment of 1 × MUG-1; tracking CTT-9   "))
        // No notice: nobody asked for this pass.
        #expect(app.coordinator.notice?.message == nil)
    }

    @Test("a fact the shop refuses shows on the status bar and the detail with the shop's words; :retry sends it again, :drop drops one")
    func aRefusedFactIsRetriedOrDropped() async throws {
        let secret = "ck_app_0123456789:cs_app_9876543210"
        let server = try ShopTestServer(.woocommerce, secret: secret)
        try await server.control(["orders": [ShopPullFixtures.wooOrder()]])
        try await connect(server, secret: secret)
        let app = await start(size: Size(width: 200, height: 60), pullSeconds: 3_600)
        func run(_ effects: [AppEffect]) async {
            app.shell.perform(effects)
            await app.shell.settle()
        }
        func facts() async throws -> [String] {
            try await sqlite.shopFacts(ofOrder: OrderID(8)).map { "\($0.state) \($0.fact.summary)" }
        }
        #expect(app.coordinator.execute(.refusedFacts(retry: true)) == [.expireNotice(after: .seconds(4))])
        #expect(app.coordinator.notice?.message == "Open an order to retry what its shop refused")

        // Someone cancels 1042 (key 8) here; the app sends it within a second, and the shop refuses the write.
        try await server.control(["write_faults": ["refuse"]])
        let order = try #require(try await sqlite.order(OrderID(8)))
        let cancelled = try await sqlite.update(order.id, expectedVersion: order.version,
                                                mutations: [.setStatus(.cancelled), .setCancelReason("fraud suspected")], actor: "ana")
        try await eventually("the shop to refuse the cancellation") { try await facts() == ["refused cancellation (fraud suspected)"] }
        await app.shell.settle()
        #expect(app.coordinator.shopSync?.statusText == "eu: pulled just now, 1 refused")
        #expect(app.coordinator.shopSync?.hasFailure == true)

        await run(app.coordinator.send(.list(.top)))
        await run(app.coordinator.send(.list(.open)))
        let words = "HTTP 400: Sorry, you are not allowed to edit this resource."
        #expect(app.coordinator.detail?.shopFactRows == [DetailShopFact(state: .refused, mark: "refused by eu",
                                                                        summary: "cancellation (fraud suspected)", detail: words)])
        let told = try #require(app.screen.firstIndex { $0.hasPrefix("Told to the shop ") })
        #expect(app.screen[told + 1].hasPrefix("refused by eu  cancellation (fraud suspected)   "))
        #expect(app.screen[told + 2].hasPrefix("  \(words)   "))

        // :retry puts it back to waiting, and the pass that follows sends it: the status, then the note.
        let retry = app.coordinator.execute(.refusedFacts(retry: true))
        #expect(retry == [.decideRefusedFacts(retry: true)])
        await run(retry)
        #expect(app.coordinator.notice?.message == "1042: 1 fact to send again to eu")
        try await eventually("the shop to take it") { try await facts() == ["sent cancellation (fraud suspected)"] }
        await app.shell.settle()
        let received = try await server.received()
        let expected: [[String: Any]] = [
            ["method": "PUT", "path": "/wp-json/wc/v3/orders/727", "body": ["status": "cancelled"]],
            ["method": "POST", "path": "/wp-json/wc/v3/orders/727/notes", "body": ["note": "Cancelled: fraud suspected", "customer_note": false]],
        ]
        #expect(received == expected.map { $0 as NSDictionary })
        #expect(app.coordinator.detail?.shopFactRows == [DetailShopFact(state: .sent, mark: "sent to eu", summary: "cancellation (fraud suspected)")])
        #expect(app.coordinator.shopSync?.statusText == "eu: pulled just now")

        // A tag the shop refuses, then :drop: never sent, no longer counted, kept for the record.
        try await server.control(["write_faults": ["refuse"]])
        try await sqlite.update(order.id, expectedVersion: cancelled.version, mutations: [.addTag("check")], actor: "ana")
        try await eventually("the shop to refuse the tag") { try await facts().last == "refused tags added: check" }
        await app.shell.settle()
        await run(app.coordinator.execute(.refusedFacts(retry: false)))
        #expect(app.coordinator.notice?.message == "1042: 1 fact dropped; eu is not told")
        #expect(try await facts() == ["sent cancellation (fraud suspected)", "dropped tags added: check"])
        #expect(app.coordinator.detail?.shopFactRows.last == DetailShopFact(state: .dropped, mark: "dropped, not sent to eu",
                                                                           summary: "tags added: check", detail: words))
        #expect(try await sqlite.shops().map { [$0.factsWaiting, $0.factsRefused] } == [[0, 0]])
        #expect(app.coordinator.execute(.refusedFacts(retry: false)) == [.expireNotice(after: .seconds(4))])
        #expect(app.coordinator.notice?.message == "1042: its shop refused nothing")
        #expect(try await server.received().count == 2)
    }

    @Test("a shop that refuses the credential: the status bar says so in a few words, :sync's notice in full, nothing pulled, no credential on screen")
    func aFailingPullsMessage() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        try await connect(server, secret: "shpat_wrong_9876543210")
        let app = await start()
        let refused = "eu refused the credentials (HTTP 401); check the credentials file."
        let first = try await standing()
        #expect(first.lastError == refused)
        #expect(app.expected.shopSync == ShopSyncState(shops: [first]))
        #expect(app.expected.shopStatus == "eu: refused the credentials (HTTP 401)")
        #expect(app.expected.list.shown == [5, 2, 3, 1, 4, 7, 6])
        // At 80 columns, right-aligned beside the sums, which keep their room.
        #expect(app.screen[22] == Self.rightAligned("eu: refused the credentials (HTTP 401)  ¥12,000  $4,709.99", width: 80))

        await ShellCommandTests.openPalette(app, typing: ":sync", suggestion: 0)
        await app.send(.palette(.run), effects: [.syncShops, .expireNotice(after: .seconds(4))]) {
            $0.modal = nil
            $0.paletteText = ""
            $0.notice = "eu: pulled 0 new, 0 updated, 0 unchanged; stopped: \(refused)"
            // The new pull's time: checked against the store's word below.
            $0.shopSync = app.coordinator.shopSync?.state
        }
        #expect(app.coordinator.notice?.kind == .failure)
        let second = try await standing()
        #expect(app.expected.shopSync == ShopSyncState(shops: [second]))
        // The notice over the status bar, cut to the line; the sentence in full is in the state above.
        #expect(app.screen[22] == " eu: pulled 0 new, 0 updated, 0 unchanged; stopped: eu refused the credentials… ")
        #expect(!app.screen.joined().contains("shpat_"))
    }

    @Test("the status bar at 200x60 has room for the shop's words beside the sums")
    func theStatusBarAtTwoHundredColumns() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        try await connect(server)
        let app = await start(size: Size(width: 200, height: 60))
        #expect(app.expected.shopStatus == "eu: pulled just now")
        #expect(app.screen[58] == Self.rightAligned("eu: pulled just now  €30.90  ¥12,000  $4,709.99", width: 200))
        #expect(app.screen[59].hasPrefix("enter open  / search  space mark"))
    }

    @Test("while another syncer holds the sync lock the app asks the shop nothing and shows the store's word; once it is let go, :sync pulls")
    func anotherSyncerHoldsTheLock() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        try await connect(server)
        // What `orders sync --watch` holds while it runs (a lock on FILE.sync-lock).
        var watcher = try ShopSyncLock.acquire(for: .sqliteFile(path))
        #expect(watcher != nil)
        let app = await start()
        #expect(app.expected.shopSync == ShopSyncState(shops: [ShopStanding(name: "eu")]))
        #expect(app.expected.shopStatus == "eu: not pulled yet")
        #expect(app.expected.list.shown == [5, 2, 3, 1, 4, 7, 6])
        #expect(try await server.counts()["requests"] == 0)

        await ShellCommandTests.openPalette(app, typing: ":sync", suggestion: 0)
        await app.send(.palette(.run), effects: [.syncShops, .expireNotice(after: .seconds(4))]) {
            $0.modal = nil
            $0.paletteText = ""
            $0.notice = "Another orders sync is pulling the shops; what it pulls shows here as it arrives."
        }
        #expect(app.coordinator.notice?.kind == .info)
        #expect(try await server.counts()["requests"] == 0)

        watcher = nil
        await ShellCommandTests.openPalette(app, typing: ":sync", suggestion: 0)
        await app.send(.palette(.run), effects: [.syncShops, .expireNotice(after: .seconds(4))]) {
            $0.modal = nil
            $0.paletteText = ""
            $0.notice = "eu: pulled 1 new, 0 updated, 0 unchanged"
            $0.list.shown = [8, 5, 2, 3, 1, 4, 7, 6]
            $0.orders.append("8 shipped pay:partially_refunded gift refunds:S1=12.00:1×#1+restock tracking:CTT-RR123456789PT")
            // The pull's time: checked against the store's word below.
            $0.shopSync = app.coordinator.shopSync?.state
            $0.shopStatus = "eu: pulled just now"
        }
        #expect(app.expected.shopSync == ShopSyncState(shops: [try await standing()]))
        #expect(try await server.counts()["queries"] == 1)
        // The app let the lock go at the end of its pass: a syncer may take it now.
        #expect(try ShopSyncLock.acquire(for: .sqliteFile(path)) != nil)
    }

    @Test("a shop whose credentials file this user cannot read is left to whoever can: no background pull, no error written; :sync tries and says why")
    func credentialsThisUserCannotRead() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        try await connect(server)
        let credentials = folder.appendingPathComponent("eu.token").path
        try FileManager.default.removeItem(atPath: credentials)
        let app = await start()
        #expect(app.expected.shopSync == ShopSyncState(shops: [ShopStanding(name: "eu")]))
        #expect(app.expected.shopStatus == "eu: not pulled yet")
        #expect(try await server.counts()["requests"] == 0)
        // Still a shop to watch: the next pass is set up.
        #expect(app.coordinator.shopSyncFinished(ShopSyncOutcome(isRequested: false, ending: .pulled([])))
                == [.scheduleShopSync(after: .seconds(30))])

        await ShellCommandTests.openPalette(app, typing: ":sync", suggestion: 0)
        let missing = "The credentials file \(credentials) does not exist."
        await app.send(.palette(.run), effects: [.syncShops, .expireNotice(after: .seconds(4))]) {
            $0.modal = nil
            $0.paletteText = ""
            $0.notice = "eu: pulled 0 new, 0 updated, 0 unchanged; stopped: \(missing)"
            // The pull's time: checked against the store's word below.
            $0.shopSync = app.coordinator.shopSync?.state
            $0.shopStatus = "eu: The credentials file \(credentials) does not exist"
        }
        let standing = try await standing()
        #expect(standing.lastError == missing)
        #expect(app.expected.shopSync == ShopSyncState(shops: [standing]))
        #expect(try await server.counts()["requests"] == 0)
    }

    @Test("at 80 columns many shops' words are cut before the sums")
    func manyShopsAtEightyColumns() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        try await connect(server)
        for name in ["pl", "lab"] {
            try await sqlite.addShop(ConnectedShop(name: name, platform: .shopify, url: server.url, caFile: server.caFile,
                                                   credentialsFile: "/nonexistent/\(name).token"), at: Date())
        }
        let app = await start()
        // The background pulls only eu (the others' files cannot be read here); the sums keep their room.
        #expect(app.screen[22] == "  eu: pulled just now · lab: not pulled yet · pl: n…  €30.90  ¥12,000  $4,709.99")
        await ShellCommandTests.openPalette(app, typing: ":sync", suggestion: 0)
        let sync = app.coordinator.send(.palette(.run))
        #expect(sync == [.syncShops, .expireNotice(after: .seconds(4))])
        app.shell.perform(sync)
        await app.shell.settle()
        app.coordinator.expireNotice(app.coordinator.notice)
        await app.shell.settle()
        #expect(app.coordinator.shopSync?.statusText == "eu: pulled just now · lab: The credentials file /nonexistent/lab.token does not exist"
                + " · pl: The credentials file /nonexistent/pl.token does not exist")
        #expect(app.screen[22] == "  eu: pulled just now · lab: The credentials file /…  €30.90  ¥12,000  $4,709.99")
    }

    @Test("the next background pass is set up after each pass while the database has shops, at the --watch interval")
    func theNextPassIsSetUp() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        try await connect(server)
        let app = await start()
        #expect(app.coordinator.shopSyncFinished(ShopSyncOutcome(isRequested: false, ending: .pulled([])))
                == [.scheduleShopSync(after: .seconds(30))])
        // A pass stopped at quit sets nothing up.
        #expect(app.coordinator.shopSyncFinished(ShopSyncOutcome(isRequested: false, ending: .stopped)) == [])
        #expect(app.coordinator.shopSyncDue() == [.syncShops])
        #expect(app.coordinator.shopSync?.state == ShopSyncState(shops: [try await standing()], pass: ShopSyncPass(isRequested: false)))
    }

    @Test("a change to the orders sets up a pass that only sends; one due while a pass runs follows it; a pass that only sent leaves the pull's timer alone")
    func passesThatSend() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        try await connect(server)
        let app = await start()
        #expect(app.coordinator.ordersChangedForShops() == [.scheduleShopSend(after: .seconds(1))])
        #expect(app.coordinator.shopSendDue() == [.syncShops])
        let standing = try await standing()
        #expect(app.coordinator.shopSync?.state == ShopSyncState(shops: [standing], pass: ShopSyncPass(isRequested: false, pulls: false)))
        // Due again while that pass runs: none starts, the running one is followed by another.
        #expect(app.coordinator.shopSendDue() == [])
        #expect(app.coordinator.shopSyncDue() == [])
        #expect(app.coordinator.shopSync?.state
                == ShopSyncState(shops: [standing], pass: ShopSyncPass(isRequested: false, pulls: false, sendsAgain: true)))
        #expect(app.coordinator.shopSyncFinished(ShopSyncOutcome(isRequested: false, ending: .pulled([]), pulled: false, sendsAgain: true))
                == [.scheduleShopSend(after: .seconds(1))])
        #expect(app.coordinator.shopSyncFinished(ShopSyncOutcome(isRequested: false, ending: .pulled([]), pulled: false)) == [])
        // A pass that pulled sets up the next pull, and a pass to send when asked.
        #expect(app.coordinator.shopSyncFinished(ShopSyncOutcome(isRequested: false, ending: .pulled([]), sendsAgain: true))
                == [.scheduleShopSync(after: .seconds(30)), .scheduleShopSend(after: .seconds(1))])
    }

    @Test("a database without shops: the pass at the start only looks for one and sets up the next to look again; :sync says so")
    func noShops() async throws {
        try await sqlite.insert(AppFixtures.sample)
        let app = await start()
        #expect(app.expected.shopSync == ShopSyncState())
        #expect(app.expected.shopStatus == nil)
        #expect(app.coordinator.shopSyncFinished(ShopSyncOutcome(isRequested: false, ending: .noShops))
                == [.scheduleShopSync(after: .seconds(30))])
        await ShellCommandTests.openPalette(app, typing: ":sync", suggestion: 0)
        await app.send(.palette(.run), effects: [.syncShops, .expireNotice(after: .seconds(4))]) {
            $0.modal = nil
            $0.paletteText = ""
            $0.notice = "No shops connected (orders shop add NAME --shopify URL --credentials FILE)."
        }
    }

    @Test("a store that keeps no shops (in memory): no pulls, and :sync says so")
    func aStoreWithoutShops() async {
        let app = await ShellStore.start()
        #expect(app.expected.shopSync == nil)
        #expect(app.coordinator.shopSyncDue() == [])
        await ShellCommandTests.openPalette(app, typing: ":sync", suggestion: 0)
        await app.send(.palette(.run), effects: [.expireNotice(after: .seconds(4))]) {
            $0.modal = nil
            $0.paletteText = ""
            $0.notice = "This database keeps no shops: nothing to pull"
        }
    }

    /// A status bar line with only right-aligned text (every character here one column wide).
    static func rightAligned(_ text: String, width: Int) -> String {
        String(repeating: " ", count: width - text.count) + text
    }
}

/// `shopPullSeconds` in the config: read, refused under 5 s or when it is not a whole number, and the
/// wait the app sets up after each background pass.
@Suite("Config: shopPullSeconds")
@MainActor
struct ShopPullSecondsConfigTests {
    @Test func parsedAndRefusedWithTheSettingNamed() throws {
        #expect(try AppConfig.parse(Data(#"{"shopPullSeconds": 300}"#.utf8)).shopPullSeconds == 300)
        #expect(try AppConfig.parse(Data(#"{"shopPullSeconds": 5}"#.utf8)).shopPullSeconds == 5)
        #expect(try AppConfig.parse(Data("{}".utf8)).shopPullSeconds == nil)
        for bad in ["4", "0", "-30", #""30""#, "2.5", "true"] {
            do {
                _ = try AppConfig.parse(Data(#"{"shopPullSeconds": \#(bad)}"#.utf8))
                Issue.record("\(bad) was accepted")
            } catch {
                #expect("\(error)" == "shopPullSeconds must be a whole number of seconds, at least 5, like 30")
            }
        }
    }
}

extension OrderDetailModel {
    /// Every fact of the detail's order as the screen marks it (the screen itself builds only the rows it shows).
    var shopFactRows: [DetailShopFact] { shopFacts.indices.map(shopFactRow) }
}
