import Foundation
import TerminalTestSupport
import Testing

/// A rule at work in the real `orders` app in tmux: a Shopify export's high-risk order, imported
/// after `orders rules add`, is on hold and tagged, and its detail's history names the rule.
@Suite("orders app: a rule's work in an order's history")
struct AppRulesEndToEndTests {
    /// `orders rules add high-risk` (hold with a reason, tag `check`), then a Shopify export of a
    /// low-risk #2001 and a high-risk #2002 imported into the fixture's database; the import's result.
    static func importUnderHighRiskRule(_ app: AppFixture) throws -> OrdersBinary.Result {
        let added = try app.binary.run(["rules", "add", "high-risk", "--query", "risk:high", "--hold", "high risk",
                                        "--tag", "check", "--db", app.database])
        #expect(added.status == 0, "\(added.stderr)")
        let file = app.binary.path("orders_export.csv")
        try CLIRulesTests.export([("#2001", "Low", "IE"), ("#2002", "High", "DE")])
            .write(toFile: file, atomically: true, encoding: .utf8)
        return try app.binary.run(["import", file, "--db", app.database])
    }

    @Test("a high-risk order imported under a rule: on hold, tagged, the rule the author of both in its history")
    func aHighRiskOrderArrivesHeldAndTagged() throws {
        let app = try AppFixture()
        defer { app.stop() }
        let imported = try AppRulesEndToEndTests.importUnderHighRiskRule(app)
        #expect(imported.stdout == "orders_export.csv: Shopify CSV, 2 orders: 2 new, 0 updated, 0 unchanged.\n", "\(imported.stderr)")
        try app.start(width: 140, height: 50, waitForList: false)
        try app.pane.waitFor(text: "14/14 orders", timeout: 30)
        try app.pane.send(":")
        try app.pane.waitFor(text: ":command, e.g.", timeout: 30)
        try app.pane.send("open #2002", literal: true)
        try app.pane.send("Enter")
        let screen = try app.pane.waitFor("the detail of #2002 with the rule's history", timeout: 30) { screen in
            screen.filter { $0.contains("by rule:high-risk") }.count == 3
        }
        // Each line less its date (the import's time) and the pane's border: what, from → to, by whom.
        let history = screen.filter { $0.contains("by rule:high-risk") }.map { line in
            String(line[line.range(of: "UTC  ")!.upperBound...].prefix { $0 != "│" }).trimmingCharacters(in: .whitespaces)
        }
        #expect(history == ["Tag: — → check  by rule:high-risk",
                            "Fulfilment: unfulfilled → on_hold  by rule:high-risk",
                            "Note: — → On hold: high risk  by rule:high-risk"], "\(screen)")
    }
}

/// The rules screen in the real `orders` app in tmux: `:rules` shows the rule with the one order it
/// changed today (an import just now), and its query is edited in place and saved for everyone.
@Suite("orders app: the rules screen")
struct AppRulesScreenEndToEndTests {
    @Test("`:rules` shows the rule's count of today and saves its query edited in place")
    func theRulesScreenCountsAndEdits() throws {
        let app = try AppFixture()
        defer { app.stop() }
        let imported = try AppRulesEndToEndTests.importUnderHighRiskRule(app)
        #expect(imported.status == 0, "\(imported.stderr)")
        try app.start(width: 140, height: 40, waitForList: false)
        try app.pane.waitFor(text: "14/14 orders", timeout: 30)
        try app.pane.send(":")
        try app.pane.waitFor(text: ":command, e.g.", timeout: 30)
        try app.pane.send("rules", literal: true)
        try app.pane.send("Enter")
        // The rule held and tagged #2002 just now: one order changed today.
        let screen = try app.pane.waitFor("the rules screen with the rule's count", timeout: 30) { screen in
            screen.contains { $0.contains("high-risk") && $0.contains("risk:high") && !$0.contains("…") }
        }
        let row = try #require(screen.first { $0.contains("high-risk") && $0.contains("risk:high") })
        let cells = row.split(separator: " ").filter { $0 != "│" }
        // `orders rules add` keeps the actions in a fixed order: tags first, then the hold.
        #expect(cells == ["on", "high-risk", "arrive", "risk:high", "tag", "check;", "hold:", "high", "risk", "1"], "\(screen)")
        try app.pane.send("e")
        try app.pane.waitFor(text: "query: risk:high", timeout: 30)
        try app.pane.send(" ship:unfulfilled", literal: true)
        try app.pane.waitFor(text: "query: risk:high ship:unfulfilled", timeout: 30)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "Changed the query of rule high-risk.", timeout: 30)
        let shown = try app.binary.run(["rules", "show", "high-risk", "--db", app.database])
        #expect(shown.stdout.components(separatedBy: "\n").prefix(2) == ["Name:     high-risk", "Query:    risk:high ship:unfulfilled"],
                "\(shown.stdout)\(shown.stderr)")
    }
}
