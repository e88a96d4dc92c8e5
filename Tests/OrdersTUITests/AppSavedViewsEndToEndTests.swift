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

    /// The table's header line (the one naming the Number column).
    static func header(_ screen: [String]) -> String? {
        screen.first { $0.contains("Number") }
    }

    @Test(":columns number,total, :save Narrow, another tab, back to Narrow: those columns; started again: still")
    func aViewsColumns() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start(width: 100, height: 24)
        // At 100 columns the first view shows, the others as "+3".
        try app.pane.waitFor(text: " To fulfil 3", timeout: 15)
        let every = "    Number        Date ▼       Age Customer               Items          Total Payment/Shipping"
        #expect(Self.header(try app.pane.screen()) == every)
        try app.pane.send(":")
        try app.pane.send("columns number,total", literal: true)
        try app.pane.send("Enter")
        let narrow = "    Number                 Total"
        try app.pane.waitFor("the two columns", timeout: 15) { Self.header($0) == narrow }
        try app.pane.send(":")
        try app.pane.send("save Narrow", literal: true)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: " Narrow 12", timeout: 15)
        // Another tab: every column again.
        try app.pane.send("2")
        try app.pane.waitFor("every column on Pending", timeout: 15) { Self.header($0) == every }
        // Back to the Narrow tab (Shift-Tab from Pending goes to All; from All round to the last tab, the view).
        try app.pane.send("BTab")
        try app.pane.send("BTab")
        try app.pane.waitFor("the view's two columns", timeout: 15) { Self.header($0) == narrow }
        let screen = try app.pane.screen()
        let rows = screen.filter { AppFixture.orderID(in: $0) != nil }
        #expect(rows.count == 12)
        #expect(rows.allSatisfy { !$0.contains("Paid") && !$0.contains("/") })
        try app.pane.send("q")
        #expect(try app.pane.waitForExit() == 0)

        // Started again on the same database: the app opens on every column; the view brings its two.
        let again = TmuxPane()
        try app.start(on: again, width: 100, height: 24)
        try again.waitFor(text: " To fulfil 3", timeout: 15)
        #expect(Self.header(try again.screen()) == every)
        try again.send("BTab")
        try again.waitFor("the view's two columns after a restart", timeout: 15) { Self.header($0) == narrow }
        try again.send("q")
        #expect(try again.waitForExit() == 0)
    }
}
