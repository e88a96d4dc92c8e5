import Foundation
import TerminalTestSupport
import Testing

/// The frequency sheet on the real binary in tmux: `%`, a column typed in the palette, the sheet
/// over the list, Enter filtering the list by the search it shows; Esc leaving the list as it was.
@Suite("orders app: the frequency sheet")
struct AppFrequencyEndToEndTests {
    @Test("% status: five pending of twelve with their totals per currency; Enter shows them by status:pending; Esc keeps the list")
    func statusSheetFilters() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start(width: 100, height: 30)
        try app.pane.send("%")
        try app.pane.waitFor(text: ":freq ")
        try app.pane.send("status", literal: true)
        try app.pane.send("Enter")
        // Pending: 1 (US$10.00), 6 (JP¥5,400), 9 (US$77.00), 11 (€640.00), 12 (US$1,500.00):
        // 5 of 12 is 41.7%; US$10 + US$77 + US$1,500 = US$1,587.00.
        let sheet = try app.pane.waitFor(text: "5 values among 12 shown orders")
        let pending = try #require(sheet.first { $0.contains("pending") })
        let cells = pending.split(separator: "│").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(cells.contains("pending 5 41.7% €640.00 JP¥5,400 US$1,587.00"), "\(pending)")
        #expect(sheet.contains { $0.contains("Frequency: Status") })
        try app.pane.send("Enter")
        let filtered = try app.pane.waitFor(text: "5/12 orders")
        #expect(filtered.contains { $0.contains("status:pending") }, "the search line shows the term")
        try app.waitForRows([12, 11, 9, 6, 1].map(AppFixture.id))

        // Esc: back to the list exactly as it was.
        try app.pane.send("%")
        try app.pane.waitFor(text: ":freq ")
        try app.pane.send("status", literal: true)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "1 value among 5 shown orders")
        try app.pane.send("Escape")
        try app.pane.waitFor("the sheet gone") { screen in !screen.contains { $0.contains("Frequency: Status") } }
        try app.waitForRows([12, 11, 9, 6, 1].map(AppFixture.id))
        #expect(try app.pane.screen().contains { $0.contains("5/12 orders") })
    }
}
