import Foundation
import TerminalTestSupport
import Testing

/// The list screen's layout at real terminal sizes, with wide (CJK, Hangul) names.
@Suite("orders app: layout")
struct AppLayoutEndToEndTests {
    /// The starts of the payment/shipping cells the fixture's orders show (`OrderStatusWords`).
    static let statuses = ["Unpaid/", "Paid/", "Voided/", "Refunded/"]

    /// Every order row's payment/shipping cell and total end in the same display columns, whatever the customer's script.
    static func expectAligned(_ screen: [String], width: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let statusColumns = AppFixture.columns(of: statuses, in: screen)
        #expect(statusColumns.count == 12, sourceLocation: sourceLocation)
        #expect(Set(statusColumns).count == 1, "status columns \(statusColumns)", sourceLocation: sourceLocation)
        let rows = screen.filter { AppFixture.orderID(in: $0) != nil }
        for row in rows {
            #expect(AppFixture.displayWidth(Substring(row)) <= width, "\(row)", sourceLocation: sourceLocation)
        }
        // Totals are right-aligned: each ends just before the status column.
        let totalEnds = rows.compactMap { row -> Int? in
            guard let range = row.range(of: #"[0-9]+(\.[0-9]+)? "#, options: [.regularExpression, .backwards]) else { return nil }
            return AppFixture.displayWidth(row[..<range.upperBound])
        }
        #expect(Set(totalEnds).count == 1, "total ends \(totalEnds)", sourceLocation: sourceLocation)
    }

    @Test("80x24: every row aligned with CJK and Hangul names; header, tabs, footer on screen")
    func narrow() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start(width: 80, height: 24)
        // The whole first frame, header included: under load a capture can catch a frame half
        // written (seen once with a benchmark running beside the suite), so wait for its header.
        let screen = try app.pane.waitFor("the header with every order counted") {
            $0.first?.hasPrefix("orders ~/orders.db ") == true && $0.first?.hasSuffix("12/12 orders") == true
        }
        Self.expectAligned(screen, width: 80)
        #expect(screen[1].contains("Pending 5"))
        #expect(screen[23].hasPrefix("enter open"))
        #expect(screen.contains { $0.contains("王秀英") } && screen.contains { $0.contains("김민준") })
    }

    @Test("200x60: the wide layout keeps every column and stays aligned")
    func wide() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start(width: 200, height: 60)
        let screen = try app.pane.screen()
        Self.expectAligned(screen, width: 200)
        #expect(screen[2].contains("Items") && screen[2].contains("Date"))
        #expect(screen[0].count == 200)
    }

    @Test("resizing re-lays out the table; too small says what it needs; growing again restores it")
    func resize() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start(width: 160, height: 40)
        Self.expectAligned(try app.pane.screen(), width: 160)
        try app.pane.resize(width: 84, height: 26)
        try app.pane.waitFor("the header at the new width") { $0.first?.count == 84 && $0.first?.hasSuffix("12/12 orders") == true }
        Self.expectAligned(try app.pane.screen(), width: 84)
        try app.pane.resize(width: 40, height: 10)
        try app.pane.waitFor(text: "need 60×12")
        try app.pane.resize(width: 100, height: 30)
        try app.pane.waitFor("the list back at 100 columns") { $0.first?.count == 100 }
        Self.expectAligned(try app.pane.screen(), width: 100)
    }

    @Test("NO_COLOR=1 still shows the selection (reverse video) and it moves")
    func noColor() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start(environment: ["NO_COLOR": "1"])
        try app.pane.waitForSelection(AppFixture.id(12))
        let styled = try app.pane.styledScreen().joined()
        let colours = (0...7).flatMap { ["\u{1B}[3\($0)m", "\u{1B}[9\($0)m", "\u{1B}[4\($0)m", ";3\($0)m", ";9\($0)m"] } + ["38;5;", "38;2;"]
        #expect(!colours.contains { styled.contains($0) }, "no colours under NO_COLOR")
        try app.pane.send("j")
        try app.pane.waitForSelection(AppFixture.id(11))
    }

    @Test("TERM=vt100: usable with ASCII marks and reverse-video selection")
    func vt100() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start(environment: ["TERM": "vt100"])
        try app.pane.waitForSelection(AppFixture.id(12))
        // The flagged order's mark is ASCII on a vt100.
        let flaggedRow = try app.pane.screen().first { $0.contains(AppFixture.id(4)) } ?? ""
        #expect(flaggedRow.hasPrefix("!   "), "\(flaggedRow)")
        try app.pane.send("G")
        try app.pane.waitForSelection(AppFixture.id(1))
    }
}
