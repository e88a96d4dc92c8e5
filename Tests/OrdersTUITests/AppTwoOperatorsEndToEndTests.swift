import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import TerminalTestSupport
import Testing

/// Two `orders` apps in two tmux panes on one database, as two operators at work.
@Suite("Two operators on one database (tmux)", .serialized)
struct AppTwoOperatorsEndToEndTests {
    /// Starts a second app on the fixture's database in `pane`, as another operator, on an order's detail.
    func startOther(_ app: AppFixture, in pane: TmuxPane, actor: String, opening number: Int) throws {
        let command = ["env", "TERM=tmux-256color", OrdersBinary.url.path, "--db", app.database, "--open", AppFixture.id(number)]
            .map(TmuxPane.quote).joined(separator: " ")
        try pane.start(TmuxPane.reportingExit(command), width: 120, height: 30,
                       environment: ["TERM": "tmux-256color", "XDG_CONFIG_HOME": app.configHome, "HOME": app.binary.home.path,
                                     "ORDERS_ACTOR": actor, "LANG": "C.UTF-8"])
        try pane.waitFor("the other operator's detail of \(AppFixture.id(number))") { screen in
            screen.first?.hasPrefix(AppFixture.id(number)) == true && screen.contains { $0.contains("Next steps") }
        }
    }

    @Test("the open detail follows the other operator's status change, marks it, and c then acts on what it shows")
    func detailFollowsOtherOperator() throws {
        let app = try AppFixture()
        let other = TmuxPane()
        defer {
            try? other.send("C-c")
            app.stop()
        }
        try app.start(arguments: ["--open", AppFixture.id(10)], waitForList: false)
        try app.waitForDetail(10, showing: "Processing")
        try startOther(app, in: other, actor: "noah", opening: 10)
        try other.send("c")
        try app.waitForStoredStatus(10, "shipped")
        // Without a key pressed, the first operator's screen now says Shipped and that it changed elsewhere.
        let screen = try app.pane.waitFor("the detail shows Shipped, marked") { screen in
            guard let header = screen.first else { return false }
            return header.hasPrefix(AppFixture.id(10)) && header.contains("Shipped") && header.contains("changed elsewhere: status")
        }
        #expect(screen.contains { $0.contains("Next steps") && $0.contains("Completed") && !$0.contains("Cancelled") })
        // The history (read after the order) shows who changed it.
        try app.pane.waitFor(text: "noah")
        // c acts on the state shown (Shipped → Completed), never on the Processing the screen showed before.
        try app.pane.send("c")
        try app.waitForStoredStatus(10, "completed")
        let history = try app.stored(10)
        #expect(history["version"] as? Int == 3)
        try app.pane.waitFor("the detail shows Completed") { screen in
            screen.first?.contains("Completed") == true
        }
    }

    @Test("another program holds the write lock: the app says it waits, keys keep working, the change is saved when the lock goes")
    func lockedDatabase() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        try app.pane.waitForSelection(AppFixture.id(12))
        let lock = try SQLiteConnection(path: app.database, create: false)
        try lock.execute("BEGIN IMMEDIATE")
        try app.pane.send("f")
        try app.pane.waitFor(text: "waiting for the database…")
        // The flag is on the row at once, and the selection moved on (auto-advance) and moves again with j.
        #expect(try app.pane.screen().contains { $0.hasPrefix("⚑") && $0.contains(AppFixture.id(12)) })
        try app.pane.send("j")
        try app.pane.waitForSelection(AppFixture.id(10))
        try lock.execute("COMMIT")
        try waitUntil("ORD-0000012 stored as flagged", within: .seconds(10)) { try app.stored(12)["flagged"] as? Bool == true }
        #expect(try app.stored(12)["flagged"] as? Bool == true)
        try app.pane.waitFor("the waiting notice is gone") { screen in
            !screen.contains { $0.contains("waiting for the database") || $0.contains("saving…") }
        }
    }
}
