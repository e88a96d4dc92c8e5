import Foundation
import TerminalTestSupport
import Testing

/// The dashboard in a real terminal: opened from the list, Enter on a number lists exactly its orders.
@Suite("orders app: dashboard")
struct AppDashboardEndToEndTests {
    @Test("D opens the dashboard; Enter on the >7d bucket lists exactly the orders still to ship created over 7 days ago")
    func enterOnOldestBucket() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start(width: 120, height: 40)
        try app.pane.send("D")
        // The fixture's orders are all from 2026-09-21, so every pending and processing one is over 7 days
        // old: focus starts on that bucket, and its heading names it with its count once figures are in.
        try app.pane.waitFor(text: "Still to ship, by age", timeout: 15)
        try app.pane.waitFor(text: ">7d: 8", timeout: 15)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "8/12 orders", timeout: 15)
        try app.waitForRows([12, 11, 10, 9, 8, 6, 3, 1].map(AppFixture.id))
        // The search says what it selects, in the language the operator can edit.
        #expect(try app.pane.screen().contains { $0.hasPrefix("/ status:pending,processing before:") })
        // Esc on the dashboard goes back to the list as it was.
        try app.pane.send("D")
        try app.pane.waitFor(text: "Still to ship, by age", timeout: 15)
        try app.pane.send("Escape")
        try app.pane.waitFor(text: "8/12 orders", timeout: 15)
    }
}
