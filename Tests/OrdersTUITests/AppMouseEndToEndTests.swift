import Foundation
import TerminalTestSupport
import Testing

/// Mouse input as a terminal sends it (SGR reports, typed into the pane as raw bytes).
@Suite("orders app: mouse")
struct AppMouseEndToEndTests {
    /// An SGR mouse click (press and release) of `button` (0 is left); x and y from 0.
    static func press(_ button: Int, x: Int, y: Int) -> String {
        "\u{1B}[<\(button);\(x + 1);\(y + 1)M\u{1B}[<\(button);\(x + 1);\(y + 1)m"
    }

    /// A wheel notch (64 up, 65 down): terminals send a press only.
    static func wheel(_ button: Int, x: Int, y: Int) -> String {
        "\u{1B}[<\(button);\(x + 1);\(y + 1)M"
    }

    @Test("click selects a row, double-click opens it, the wheel scrolls, a click on a tab switches to it")
    func mouse() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        let row = try #require(try app.pane.screen().firstIndex { $0.contains(AppFixture.id(9)) })
        try app.pane.send(Self.press(0, x: 30, y: row), literal: true)
        try app.pane.waitForSelection(AppFixture.id(9))

        try app.pane.send(Self.wheel(65, x: 30, y: row), literal: true)
        try app.pane.waitForSelection(AppFixture.id(6))
        try app.pane.send(Self.wheel(64, x: 30, y: row), literal: true)
        try app.pane.waitForSelection(AppFixture.id(9))

        let tabs = try app.pane.screen()[1]
        let pending = try #require(tabs.range(of: "Pending 5"))
        try app.pane.send(Self.press(0, x: tabs.distance(from: tabs.startIndex, to: pending.lowerBound) + 1, y: 1), literal: true)
        try app.pane.waitFor(text: "5/12 orders")

        let pendingRow = try #require(try app.pane.screen().firstIndex { $0.contains(AppFixture.id(11)) })
        try app.pane.send(Self.press(0, x: 30, y: pendingRow) + Self.press(0, x: 30, y: pendingRow), literal: true)
        try app.waitForDetail(11, showing: "Ivan Petrov")
    }

    @Test("a click on a column title sorts by it; a second click flips the direction")
    func headerClickSorts() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        let screen = try app.pane.screen()
        let headerRow = try #require(screen.firstIndex { $0.contains("Customer") && $0.contains("Total") })
        let header = screen[headerRow]
        let total = try #require(header.range(of: "Total"))
        let x = header.distance(from: header.startIndex, to: total.lowerBound) + 1
        try app.pane.send(Self.press(0, x: x, y: headerRow), literal: true)
        try app.pane.waitFor("the largest total first") { _ in try app.visibleIDs().first == AppFixture.id(5) }
        #expect(try app.pane.screen()[headerRow].contains("Total ▼"))
        try app.pane.send(Self.press(0, x: x, y: headerRow), literal: true)
        try app.pane.waitFor("the smallest total first") { _ in try app.visibleIDs().first == AppFixture.id(1) }
        #expect(try app.pane.screen()[headerRow].contains("Total ▲"))
    }

    @Test("M turns mouse capture off and on at runtime")
    func toggle() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        #expect(try app.pane.format("#{mouse_any_flag}") == "1")
        try app.pane.send("M")
        try app.pane.waitFor(text: "Mouse off")
        #expect(try app.pane.format("#{mouse_any_flag}") == "0")
        try app.pane.send("M")
        try app.pane.waitFor(text: "Mouse on")
        #expect(try app.pane.format("#{mouse_any_flag}") == "1")
    }
}
