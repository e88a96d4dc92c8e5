import Foundation
import OrdersCore
import OrdersInterchange
import Testing

/// `orders rules` on the real binary: a rule added, refused in one sentence, listed, applied as a
/// Shopify export's high-risk order arrives (held and tagged, the rule named in its history),
/// tried without changing the file, and applied to stored orders only when confirmed.
@Suite("orders rules")
final class CLIRulesTests {
    let cli: OrdersBinary

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    /// A Shopify admin export of the columns these orders need: `Risk Level` is the shop's fraud verdict.
    static func export(_ rows: [(name: String, risk: String, country: String)]) -> String {
        let header = "Name,Email,Financial Status,Fulfillment Status,Currency,Subtotal,Shipping,Taxes,Total,Created at,"
            + "Lineitem quantity,Lineitem name,Lineitem price,Lineitem sku,Billing Name,Billing Country,Id,Risk Level"
        let lines = rows.enumerated().map { index, row in
            "\(row.name),c\(index)@example.com,paid,,EUR,20.00,0.00,0.00,20.00,2025-12-0\(index + 1) 10:00:00 +0000,"
                + "1,Mug,20.00,MUG-1,Customer \(index),\(row.country),50000\(index),\(row.risk)"
        }
        return ([header] + lines).joined(separator: "\r\n") + "\r\n"
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = cli.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func rulesAddedBeforeTheFirstImportMakeTheDatabaseAndTriageThatImport() throws {
        let db = cli.path("new.db")
        // Asking about rules of a database that is not there creates nothing.
        let listed = try cli.run(["rules", "list", "--db", db])
        #expect(listed.stderr == "orders: " + OrderDatabase.missingMessage(db) + "\n")
        #expect(listed.status == 1)
        #expect(!FileManager.default.fileExists(atPath: db))
        let added = try cli.run(["rules", "add", "high-risk", "--query", "risk:high", "--hold", "high risk", "--db", db])
        #expect(added.stdout == "Added rule high-risk: on arrive, risk:high → --hold \"high risk\".\n")
        #expect(added.status == 0, "\(added.stderr)")
        let imported = try cli.run(["import", try write("day1.csv", Self.export([("#1001", "High", "IE")])), "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        let shown = try cli.run(["show", "#1001", "--format", "json", "--db", db])
        let order = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(order["fulfillment_status"] as? String == "on_hold")
    }

    @Test func aHighRiskOrderArrivesHeldAndTaggedWithTheRuleInItsHistory() throws {
        let db = cli.path("shop.db")
        let first = try cli.run(["import", try write("day1.csv", Self.export([("#1001", "Low", "IE")])), "--db", db])
        #expect(first.status == 0, "\(first.stderr)")
        // Ana flags an order by hand: the team's names now include her.
        #expect(try cli.run(["flag", "#1001", "--db", db], environment: ["ORDERS_ACTOR": "ana"]).status == 0)

        let unknown = try cli.run(["rules", "add", "high-risk", "--query", "risk:high", "--assign", "bob", "--db", db])
        #expect(unknown.stderr == "orders: Unknown operator \"bob\": the team's names are ana.\n")
        #expect(unknown.status == 1)
        let badQuery = try cli.run(["rules", "add", "high-risk", "--query", "risk:hihg", "--flag", "--db", db])
        #expect(badQuery.stderr.hasPrefix("orders: The query \"risk:hihg\" does not parse: "))
        #expect(badQuery.status == 1)

        let added = try cli.run(["rules", "add", "high-risk", "--query", "risk:high", "--hold", "high risk", "--tag", "check",
                                 "--db", db], environment: ["ORDERS_ACTOR": "ana"])
        #expect(added.stdout == "Added rule high-risk: on arrive, risk:high → --tag check --hold \"high risk\".\n")
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try cli.run(["rules", "list", "--format", "json", "--db", db])
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(rules.count == 1)
        #expect(rules.first?["name"] as? String == "high-risk")
        #expect(rules.first?["changed_by"] as? String == "ana")
        #expect(rules.first?["actions"] as? [String] == ["--tag check", "--hold \"high risk\""])

        let second = try cli.run(["import", try write("day2.csv", Self.export([("#1001", "Low", "IE"), ("#2002", "High", "DE")])),
                                  "--db", db])
        #expect(second.status == 0, "\(second.stderr)")
        let shown = try cli.run(["show", "#2002", "--format", "json", "--db", db])
        let order = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(order["fulfillment_status"] as? String == "on_hold")
        #expect(order["tags"] as? [String] == ["check"])
        let history = try #require(order["history"] as? [[String: Any]])
        #expect(history.map { "\($0["actor"] as? String ?? "") \($0["field"] as? String ?? "") \($0["old"] as? String ?? "-") → \($0["new"] as? String ?? "-")" } == [
            "rule:high-risk tags - → check",
            "rule:high-risk fulfillment unfulfilled → on_hold",
            "rule:high-risk notes - → On hold: high risk",
        ])

        // test: which stored orders match and what would change; the file is left byte for byte.
        #expect(try cli.run(["rules", "edit", "high-risk", "--flag", "--db", db]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let tried = try cli.run(["rules", "test", "high-risk", "--db", db])
        #expect(tried.stdout == """
            Rule high-risk matches 1 stored orders; 1 would change (nothing was changed).
              shopify:#2002  flagged: false → true

            """)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)

        let refused = try cli.run(["rules", "apply", "high-risk", "--existing", "--db", db])
        #expect(refused.stderr == "orders: rules apply asks before changing 1 orders and there is no terminal to ask on: "
                + "give --yes to apply without asking.\n")
        #expect(refused.status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        let applied = try cli.run(["rules", "apply", "high-risk", "--existing", "--yes", "--db", db])
        #expect(applied.stdout == "Rule high-risk changed 1 orders.\n")
        let after = try cli.run(["show", "#2002", "--format", "json", "--db", db])
        let afterOrder = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any])
        #expect(afterOrder["flagged"] as? Bool == true)
        #expect((afterOrder["history"] as? [[String: Any]])?.last?["actor"] as? String == "rule:high-risk")
    }
}
