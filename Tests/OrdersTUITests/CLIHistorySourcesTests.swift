import Foundation
import OrdersCore
import OrdersInterchange
import Testing

/// `orders history --format json` and `orders show --format json` give each entry as a typed record
/// (issue 27): its id, version, time, kind, actor, source, and the field with what it moved from and to;
/// the text history names the door after the actor where the name does not say it.
@Suite("orders history: each entry's id, kind and source")
final class CLIHistorySourcesTests {
    let cli: OrdersBinary

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    /// An own JSON file of one order, #1001, with the customer's name given.
    func writeFile(customer: String) throws -> String {
        let file = cli.path("orders.json")
        try """
        [{"id": "#1001", "source": "shopify", "customer": "\(customer)", "email": "aoife@example.ie", "country": "IE",
          "currency": "EUR", "status": "pending", "payment_status": "pending", "fulfillment_status": "unfulfilled",
          "created_at": "2026-03-01T09:30:00Z",
          "items": [{"sku": "MUG-1", "title": "Mug", "quantity": 2, "unit_price": 45.05}]}]
        """.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func anOperatorsTagARulesNoteAndAReplacingImportAreTypedEntries() throws {
        let db = cli.path("shop.db")
        #expect(try cli.run(["import", try writeFile(customer: "Aoife Wood"), "--db", db, "--actor", "ana"]).status == 0)
        let rule = try cli.run(["rules", "add", "10-gift", "--query", "tag:gift", "--on", "change", "--note", "Wrap it",
                                "--db", db, "--actor", "ana"])
        #expect(rule.status == 0, "\(rule.stderr)")
        #expect(try cli.run(["tag", "#1001", "gift", "--db", db, "--actor", "mia"]).status == 0)
        let reimport = try cli.run(["import", try writeFile(customer: "Aoife Wood-Byrne"), "--update", "--db", db, "--actor", "ana"])
        #expect(reimport.status == 0, "\(reimport.stderr)")

        let result = try cli.run(["history", "#1001", "--format", "json", "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(entries.map { Set($0.keys) } == Array(repeating: ["id", "version", "at", "kind", "actor", "source", "field", "old", "new"],
                                                        count: entries.count))
        #expect(entries.allSatisfy { ($0["at"] as? String).flatMap(ISO8601Milliseconds.date(from:)) != nil })
        let shown = entries.map { entry in
            [entry["id"], entry["version"], entry["kind"], entry["actor"], entry["source"], entry["field"], entry["old"], entry["new"]]
                .map { value in value.map { "\($0)" } ?? "?" }.joined(separator: " | ")
        }
        // NSNull prints as <null>: the old value of an added tag or note, which is none.
        #expect(shown == [
            "1 | 2 | tag_added | mia | operator | tags | <null> | gift",
            "2 | 2 | note_added | rule:10-gift | rule | notes | <null> | Wrap it",
            "3 | 3 | replaced_by_import | ana | import | order | version 2 | replaced by import",
        ])

        let text = try cli.run(["history", "#1001", "--db", db]).stdout.split(separator: "\n").map(String.init)
        #expect(text.count == 4)
        #expect(text[1].hasPrefix("  v2  ") && text[1].hasSuffix("  mia  tags: — → gift"))
        #expect(text[2].hasPrefix("  v2  ") && text[2].hasSuffix("  rule:10-gift  notes: — → Wrap it"))
        #expect(text[3].hasPrefix("  v3  ") && text[3].hasSuffix("  ana via import  order: version 2 → replaced by import"))

        // `orders show --format json` gives the same entries.
        let order = try cli.run(["show", "#1001", "--format", "json", "--db", db])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(order.stdout.utf8)) as? [String: Any])
        let history = try #require(object["history"] as? [[String: Any]])
        #expect(history.map { "\($0["id"] ?? "?") \($0["kind"] ?? "?") \($0["source"] ?? "?")" }
                == ["1 tag_added operator", "2 note_added rule", "3 replaced_by_import import"])
    }
}
