import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersShops
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// The status bar's words for the connected shops (`ShopSyncModel.statusText`), whole, for each
/// state a shop can be in, and what an operator's `:sync` is told (`ShopSyncOutcome.notice`).
@Suite("Shop sync: the status bar's words")
@MainActor
struct ShopSyncStatusTextTests {
    /// 2026-09-21 12:00:00 UTC: noon, so "3h ago" is the same day.
    nonisolated static let now = Date(timeIntervalSince1970: 1_789_992_000)
    let model: ShopSyncModel

    init() throws {
        let folder = try TemporaryDirectory.make()
        let store = try SQLiteOrderStore(path: folder.appendingPathComponent("orders.db").path)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        model = ShopSyncModel(store: store, sync: ShopSync(store: store, actor: "mia"), location: nil,
                              formatter: OrderFormatter(locale: Locale(identifier: "en_US"), calendar: calendar),
                              now: { Self.now })
    }

    func ago(_ seconds: TimeInterval) -> Date { Self.now.addingTimeInterval(-seconds) }

    @Test func aDatabaseWithoutShopsSaysNothing() {
        #expect(model.statusText == nil)
        #expect(!model.hasFailure)
        // A pass that has not read the shops yet has nothing to say either.
        model.state = ShopSyncState(shops: [], pass: ShopSyncPass(isRequested: true))
        #expect(model.statusText == nil)
    }

    @Test func eachStandingInAFewWords() {
        model.state = ShopSyncState(shops: [ShopStanding(name: "eu")])
        #expect(model.statusText == "eu: not pulled yet")
        model.state = ShopSyncState(shops: [ShopStanding(name: "eu", lastPullAt: ago(59))])
        #expect(model.statusText == "eu: pulled just now")
        model.state = ShopSyncState(shops: [ShopStanding(name: "eu", lastPullAt: ago(5 * 60 + 59))])
        #expect(model.statusText == "eu: pulled 5m ago")
        model.state = ShopSyncState(shops: [ShopStanding(name: "eu", lastPullAt: ago(3 * 3_600))])
        #expect(model.statusText == "eu: pulled 3h ago")
        #expect(!model.hasFailure)
    }

    @Test func pullingNowWithTheOrdersReadSoFar() {
        let standing = ShopStanding(name: "eu", lastPullAt: ago(30), lastError: "eu refused the credentials (HTTP 401); check the credentials file.")
        model.state = ShopSyncState(shops: [standing], pass: ShopSyncPass(isRequested: false, shop: "eu"))
        #expect(model.statusText == "eu: pulling")
        // The last error is not shown as a failure while the shop is pulled again.
        #expect(!model.hasFailure)
        model.state.pass?.ordersRead = 40
        #expect(model.statusText == "eu: pulling, 40 read")
    }

    @Test func waitingForTheShopsRateLimitOrToTryAgain() {
        let pass = ShopSyncPass(isRequested: false, shop: "eu", ordersRead: 8)
        model.state = ShopSyncState(shops: [ShopStanding(name: "eu")], pass: pass)
        // What `ShopRequester` reports on a 429 with `Retry-After: 30`, heard at noon.
        model.waited(ShopWait(shop: "eu", reason: .rateLimited, seconds: 30))
        #expect(model.state.pass?.waiting == ShopSyncPass.Waiting(reason: .rateLimited, seconds: 30, until: Self.now.addingTimeInterval(30)))
        #expect(model.statusText == "eu: rate-limited, waiting 30 s")
        // Shopify's cost bucket: 0.4 s of refill still says a whole second.
        model.waited(ShopWait(shop: "eu", reason: .rateLimited, seconds: 0.4))
        #expect(model.statusText == "eu: rate-limited, waiting 1 s")
        model.waited(ShopWait(shop: "eu", reason: .retrying, seconds: 4))
        #expect(model.statusText == "eu: no answer, trying again in 4 s")
        // Once the wait is over it is pulling again, before the next page says so.
        model.state.pass?.waiting?.until = Self.now
        #expect(model.statusText == "eu: pulling, 8 read")
        // The next page ends the wait.
        model.waited(ShopWait(shop: "eu", reason: .retrying, seconds: 4))
        model.progressed(ShopPullProgress(shop: "eu", ordersSeen: 12, pulledThrough: nil))
        #expect(model.state.pass == ShopSyncPass(isRequested: false, shop: "eu", ordersRead: 12))
        // A wait of a shop no longer being pulled is dropped.
        model.waited(ShopWait(shop: "pl", reason: .retrying, seconds: 4))
        #expect(model.state.pass == ShopSyncPass(isRequested: false, shop: "eu", ordersRead: 12))
    }

