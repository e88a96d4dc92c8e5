import Foundation
import Testing

/// The real `orders` binary in a real terminal (tmux): what a person would see.
@Suite("orders in a terminal: the order list")
struct OrderListEndToEndTests {
    @Test("opens full screen on a new database, showing seeded orders; j moves; q exits cleanly")
    func listMovesAndQuits() throws {
        let database = try TemporaryDatabase()
        let binary = try ProductBinary.path()
        let tmux = try TmuxSession(width: 100, height: 30,
                                   command: TmuxSession.reportingExit([TmuxSession.quote(binary), "--db", TmuxSession.quote(database.path)]))
        // A new database is seeded with 5,000 demo orders; the newest is first.
        try tmux.waitFor("ORD-0005000", timeout: 60)
        let screen = try tmux.screen()
        #expect(screen[0].hasPrefix("orders"))
        #expect(screen.contains { $0.contains("ORD-0004999") })
        #expect(try tmux.format("#{alternate_on}") == "1")

        let firstSelected = try #require(try tmux.selectedRow())
        #expect(firstSelected.hasPrefix("ORD-0005000"))
        try tmux.send("j")
        try tmux.waitUntil("the selection to move down") { _ in
            (try? tmux.selectedRow())??.hasPrefix("ORD-0004999") == true
        }
        try tmux.send("Down")
        try tmux.waitUntil("the selection to move down again") { _ in
            (try? tmux.selectedRow())??.hasPrefix("ORD-0004998") == true
        }
        try tmux.send("k")
        try tmux.waitUntil("the selection to move up") { _ in
            (try? tmux.selectedRow())??.hasPrefix("ORD-0004999") == true
        }

        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        #expect(try tmux.format("#{alternate_on}") == "0")
        let state = TerminalState(sttyLines: try tmux.screen())
        #expect(state.isSane, "stty after quitting: \(state.settings.sorted())")
    }
}
