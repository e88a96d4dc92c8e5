import Foundation
import TerminalTestSupport
import Testing

/// The operator's own command from the config on the real binary in tmux: the app gives the
/// terminal back while it runs (the shell's line mode), the command reads the selected order as
/// JSON and its environment, calls `orders` on the same database, and prints a line; `less`
/// shows the line; `q` brings the app back, redrawn, the list showing what the command changed.
@Suite("orders app: your own commands")
struct AppCustomCommandEndToEndTests {
    @Test("K runs the command: JSON and environment exact, line mode while it runs, its output in less, then the list refreshed; the terminal sane after quitting")
    func commandRunsAndPages() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orders-e2e-command-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/slip.sh"
        try Data("""
            #!/bin/sh
            cat > \(folder)/stdin.json
            env | grep '^ORDERS_' | sort > \(folder)/env.txt
            stty -a < /dev/tty | tr ' ' '\\n' | grep -x -e icanon -e -icanon > \(folder)/mode.txt
            \(TmuxPane.quote(OrdersBinary.url.path)) flag "$ORDERS_NUMBERS" > /dev/null || exit 9
            echo "printed a slip for $ORDERS_NUMBERS"
            """.utf8).write(to: URL(fileURLWithPath: script))
        chmod(script, 0o755)
        let config = #"{"commands": [{"name": "slip", "key": "K", "title": "Print slips", "run": "\#(script)"}]}"#
        let app = try AppFixture(config: config)
        defer { app.stop() }
        // What the export's JSON says of the order, read before the command changes it.
        let expected = try app.binary.run(["list", "--search", AppFixture.id(12), "--format", "json", "--db", app.database])
        try #require(expected.status == 0, "\(expected.stderr)")

        try app.start(environment: ["PAGER": "", "LESS": ""])
        #expect(try app.pane.selectedOrderID() == AppFixture.id(12))
        try app.pane.send("K")
        // less has the terminal: the command's line, and less's own end marker.
        let paged = try app.pane.waitFor(text: "(END)")
        #expect(paged.first == "printed a slip for \(AppFixture.id(12))")
        try app.pane.send("q")
        let back = try app.pane.waitFor(text: "Print slips: done on 1 order")
        #expect(try app.pane.format("#{alternate_on}") == "1")
        #expect(back.first?.hasPrefix("orders") == true, "the whole screen is drawn again: \(back)")
        // What the command did through `orders flag` shows on the list.
        try app.pane.waitFor("ORD-0000012 flagged") { screen in
            screen.contains { $0.contains("⚑") && $0.contains(AppFixture.id(12)) }
        }
        #expect(try app.stored(12)["flagged"] as? Bool == true)

        #expect(try String(contentsOfFile: folder + "/stdin.json", encoding: .utf8) == expected.stdout)
        #expect(try String(contentsOfFile: folder + "/env.txt", encoding: .utf8) == """
            ORDERS_ACTOR=tester
            ORDERS_COUNT=1
            ORDERS_DB=\(app.database)
            ORDERS_NUMBERS=\(AppFixture.id(12))

            """)
        #expect(try String(contentsOfFile: folder + "/mode.txt", encoding: .utf8) == "icanon\n")

        try app.pane.send("q")
        #expect(try app.pane.waitForExit() == 0)
        let state = TerminalState(sttyLines: try app.pane.screen())
        #expect(state.isSane, "stty after quitting: \(state.settings.sorted())")
    }

    @Test("a command that fails says so with its exit status, and the app is back")
    func failingCommand() throws {
        let config = #"{"commands": [{"key": "K", "title": "Carrier label", "run": "exit 4"}]}"#
        let app = try AppFixture(config: config)
        defer { app.stop() }
        try app.start()
        try app.pane.send("K")
        let screen = try app.pane.waitFor(text: "Carrier label failed: exit status 4")
        #expect(screen.contains { $0.contains("12/12 orders") })
        #expect(try app.pane.format("#{alternate_on}") == "1")
    }

    @Test("a key a built-in command has: the config is refused at launch with the clash named, and the app runs on the defaults")
    func clashRefused() throws {
        let config = #"{"commands": [{"key": "c", "title": "Slip", "run": "true"}]}"#
        let app = try AppFixture(config: config)
        defer { app.stop() }
        try app.start(waitForList: false)
        // The alert wraps the sentence at the box's width.
        try app.pane.waitFor("the clash named", timeout: 30) { screen in
            let text = screen.map { $0.replacingOccurrences(of: "│", with: "").trimmingCharacters(in: .whitespaces) }
                .joined(separator: " ")
            return text.contains(#"commands[0].key "c" is already order.complete ("advance") on the list; choose another key"#)
        }
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "12/12 orders", timeout: 30)
    }
}
