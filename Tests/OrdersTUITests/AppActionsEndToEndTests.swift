import Foundation
import TerminalTestSupport
import Testing

/// Actions from the list, checked in the database with `orders show`.
@Suite("orders app: actions")
struct AppActionsEndToEndTests {
    @Test("c advances the selected order, persists, moves the selection on; u undoes it")
    func completeAdvancesAndUndoes() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        try app.pane.waitForSelection(AppFixture.id(12))
        try app.pane.send("c")
        try app.waitForStoredStatus(12, "processing")
        try app.pane.waitForSelection(AppFixture.id(11))
        // Processing is paid and not yet sent: the row's payment/shipping cell says so.
        #expect(try app.pane.screen().first { $0.contains(AppFixture.id(12)) }?.contains("Paid/Unsent") == true)
        try app.pane.send("u")
        try app.waitForStoredStatus(12, "pending")
        try app.pane.waitFor(text: "Undone: advance")
        // Redo puts it back.
        try app.pane.send("C-r")
        try app.waitForStoredStatus(12, "processing")
    }

    @Test("cancelling marked orders asks first: Enter keeps (safe default), Tab+Enter cancels exactly those")
    func bulkCancelConfirms() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        try app.pane.send("Space")
        try app.pane.send("j") // skip 11
        try app.pane.send("Space")
        try app.pane.waitFor(text: "2 marked")
        try app.pane.send("x")
        try app.pane.waitFor(text: "Cancel 2 orders?")
        try app.pane.send("Enter")
        try app.pane.waitFor("the dialog closed") { screen in !screen.contains { $0.contains("Cancel 2 orders?") } }
        #expect(try app.stored(12)["status"] as? String == "pending")
        #expect(try app.stored(10)["status"] as? String == "processing")

        try app.pane.send("x")
        try app.pane.waitFor(text: "Cancel 2 orders?")
        try app.pane.send("Tab")
        try app.pane.send("Enter")
        try app.waitForStoredStatus(12, "cancelled")
        try app.waitForStoredStatus(10, "cancelled")
        #expect(try app.stored(11)["status"] as? String == "pending")
        #expect(try app.stored(9)["status"] as? String == "pending")
    }

    @Test("a change made by another process appears on screen, marked as recently changed")
    func liveUpdateFromAnotherProcess() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        let row = { try app.pane.screen().first { $0.contains(AppFixture.id(9)) } ?? "" }
        #expect(try row().contains("Unpaid/Unsent"))
        let result = try app.binary.run(["set-status", AppFixture.id(9), "processing", "--db", app.database])
        #expect(result.status == 0)
        try app.pane.waitFor("ORD-0000009 shown as processing (paid, unsent)", timeout: 10) { screen in
            screen.contains { $0.contains(AppFixture.id(9)) && $0.contains("Paid/Unsent") }
        }
        // The recently-changed mark (↻) sits in the row's mark column.
        #expect(try row().hasPrefix("  ↻ "))
    }

    @Test("e writes a note of two lines on the selected order: Enter starts the second, Ctrl-S saves (through tmux)")
    func noteIsSaved() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        try app.pane.send("e")
        try app.pane.waitFor(text: "Note on \(AppFixture.id(12))")
        try app.pane.waitFor(text: "ctrl-s save")
        try app.pane.send("call back on Monday", literal: true)
        try app.pane.send("Enter")
        try app.pane.send("ask for Ana", literal: true)
        try app.pane.send("C-s")
        var notes: [[String: Any]] = []
        try waitUntil("the note stored on ORD-0000012", within: .seconds(10)) {
            notes = try app.stored(12)["notes"] as? [[String: Any]] ?? []
            return !notes.isEmpty
        }
        #expect(notes.first?["text"] as? String == "call back on Monday\nask for Ana")
    }

    @Test("a broken config is reported in the app, which starts with the default keys")
    func brokenConfig() throws {
        let app = try AppFixture(config: #"{"theme": "neon", "mouse": false}"#)
        defer { app.stop() }
        try app.start()
        let screen = try app.pane.waitFor(text: "[ OK ]")
        // The message wraps inside the alert; joined up, it names the file and the problem.
        let message = screen.compactMap { line -> String? in
            guard let first = line.firstIndex(of: "│"), let last = line.lastIndex(of: "│"), first < last else { return nil }
            return line[line.index(after: first)..<last].trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }.joined(separator: " ")
        #expect(message.contains("config.json: theme must be one of dark, light, monochrome; using defaults"))
        try app.pane.send("Enter") // dismisses the alert
        try app.pane.waitFor("the alert closed") { screen in !screen.contains { $0.contains("[ OK ]") } }
        try app.pane.send("j")
        try app.pane.waitForSelection(AppFixture.id(11))
    }

    @Test("key overrides from the config apply, and the footer shows them")
    func keyOverrides() throws {
        let app = try AppFixture(config: #"{"keys": {"list.down": ["ctrl-n"], "list.open": ["o"]}}"#)
        defer { app.stop() }
        try app.start()
        try app.pane.waitFor(text: "o open")
        try app.pane.send("C-n")
        try app.pane.waitForSelection(AppFixture.id(11))
        try app.pane.send("o")
        try app.waitForDetail(11)
    }
}
