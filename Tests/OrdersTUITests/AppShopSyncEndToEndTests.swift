import Foundation
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// The real `orders` app in tmux at 80x24 on a database with a shop connected to a local HTTPS
/// Shopify (`ShopTestServer`): the pull at the start, `:sync` bringing a new order, the status
/// bar's words, a shop added while the app is open, and a pull hanging in flight that does not hold the exit.
@Suite("orders app: :sync and the shops on the status bar", .serialized)
struct AppShopSyncEndToEndTests {
    static let token = "shpat_app_e2e_0123456789"

    /// Connects `server` as `eu` to the fixture's database with `orders shop add`.
    func connect(_ server: ShopTestServer, to app: AppFixture) throws {
        let credentials = app.binary.path("eu.token")
        try (Self.token + "\n").write(toFile: credentials, atomically: false, encoding: .utf8)
        chmod(credentials, 0o600)
        let add = try app.binary.run(["shop", "add", "eu", "--shopify", server.url, "--credentials", credentials,
                                      "--ca-file", server.caFile, "--db", app.database])
        #expect(add.status == 0, "\(add.stderr)")
    }

    /// The status bar: the line above the key hints, as the pane shows it.
    func statusBar(_ screen: [String]) -> String {
        guard let hints = screen.lastIndex(where: { $0.hasPrefix("enter open") }), hints > 0 else { return "" }
        return screen[hints - 1]
    }

    /// The status bar's words, which must end at the 80th column (right-aligned, nothing cut).
    func expectStatusBar(_ screen: [String], _ words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let line = statusBar(screen)
        #expect(line.trimmingCharacters(in: .whitespaces) == words, sourceLocation: sourceLocation)
        #expect(AppFixture.displayWidth(line[...]) == 80, "\(line)", sourceLocation: sourceLocation)
    }

    @Test("the app pulls the shop at its start; :sync brings the shop's new order; the status bar says when eu was pulled")
    func syncBringsTheShopsNewOrder() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        let app = try AppFixture()
        defer { app.stop() }
        try connect(server, to: app)
        try app.start(width: 80, height: 24, waitForList: false)
        // The twelve orders and the shop's #1001, newest first (the shop's order is from November).
        try app.pane.waitFor("13 orders, eu pulled", timeout: 60) { screen in
            screen.first?.hasSuffix("13/13 orders") == true && screen.contains { $0.contains("#1001") && $0.contains("Ana Lima") }
                && statusBar(screen).contains("eu: pulled just now")
        }
        // The euro sum is the fixture's 250.00 + 99.99 + 640.00 + 18.00 and the shop's 30.90: 1,038.89.
        expectStatusBar(try app.pane.screen(), "eu: pulled just now  CN¥1,200.00  €1,038.89  £42.50  JP¥5,400  US$101,896.00")