    @Test func factsWaitingAndRefusedAfterThePull() {
        model.state = ShopSyncState(shops: [ShopStanding(name: "eu", lastPullAt: ago(59), factsWaiting: 3)])
        #expect(model.statusText == "eu: pulled just now, 3 to send")
        #expect(!model.hasFailure)
        model.state = ShopSyncState(shops: [ShopStanding(name: "eu", lastPullAt: ago(120), factsWaiting: 1, factsRefused: 2)])
        #expect(model.statusText == "eu: pulled 2m ago, 1 to send, 2 refused")
        // A refusal needs an operator: the words are a warning.
        #expect(model.hasFailure)
        let failing = ShopStanding(name: "eu", lastError: "eu refused the credentials (HTTP 401); check the credentials file.", factsWaiting: 1)
        model.state = ShopSyncState(shops: [failing])
        #expect(model.statusText == "eu: refused the credentials (HTTP 401), 1 to send")
        // While the shop is synced, the pass says what it does: pulling, then sending what waited.
        model.state = ShopSyncState(shops: [ShopStanding(name: "eu", lastPullAt: ago(59), factsWaiting: 2, factsRefused: 1)],
                                    pass: ShopSyncPass(isRequested: false, shop: "eu", ordersRead: 5))
        #expect(model.statusText == "eu: pulling, 5 read")
        #expect(!model.hasFailure)
        model.state.pass?.isSending = true
        #expect(model.statusText == "eu: sending 2")
        model.state.shops[0].factsWaiting = 0
        #expect(model.statusText == "eu: sending")
    }

