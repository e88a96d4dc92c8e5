import Foundation
import TerminalTestSupport
import Testing

/// Saved views in a real terminal: save the search as a view, see its tab and count, switch to it,
/// quit, start again: the view is still there (it lives in the database), and still works.
@Suite("orders app: saved views")
struct AppSavedViewsEndToEndTests {
    @Test("save a view, see its tab and count, switch to it, quit, start again: still there")
    func saveSwitchAndKeep() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start(width: 160, height: 30)
        // The default views are there from the start, with their counts (Mine: nothing is assigned to "tester").
        try app.pane.waitFor(text: " Mine 0", timeout: 15)
        try app.pane.send("/")
        try app.pane.send("muller", literal: true)
        try app.pane.send("Enter")
        try app.waitForRows([8, 4].map(AppFixture.id))
        try app.pane.send(":")
        try app.pane.send("save Mullers", literal: true)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: " Mullers 2", timeout: 15)
        // The status tabs count the search; each view its own query, whatever is typed.
        let tabs = try #require(try app.pane.screen().first { $0.contains(" Mullers 2") })
        #expect(tabs == " All 2   Pending 0   Processing 1   Shipped 1   Completed 0   Closed 0   To fulfil 3   Unpaid > 3 days 5   High risk 0   Mine 0   Mullers 2")

        // Leave it for the All tab (its search goes), then Shift-Tab comes round to the last tab: the view.
        try app.pane.send("1")
        try app.pane.waitFor(text: "12/12 orders", timeout: 15)
        try app.pane.send("BTab")
        try app.waitForRows([8, 4].map(AppFixture.id))
        #expect(try app.pane.screen().contains { $0.hasPrefix("/ muller") })
        try app.pane.send("q")
        #expect(try app.pane.waitForExit() == 0)

        // Started again on the same database: the view is still there, with its count, and opens.
        let again = TmuxPane()
        try app.start(on: again, width: 160, height: 30)
        try again.waitFor(text: " Mullers 2", timeout: 15)
        try again.send(":")
        try again.send("view mullers", literal: true)
        try again.send("Enter")
        try again.waitFor("the view's two orders", timeout: 15) { screen in
            screen.contains { $0.hasSuffix(" 2/12 orders") }
                && screen.filter { !$0.hasPrefix("/ ") }.compactMap(AppFixture.orderID(in:)) == [8, 4].map(AppFixture.id)
        }
        try again.send("q")
        #expect(try again.waitForExit() == 0)
    }
}