        try await server.control(["upsert": ShopPullFixtures.shopifyOrder(id: 5002, number: "#1002", updatedAt: "2026-11-21T10:00:00Z")])
        try app.pane.send(":")
        // Under load the palette may open after the text arrives: type once it is up.
        try app.pane.waitFor(text: ":command, e.g.", timeout: 30)
        try app.pane.send("sync", literal: true)
        try app.pane.send("Enter")
        // The notice says what :sync brought, over the status bar for a few seconds from the pass's end: waited
        // for first, since the list may show #1002 only after it (the change feed) on a loaded machine.
        // Well within the background's 30 s: this is :sync's pass.
        try app.pane.waitFor(text: "eu: pulled 1 new, 0 updated, 1 unchanged", timeout: 20)
        try app.pane.waitFor("#1002 listed after :sync", timeout: 20) { screen in
            screen.first?.hasSuffix("14/14 orders") == true && screen.contains { $0.contains("#1002") }
        }
        // Then the status bar is back, the euro sum 30.90 more: 1,069.79.
        try app.pane.waitFor("the status bar after the notice", timeout: 20) { screen in
            statusBar(screen).hasSuffix("€1,069.79  £42.50  JP¥5,400  US$101,896.00")
        }
        let screen = try app.pane.screen()
        expectStatusBar(screen, "eu: pulled just now  CN¥1,200.00  €1,069.79  £42.50  JP¥5,400  US$101,896.00")
        #expect(screen.allSatisfy { !$0.contains("shpat_") })
    }

    @Test("an operator sends #1001 with a tracking number in the app: the shop receives the fulfilment within seconds and the detail marks it sent")
    func aShipmentMadeInTheAppReachesTheShop() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let app = try AppFixture()
        defer { app.stop() }
        try connect(server, to: app)
        try app.start(width: 200, height: 60, waitForList: false)
        try app.pane.waitFor("13 orders, eu pulled", timeout: 60) { screen in
            screen.first?.hasSuffix("13/13 orders") == true && statusBar(screen).contains("eu: pulled just now")
        }
        try app.pane.send("/")
        try app.pane.send("1001", literal: true)
        try app.pane.waitFor(text: " 1/13 orders", timeout: 15)
        try app.pane.send("Enter")
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "Gift wrap", timeout: 15)
        // The line chooser, every unit of both lines chosen: the tracking number typed, Enter sends them.
        try app.pane.send("d")
        try app.pane.waitFor(text: "Tracking number:", timeout: 15)
        try app.pane.send("CTT-E2E", literal: true)
        try app.pane.send("Enter")
        // Sent within seconds of the change, not at the next pull (30 s away).
        try await eventually("the shop to receive the fulfilment", within: .seconds(20)) { try await server.received().count == 1 }
        let shipment: [String: Any] = ["field": "fulfillmentCreate", "variables": ["fulfillment": [
            "lineItemsByFulfillmentOrder": [["fulfillmentOrderId": "gid://shopify/FulfillmentOrder/50011",
                                             "fulfillmentOrderLineItems": [["id": "gid://shopify/FulfillmentOrderLineItem/11", "quantity": 2],
                                                                           ["id": "gid://shopify/FulfillmentOrderLineItem/12", "quantity": 1]]]],
            "notifyCustomer": false, "trackingInfo": ["number": "CTT-E2E"]]]]
        #expect(try await server.received() == [shipment as NSDictionary])
        try app.pane.waitFor("the detail's mark", timeout: 20) { screen in
            screen.contains { $0.contains("sent to eu  shipment of 2 × MUG-1, 1 × line 2; tracking CTT-E2E") }
        }
        #expect(try app.pane.screen().contains { $0.contains("Told to the shop") })
    }

    @Test("a shop added with orders shop add while the app is open is pulled by the app's next background pass")
    func aShopAddedWhileTheAppIsOpenIsPulled() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()]])
        // The shortest pull interval the config takes, so the timer's pass comes within seconds.
        let app = try AppFixture(config: #"{"shopPullSeconds": 5}"#)
        defer { app.stop() }
        try app.start(width: 80, height: 24)
        #expect(!statusBar(try app.pane.screen()).contains("eu:"))
        // Another terminal connects the shop; the app, told nothing, finds it at its next pass.
        try connect(server, to: app)
        try app.pane.waitFor("13 orders, eu pulled", timeout: 45) { screen in
            screen.first?.hasSuffix("13/13 orders") == true && screen.contains { $0.contains("#1001") }
                && statusBar(screen).contains("eu: pulled just now")
        }
        #expect(try await server.counts()["queries"] == 1)
    }

    /// How the app is told to end.
    enum Ending: String, CaseIterable, Sendable {
        case quitKey = "q", sigterm = "SIGTERM", sighup = "SIGHUP", sigint = "SIGINT"

        var expectedStatus: Int32 {
            switch self {
            case .quitKey: 0
            case .sigterm: 128 + SIGTERM
            case .sighup: 128 + SIGHUP
            case .sigint: 128 + SIGINT
            }
        }
    }

    @Test("ending the app while a pull hangs in flight: the terminal is given back within 2 s", arguments: Ending.allCases)
    func aHangingPullDoesNotHoldTheExit(_ ending: Ending) async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.shopifyOrder()], "faults": ["stall"]])
        let app = try AppFixture()
        defer { app.stop() }
        try connect(server, to: app)
        try app.startReportingExitTime(width: 80, height: 24)
        // The pass at the start has sent its query, which the shop holds for 50 s.
        try app.pane.waitFor("eu pulling", timeout: 30) { screen in statusBar(screen).contains("eu: pulling") }
        let pid = try app.appProcessID()
        let sentAt = Date().timeIntervalSince1970
        switch ending {
        case .quitKey: try app.pane.send("q")
        case .sigterm: #expect(kill(pid, SIGTERM) == 0)
        case .sighup: #expect(kill(pid, SIGHUP) == 0)
        case .sigint: #expect(kill(pid, SIGINT) == 0)
        }
        let report = try app.waitForExitReport()
        let seconds = report.endedAt - sentAt
        print("\(ending.rawValue) with a pull in flight: status \(report.status) after \(String(format: "%.3f", seconds)) s")
        #expect(report.status == ending.expectedStatus)
        #expect(seconds < 2.0, "ending by \(ending.rawValue) took \(seconds) s")
        try app.pane.expectSaneAfterExit(report)
        #expect(kill(pid, 0) != 0, "the process is gone")
    }
}