    @Test func theLastErrorInOneLineWithoutItsAdvice() {
        func text(_ error: String) -> String? {
            model.state = ShopSyncState(shops: [ShopStanding(name: "eu", lastPullAt: ago(10), lastError: error)])
            return model.statusText
        }
        // The sync's own sentences (`ShopRequester`, `ShopSync`, `ShopCredentials`), cut after
        // the shop's name and before the advice.
        #expect(text("eu refused the credentials (HTTP 401); check the credentials file.") == "eu: refused the credentials (HTTP 401)")
        #expect(text("eu could not be read after 5 tries; the last: https://127.0.0.1:9/admin/api/2026-10/graphql.json could not be reached: couldn't connect to server.")
                == "eu: could not be read after 5 tries")
        #expect(text("eu asked to wait 300 s before asking again (HTTP 429).") == "eu: asked to wait 300 s before asking again (HTTP 429)")
        #expect(text("eu: https://shop.example/wp-json/wc/v3/orders's certificate is not trusted: ssl peer certificate or ssh remote key was not ok.")
                == "eu: https://shop.example/wp-json/wc/v3/orders's certificate is not trusted: ssl peer certificate or ssh remote key was not ok")
        #expect(text("interrupted; the next sync goes on from the last page written.") == "eu: interrupted")
        #expect(text("The credentials file /home/mia/eu.token may be read by other users; make it private first: chmod 600 /home/mia/eu.token")
                == "eu: The credentials file /home/mia/eu.token may be read by other users")
        #expect(model.hasFailure)
        // Text from the shop or a file name reaches the terminal neutralised: ESC and a bidi override made visible.
        #expect(text("eu: https://shop.example/\u{1B}[2J\u{202E}x could not be reached: boom.")
                == "eu: https://shop.example/␛[2J�x could not be reached: boom")
    }

    @Test func severalShopsInTheStoresOrder() {
        model.state = ShopSyncState(shops: [
            ShopStanding(name: "eu", lastPullAt: ago(120)),
            ShopStanding(name: "lab"),
            ShopStanding(name: "pl", lastPullAt: ago(20), lastError: "pl could not be read after 5 tries; the last: x"),
        ], pass: ShopSyncPass(isRequested: true, shop: "lab", ordersRead: 4))
        #expect(model.statusText == "eu: pulled 2m ago · lab: pulling, 4 read · pl: could not be read after 5 tries")
        #expect(model.hasFailure)
    }

    @Test func whatAnOperatorsSyncIsTold() {
        var eu = ShopPullReport(shop: "eu")
        eu.outcome.new = [OrderReference(source: "eu", number: "#1001")]
        eu.outcome.unchanged = 2
        var pl = ShopPullReport(shop: "pl")
        pl.failure = "pl refused the credentials (HTTP 401); check the credentials file."
        let pulled = ShopSyncOutcome(isRequested: true, ending: .pulled([eu]))
        #expect(pulled.notice == "eu: pulled 1 new, 0 updated, 2 unchanged")
        #expect(pulled.isSuccess && !pulled.isFailure)
        let failed = ShopSyncOutcome(isRequested: true, ending: .pulled([eu, pl]))
        #expect(failed.notice == "eu: pulled 1 new, 0 updated, 2 unchanged · pl: pulled 0 new, 0 updated, 0 unchanged; stopped: pl refused the credentials (HTTP 401); check the credentials file.")
        #expect(failed.isFailure && !failed.isSuccess)
        #expect(ShopSyncOutcome(isRequested: true, ending: .noShops).notice
                == "No shops connected (orders shop add NAME --shopify URL --credentials FILE).")
        #expect(ShopSyncOutcome(isRequested: true, ending: .anotherSyncerPulling).notice
                == "Another orders sync is pulling the shops; what it pulls shows here as it arrives.")
        #expect(ShopSyncOutcome(isRequested: true, ending: .stopped).notice == nil)
        // A background pass tells nobody.
        #expect(ShopSyncOutcome(isRequested: false, ending: .pulled([eu, pl])).notice == nil)
    }

    @Test func whatSendingDidIsToldForAShopThatHadSomethingToSend() {
        var eu = ShopPullReport(shop: "eu")
        eu.outcome.unchanged = 1
        var euSent = ShopPushReport(shop: "eu")
        euSent.sent = ["#1001: shipment of 1 × MUG-1; tracking CTT-1 (CTT)"]
        let pl = ShopPullReport(shop: "pl")
        let plNothing = ShopPushReport(shop: "pl")
        let sent = ShopSyncOutcome(isRequested: true, ending: .pulled([eu, pl]), sent: [euSent, plNothing])
        #expect(sent.notice == "eu: pulled 0 new, 0 updated, 1 unchanged · pl: pulled 0 new, 0 updated, 0 unchanged · eu: sent 1 fact")
        #expect(sent.isSuccess)
        var refused = ShopPushReport(shop: "pl")
        refused.refused = ["#1002: cancellation: Order has already been cancelled."]
        let failed = ShopSyncOutcome(isRequested: true, ending: .pulled([eu, pl]), sent: [euSent, refused])
        #expect(failed.notice == "eu: pulled 0 new, 0 updated, 1 unchanged · pl: pulled 0 new, 0 updated, 0 unchanged · eu: sent 1 fact"
                + " · pl: sent 0 facts, 1 refused by the shop")
        #expect(failed.isFailure && !failed.isSuccess)
    }
}
