import Foundation
import TerminalTestSupport
import Testing

/// The real `orders` binary in a real terminal (tmux): what a person would see.
@Suite("orders in a terminal: the order list")
struct OrderListEndToEndTests {
    @Test("opens full screen on a new default database, showing seeded orders; j moves; q exits cleanly")
    func listMovesAndQuits() throws {
        let binary = try OrdersBinary()
        let pane = TmuxPane()
        // Only the app on its default path creates a database on first run.
        try pane.start(TmuxPane.reportingExit(TmuxPane.quote(OrdersBinary.url.path)),
                       width: 100, height: 30, environment: ["TERM": "tmux-256color", "HOME": binary.home.path,
                                                            "XDG_DATA_HOME": binary.path("data")])
        // A new database is seeded with 5,000 demo orders; the newest comes first.
        let screen = try pane.waitFor(text: "ORD-0005000", timeout: 60)
        #expect(screen[0].hasPrefix("orders"))
        #expect(screen.contains { $0.contains("ORD-0004999") })
        #expect(try pane.format("#{alternate_on}") == "1")
        #expect(try pane.selectedOrderID() == "ORD-0005000")

        for (key, expected) in [("j", "ORD-0004999"), ("Down", "ORD-0004998"), ("k", "ORD-0004999")] {
            try pane.send(key)
            try pane.waitForSelection(expected)
        }

        try pane.send("q")
        #expect(try pane.waitForExit() == 0)
        #expect(try pane.format("#{alternate_on}") == "0")
        let state = TerminalState(sttyLines: try pane.screen())
        #expect(state.isSane, "stty after quitting: \(state.settings.sorted())")
        #expect(FileManager.default.fileExists(atPath: binary.path("data/orders/orders.db")))
    }
}
