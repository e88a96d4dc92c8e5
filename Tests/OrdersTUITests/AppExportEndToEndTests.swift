import Foundation
import TerminalTestSupport
import Testing

/// Getting orders out of the app: `:export`, OSC 52 copy, and the CLI help generated from the keymap.
@Suite("orders app: export, copy and help text")
struct AppExportEndToEndTests {
    @Test(":export FILE writes the marked orders with the same exporter as `orders export`")
    func exportMarked() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        try app.pane.send("Space")
        try app.pane.send("Space")
        try app.pane.waitFor(text: "2 marked")
        let file = app.binary.path("marked.csv")
        try app.pane.send(":")
        try app.pane.send("export \(file)", literal: true)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "Exported 2 marked orders")
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(whereSeparator: \.isNewline)
        #expect(lines.count == 3) // header and one line item each
        #expect(lines.dropFirst().map { String($0.prefix(11)) }.sorted() == [AppFixture.id(11), AppFixture.id(12)])
    }

    /// The fixture's `HOME` is a scratch folder, not the password file's home: `~` must be `$HOME`.
    @Test(":export ~/FILE writes into $HOME, where the database and config are looked for too")
    func exportIntoHome() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        try app.pane.send("Space")
        try app.pane.waitFor(text: "1 marked")
        try app.pane.send(":")
        try app.pane.send("export ~/marked-at-home.csv", literal: true)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "Exported 1 marked order")
        let file = app.binary.home.appendingPathComponent("marked-at-home.csv").path
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(whereSeparator: \.isNewline)
        #expect(lines.dropFirst().map { String($0.prefix(11)) } == [AppFixture.id(12)])
        #expect(!FileManager.default.fileExists(atPath: NSHomeDirectory() + "/marked-at-home.csv") || NSHomeDirectory() == app.binary.home.path)
    }

    @Test(":export with nothing marked writes the list as shown (search and tab applied)")
    func exportShown() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        try app.pane.send("2")
        try app.pane.waitFor(text: "5/12 orders")
        let file = app.binary.path("pending.json")
        try app.pane.send("w") // opens the palette with ":export "
        try app.pane.send(file, literal: true)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "Exported 5 shown orders")
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let orders = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(Set(orders.compactMap { $0["id"] as? String }) == Set([1, 6, 9, 11, 12].map(AppFixture.id)))
    }

    @Test("y copies the selected id with OSC 52 (tmux with set-clipboard on takes it into its buffer)")
    func copyID() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        _ = try TmuxPane.run(["tmux", "-L", app.pane.socket, "set", "-g", "set-clipboard", "on"])
        try app.pane.send("j")
        try app.pane.waitForSelection(AppFixture.id(11))
        try app.pane.send("y")
        try app.pane.waitFor(text: "Copied \(AppFixture.id(11))")
        var buffer = ""
        try waitUntil("tmux's buffer to hold the copied id", within: .seconds(5)) {
            buffer = try TmuxPane.run(["tmux", "-L", app.pane.socket, "show-buffer"]).output
            return buffer == AppFixture.id(11)
        }
        #expect(buffer == AppFixture.id(11))
    }

    @Test("y and :export never pass on ESC, OSC, BEL or bidi bytes stored by another tool: they show as on screen")
    func copyAndExportAreNeutralised() throws {
        let app = try AppFixture()
        defer { app.stop() }
        // Another program writes terminal escapes into text fields (the importer would refuse them).
        _ = try SQLiteShell.run(app.database, """
            UPDATE orders SET customer = 'Grace' || char(27) || ']52;c;aGk=' || char(7) || 'Okafor' WHERE id = 12;
            UPDATE line_items SET title = 'Lamp' || char(27) || '[2J' || char(8238) || 'x' WHERE order_id = 11;
            """)
        try app.start()
        _ = try TmuxPane.run(["tmux", "-L", app.pane.socket, "set", "-g", "set-clipboard", "on"])
        try app.pane.send("Space")
        try app.pane.send("Space")
        try app.pane.waitFor(text: "2 marked")
        try app.pane.send("y")
        try app.pane.waitFor(text: "Copied 2 marked orders")
        var buffer = ""
        try waitUntil("tmux's buffer to hold the copied CSV", within: .seconds(5)) {
            buffer = try TmuxPane.run(["tmux", "-L", app.pane.socket, "show-buffer"]).output
            return buffer.hasPrefix("id,")
        }
        let rows = buffer.components(separatedBy: "\r\n")
        #expect(rows.count == 4 && rows[3].isEmpty, "\(rows)")
        #expect(rows[1] == "ORD-0000011,local,,2026-09-22T01:13:20.000Z,2026-09-22T01:13:20.000Z,Ivan Petrov,c11@example.com,,,DE"
            + String(repeating: ",", count: 20) + "EUR,pending,pending,,unfulfilled,,,,,false,SKU-11,Lamp␛[2J\u{FFFD}x,1,640.00,640.00,0,"
            + "640.00,0.00,,,0.00,0.00,false,640.00,,0.00,640.00,EUR,640.00,,,,false,,,,,,1")
        #expect(rows[2] == "ORD-0000012,local,,2026-09-22T02:13:20.000Z,2026-09-22T02:13:20.000Z,Grace␛]52;c;aGk=␇Okafor,"
            + "c12@example.com,,,DE" + String(repeating: ",", count: 20) + "USD,pending,pending,,unfulfilled,,,,,false,SKU-12,Thing,1,"
            + "1500.00,1500.00,0,1500.00,0.00,,,0.00,0.00,false,1500.00,,0.00,1500.00,USD,1500.00,,,,false,,,,,,1")
        #expect(!buffer.unicodeScalars.contains { $0 != "\r" && $0 != "\n" && ($0.value < 0x20 || $0.value == 0x202E) })

        let file = app.binary.path("marked.csv")
        try app.pane.send(":")
        try app.pane.send("export \(file)", literal: true)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "Exported 2 marked orders")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == buffer, "the file holds what the clipboard got")
    }

    @Test("orders --help lists the full-screen keys, generated from the keymap")
    func helpListsKeys() throws {
        let binary = try OrdersBinary()
        defer { binary.removeAll() }
        let help = try binary.run(["--help"])
        #expect(help.status == 0)
        let lines = help.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("Keys in the full-screen app (vim-style and arrow keys both work):"))
        // Keys in a column as wide as the widest key list of the context (`v ctrl-space`).
        #expect(lines.contains("  j down        Select the next order"))
        #expect(lines.contains("  ? F1          Show every key"))
        #expect(lines.contains("Order detail:"))
    }
}
