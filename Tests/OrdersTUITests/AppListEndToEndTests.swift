import Foundation
import TerminalTestSupport
import Testing

/// The list screen driven by its keys in a real terminal: search, tabs, sort, open.
@Suite("orders app: list keys")
struct AppListEndToEndTests {
    @Test("/ searches live: the list narrows to exactly the matching ids; Esc clears")
    func searchNarrows() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        try app.pane.send("/")
        try app.pane.send("muller", literal: true)
        try app.pane.waitFor(text: " 2/12 orders")
        try app.waitForRows([AppFixture.id(8), AppFixture.id(4)])
        try app.pane.send("Enter")
        // n moves to the next match; the search text stays after Enter.
        try app.pane.send("n")
        try app.pane.waitForSelection(AppFixture.id(4))
        #expect(try app.pane.screen().contains { $0.hasPrefix("/ muller") })
        try app.pane.send("/")
        try app.pane.send("Escape")
        try app.pane.waitFor("all twelve rows back") { _ in try app.visibleIDs().count == 12 }
    }

    @Test("a pasted id searches for it")
    func pasteSearches() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        try app.pane.paste(AppFixture.id(7))
        try app.pane.waitFor(text: "1/12 orders")
        try app.waitForRows([AppFixture.id(7)])
    }

    @Test("a 1 MB bracketed paste is cut to the search field's size with a notice; keys stay instant")
    func megabytePasteIsCut() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        // 1 MB of words, as a file dropped into the terminal by mistake would be.
        try app.pane.paste(String(repeating: "ivan petrov ", count: 87_382))
        try app.pane.waitFor(text: "Cut at 1,000 characters, the most this field holds")
        // The field holds 1,000 characters (167 terms): the query is refused, the list stays as it was.
        try app.pane.waitFor(text: "a search takes at most 32 terms, this one has 167")
        #expect(try app.visibleIDs().count == 12)
        // The app answers the next keys at once: clear the field and search again.
        try app.pane.send("C-u")
        try app.pane.send("ivan", literal: true)
        try app.pane.waitFor(text: "1/12 orders", timeout: 5)
        try app.waitForRows([AppFixture.id(11)])
    }

    @Test("2 shows only pending orders with the right count in the tab; Tab moves to the next tab")
    func statusTab() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        #expect(try app.pane.screen()[1].contains(" Pending 5 "))
        try app.pane.send("2")
        try app.pane.waitFor(text: "5/12 orders")
        try app.waitForRows([12, 11, 9, 6, 1].map(AppFixture.id))
        try app.pane.send("Tab")
        try app.pane.waitFor(text: "3/12 orders")
        try app.waitForRows([10, 8, 3].map(AppFixture.id))
    }

    @Test("s cycles the sort to total, largest first, with the indicator in the header; S flips it")
    func sortByTotal() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        #expect(try app.pane.screen().contains { $0.contains("Date ▼") })
        // The table's order from the date: customer → items → total (number comes round after status).
        for _ in 0..<3 { try app.pane.send("s") }
        try app.pane.waitFor(text: "Total ▼")
        try app.pane.waitFor("the largest total first") { _ in try app.visibleIDs().first == AppFixture.id(5) }
        try app.pane.send("S")
        try app.pane.waitFor(text: "Total ▲")
        try app.pane.waitFor("the smallest total first") { _ in try app.visibleIDs().first == AppFixture.id(1) }
    }

    @Test("Enter opens the selected order; ] shows the next; Esc goes back to the list")
    func enterOpensDetail() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        try app.pane.send("j")
        try app.pane.send("j")
        try app.pane.waitForSelection(AppFixture.id(10))
        try app.pane.send("Enter")
        try app.waitForDetail(10, showing: "Chloé Durand")
        try app.pane.send("]")
        try app.waitForDetail(9, showing: "김민준")
        try app.pane.send("Escape")
        try app.pane.waitFor(text: "12/12 orders")
        try app.pane.waitForSelection(AppFixture.id(9))
        try app.pane.send("q")
        #expect(try app.pane.waitForExit() == 0)
    }

    @Test("? shows the key bindings, generated from the keymap; typing filters them")
    func helpShowsBindings() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        try app.pane.send("?")
        try app.pane.waitFor(text: "Select the next order")
        try app.pane.send("undo", literal: true)
        try app.pane.waitFor("only the undo binding") { screen in
            screen.contains { $0.contains("Undo the last action") } && !screen.contains { $0.contains("Select the next order") }
        }
        try app.pane.send("Escape")
        try app.pane.waitFor("help closed") { screen in !screen.contains { $0.contains("Undo the last action") } }
    }

    @Test(":open ID opens that order; --open ID starts on it with the list behind")
    func openCommands() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        try app.pane.send(":")
        try app.pane.send("open \(AppFixture.id(3))", literal: true)
        try app.pane.send("Enter")
        try app.waitForDetail(3, showing: "王秀英")

        let second = try AppFixture()
        defer { second.stop() }
        try second.start(arguments: ["--open", AppFixture.id(5)], waitForList: false)
        try second.waitForDetail(5, showing: "Zoë Adams")
        try second.pane.send("Escape")
        try second.pane.waitFor(text: "12/12 orders")
        try second.pane.waitForSelection(AppFixture.id(5))
    }

    @Test("--open takes the README's orders://order/ link and starts on that order")
    func openLink() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start(arguments: ["--open", "orders://order/" + AppFixture.id(5)], waitForList: false)
        try app.waitForDetail(5, showing: "Zoë Adams")
    }
}
