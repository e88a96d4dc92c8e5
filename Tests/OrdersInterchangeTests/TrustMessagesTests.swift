import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Issue 33, items 5 and 6 where they live: a server's message as one line, a lone surrogate
/// placed by line and column, and a shop export told by its header however many columns it has.
@Suite("Messages say where and what in one line; shop exports are told by any header")
struct TrustMessagesTests {
    // MARK: A server's message as one line

    @Test func libpqLineBreaksAndTabsBecomeSpacesAtTheOnePlaceServerErrorsBecomeMessages() {
        // libpq's own words when no server listens on the socket (PQerrorMessage, PostgreSQL 15).
        let error = PostgresError(message: "connection to server on socket \"/tmp/x/.s.PGSQL.5432\" failed: "
                                  + "No such file or directory\n\tIs the server running locally and accepting\n"
                                  + "\tconnections on that socket?", detail: "line one\nline two")
        let sentence = "connection to server on socket \"/tmp/x/.s.PGSQL.5432\" failed: No such file or directory "
            + "Is the server running locally and accepting connections on that socket?"
        #expect(error.sentence == sentence)
        #expect(PostgresOrderDatabase.storeError(error).description
            == "The PostgreSQL database cannot be used: \(sentence) (line one line two).")
        #expect(error.description == "PostgreSQL: \(sentence) (line one line two)")
        // The status bar's short form keeps the first line only.
        #expect(error.firstLine == "connection to server on socket \"/tmp/x/.s.PGSQL.5432\" failed: No such file or directory")
    }

    // MARK: A lone surrogate

    @Test(arguments: [
        // `[{"id": "\ud800"}]`: the escape starts at column 10 of line 1.
        ("[{\"id\": \"\\ud800\"}]", "bad.json, line 1, column 10: is not valid JSON: a lone high surrogate \\ud800 in a string "
            + "(half of a character, without its low half)"),
        // A high half followed by something else than a low half.
        ("[\n {\"id\": \"x\\uD83D\\u0041\"}]", "bad.json, line 2, column 11: is not valid JSON: a lone high surrogate \\uD83D in a string "
            + "(half of a character, without its low half)"),
        // A low half on its own.
        ("[{\"id\": \"ab\\udc00\"}]", "bad.json, line 1, column 12: is not valid JSON: a lone low surrogate \\udc00 in a string "
            + "(half of a character)"),
    ])
    func aLoneSurrogateIsPlacedByLineAndColumn(_ text: String, _ expected: String) {
        do {
            _ = try OrderJSON.decode(Array(text.utf8), fileName: "bad.json")
            Issue.record("accepted")
        } catch {
            #expect(error.problems.map(\.description) == [expected])
        }
        // Shopify's JSON goes through the same check, so it too names the place.
        do {
            _ = try ShopifyJSONReader.orders(in: Array(text.replacingOccurrences(of: "\"id\"", with: "\"financial_status\"").utf8),
                                             file: "bad.json")
            Issue.record("accepted")
        } catch {
            let problem = error.problems.first
            #expect(problem?.problem.contains("surrogate") == true, "\(error.problems)")
            if case .position = problem?.location {} else { Issue.record("no line and column: \(error.problems)") }
        }
    }

    @Test func aWholeSurrogatePairIsAccepted() throws {
        let text = "[\(FileFixtures.goodJSON.replacingOccurrences(of: "Matcha", with: "Matcha \\ud83c\\udf75"))]"
        let orders = try OrderJSON.decode(Array(text.utf8), fileName: "ok.json")
        #expect(orders.first?.items.first?.title == "Matcha 🍵 抹茶")
    }

    // MARK: Wide shop exports

    /// A WooCommerce export whose header names `columns` line item columns, one order with one line.
    static func wideWooCommerce(columns: Int) -> String {
        let named = ["order_id", "order_number", "order_date", "status", "order_total", "order_currency",
                     "billing_first_name", "billing_last_name", "billing_email"]
        let header = (named + (1...columns).map { "line_item_\($0)" }).map { "\"\($0)\"" }.joined(separator: ",")
        let row = ["\"7401\"", "\"7401\"", "\"2025-12-01 10:00:00\"", "\"processing\"", "\"10.00\"", "\"EUR\"", "\"A\"", "\"B\"", "\"ab@example.com\"",
                   "\"name:Mug|product_id:1|sku:M|quantity:1|total:10.00|sub_total:10.00|tax:0.00\""]
            + Array(repeating: "\"\"", count: columns - 1)
        return header + "\r\n" + row.joined(separator: ",") + "\r\n"
    }

    @Test(arguments: [3_000, 20_000])
    func aWooCommerceExportWithThousandsOfLineItemColumnsIsTold(_ columns: Int) async throws {
        let text = Self.wideWooCommerce(columns: columns)
        // 20,000 columns make a 360 KB header, far past the 64 KiB first looked at.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wide-\(UUID().uuidString).csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        let start = ShopFileReader.detectionStart { count in
            try? handle.seek(toOffset: 0)
            return [UInt8]((try? handle.read(upToCount: count)) ?? Data())
        }
        #expect(ShopFileReader.detect(start) == .wooCommerceCSV)
        let store = InMemoryOrderStore()
        let report = try await ShopImporter(options: ShopImportOptions(zone: ShopFixtures.utc)).run(
            .file(path: path), dryRun: false, at: OrderFixtures.now, openStore: { store }, actor: { _ in "importer" })
        #expect(report.refusal == [])
        #expect(report.format == .wooCommerceCSV)
        #expect(report.outcome.new == [OrderReference(source: "woocommerce", number: "7401")])
    }
}
