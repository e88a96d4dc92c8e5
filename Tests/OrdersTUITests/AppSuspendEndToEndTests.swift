import Foundation
import TerminalTestSupport
import Testing

@Suite("orders app: suspend")
struct AppSuspendEndToEndTests {
    @Test("Ctrl-Z stops to the shell; after `clear; fg` the whole screen is drawn again and keys work")
    func suspendAndResume() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.pane.start("bash --norc -i", width: 100, height: 30, environment: ["TERM": "tmux-256color"])
        let command = ["env", "TERM=tmux-256color", "XDG_CONFIG_HOME=\(app.configHome)", OrdersBinary.url.path, "--db", app.database]
            .map(TmuxPane.quote).joined(separator: " ")
        try app.pane.send(command, literal: true)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "12/12 orders", timeout: 30)
        try app.pane.send("C-z")
        try app.pane.waitFor(text: "Stopped")
        try app.pane.send("clear; fg", literal: true)
        try app.pane.send("Enter")
        let screen = try app.pane.waitFor(text: "12/12 orders")
        // Everything is back, not just the rows that changed: header, tabs, rows and footer.
        #expect(screen[1].contains("Pending 5"))
        #expect(screen.contains { $0.contains(AppFixture.id(1)) })
        #expect(screen.contains { $0.hasPrefix("enter open") })
        try app.pane.send("j")
        try app.pane.waitForSelection(AppFixture.id(11))
        try app.pane.send("q")
        try app.pane.waitFor("back at the shell") { screen in !screen.contains { $0.contains("12/12 orders") } }
        #expect(try app.pane.format("#{alternate_on}") == "0")
    }
}
