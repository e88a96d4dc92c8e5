import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Every refusal of an import names the file, where (line, JSON index and path, or
/// byte offset) and the field, in words: a corpus of broken files and their exact messages.
@Suite("Import messages")
struct ImportMessageTests {
    static let header = FileFixtures.header
    static let goodRow = FileFixtures.goodRow

    static func csv(_ rows: String...) -> [UInt8] {
        Array((([header] + rows).joined(separator: "\n") + "\n").utf8)
    }

    static func row(price: String = "99.50", quantity: String = "1", shipping: String = "4.99",
                    created: String = "2026-03-01T09:30:00Z", id: String = "ORD-0000001", sku: String = "KB-1") -> String {
        goodRow.replacingOccurrences(of: ",1,99.50", with: ",\(quantity),\(price)")
            .replacingOccurrences(of: ",4.99,", with: ",\(shipping),")
            .replacingOccurrences(of: "2026-03-01T09:30:00Z", with: created)
            .replacingOccurrences(of: "ORD-0000001", with: id)
            .replacingOccurrences(of: "KB-1", with: sku)
    }

    static let above = "above the largest amount orders can hold (1000000000000)"
    static let cutShort = "is the last line and has no line break at its end, so the file may have been cut short "
        + "(use --allow-unterminated if the file is complete)"

    /// CSV input → every message line, in file order.
    static let brokenCSV: [(String, [UInt8], [String])] = [
        ("price of 10^15", csv(row(price: "1000000000000000")),
         ["bad.csv, line 2, field unit_price: is 1000000000000000, \(above)"]),
        ("922337203685477 twice", csv(row(price: "922337203685477", quantity: "2")),
         ["bad.csv, line 2, field unit_price: is 922337203685477, \(above)"]),
        ("Int64.max shipping", csv(row(shipping: "9223372036854775807")),
         ["bad.csv, line 2, field shipping: is 9223372036854775807, \(above)"]),
        ("line total above the maximum", csv(row(price: "600000000000", quantity: "2")),
         ["bad.csv, line 2, field unit_price: × quantity 2 comes to 1200000000000, \(above)"]),
        ("twenty-digit quantity", csv(row(quantity: "99999999999999999999")),
         ["bad.csv, line 2, field quantity: is 99999999999999999999, above the largest quantity orders can hold (1000000)"]),
        ("forty-digit price", csv(row(price: "1234567890123456789012345678901234567890")),
         ["bad.csv, line 2, field unit_price: is 1234567890123456789012345678901234567890, \(above)"]),
        ("a million and one units", csv(row(quantity: "1000001")),
         ["bad.csv, line 2, field quantity: is 1000001, above the largest quantity orders can hold (1000000)"]),
        ("one order number written two ways", csv(row(id: "ORD-1"), row(sku: "KB-2")),
         ["bad.csv, line 3, field id: \"ORD-0000001\" is the same order number as \"ORD-1\" on line 2, written differently "
            + "(write it the same way on every row of one order)"]),
        ("cut short in a price", Array((String(decoding: csv(row(), row(sku: "KB-2"), row(sku: "KB-3")), as: UTF8.self)
            .dropLast(5)).utf8),
         ["bad.csv, line 4: \(cutShort)"]),
        ("cut short in a row", Array((String(decoding: csv(row(), row(sku: "KB-2")), as: UTF8.self).dropLast(20)).utf8),
         ["bad.csv, line 3: \(cutShort)", "bad.csv, line 3: has 14 fields but the header has 17"]),
        ("year 1", csv(row(created: "0001-01-01T00:00:00Z")),
         ["bad.csv, line 2, field created_at: \"0001-01-01T00:00:00Z\" is before 1970, which no order can be (use --allow-any-date if it is right)"]),
        ("year 0", csv(row(created: "0000-06-15")),
         ["bad.csv, line 2, field created_at: \"0000-06-15\" is before 1970, which no order can be (use --allow-any-date if it is right)"]),
        ("a millisecond before 1970", csv(row(created: "1969-12-31T23:59:59.999Z")),
         ["bad.csv, line 2, field created_at: \"1969-12-31T23:59:59.999Z\" is before 1970, which no order can be (use --allow-any-date if it is right)"]),
        ("year 2101", csv(row(created: "2101-01-01T00:00:00Z")),
         ["bad.csv, line 2, field created_at: \"2101-01-01T00:00:00Z\" is after 2100, which no order can be (use --allow-any-date if it is right)"]),
        ("year 9999 in an offset", csv(row(created: "9999-12-31T23:59:59+14:00")),
         ["bad.csv, line 2, field created_at: \"9999-12-31T23:59:59+14:00\" is after 2100, which no order can be (use --allow-any-date if it is right)"]),
    ]

    @Test(arguments: brokenCSV.map(\.0))
    func brokenCSVIsRefusedWithTheseLines(_ name: String) throws {
        let (_, bytes, expected) = try #require(Self.brokenCSV.first { $0.0 == name })
        #expect(throws: ImportError.self) { try OrderCSV.decode(bytes, fileName: "bad.csv") }
        do {
            _ = try OrderCSV.decode(bytes, fileName: "bad.csv")
        } catch {
            #expect(error.problems.map(\.description) == expected, "\(name)")
        }
    }

    @Test func flagsAcceptAnUnterminatedFileAndAnyDate() throws {
        let unterminated = Array(String(decoding: Self.csv(Self.row()), as: UTF8.self).dropLast().utf8)
        let orders = try OrderCSV.decode(unterminated, fileName: "ok.csv", options: ImportOptions(allowsUnterminatedLastLine: true))
        #expect(orders.map(\.id) == [OrderID(1)])
        #expect(orders.first?.items.first?.unitPrice == Decimal(string: "99.50")!)

        let ancient = Self.csv(Self.row(created: "0001-01-01T00:00:00Z"))
        let old = try OrderCSV.decode(ancient, fileName: "ok.csv", options: ImportOptions(allowsAnyDate: true))
        #expect(old.first.map { ISO8601Milliseconds.string(from: $0.createdAt) } == "0001-01-01T00:00:00.000Z")
        // The edges of the plausible range are inside it.
        for edge in ["1970-01-01T00:00:00Z", "2100-12-31T23:59:59.999Z"] {
            #expect(try OrderCSV.decode(Self.csv(Self.row(created: edge)), fileName: "ok.csv").count == 1, "\(edge)")
        }
        // A file that ends in a line break but whose final line is blank is complete.
        #expect(try OrderCSV.decode(Self.csv(Self.row()) + Array("\r\n".utf8), fileName: "ok.csv").count == 1)
    }

    // MARK: JSON

    /// One order on one line, so columns in messages are easy to count.
    static let order = #"{"id": "ORD-0000003", "customer": "王秀英", "email": "wang@example.cn", "country": "CN", "currency": "CNY", "#
        + #""status": "shipped", "created_at": "2026-02-28T23:59:59.999+08:00", "shipping": 12.5, "#
        + #""items": [{"sku": "TE-1", "title": "Matcha", "quantity": 3, "unit_price": 32.10}]}"#

    static func json(_ replacements: (String, String)...) -> String {
        "[" + replacements.reduce(order) { $0.replacingOccurrences(of: $1.0, with: $1.1) } + "]"
    }

    /// The 1-based column (in characters, as editors count) where `needle` starts in one-line `text`.
    static func column(of needle: String, in text: String) -> Int {
        guard let range = text.range(of: needle) else { return 0 }
        return text[..<range.lowerBound].count + 1
    }

    static let brokenJSON: [(String, [UInt8], [String])] = [
        ("trailing comma in the array", Array(("[" + order + ",]").utf8),
         ["bad.json, line 1, column \(column(of: ",]", in: "[" + order + ",]") + 1): is not valid JSON: a comma before ] "
            + "(JSON allows no trailing comma: remove it)"]),
        ("trailing comma in an object", Array("[\n  {\"id\": \"ORD-0000003\",\n  }\n]".utf8),
         ["bad.json, line 3, column 3: is not valid JSON: a comma before } (JSON allows no trailing comma: remove it)"]),
        ("invalid UTF-8", Array("[\n\"".utf8) + [0xC3, 0x28] + Array("\"]".utf8),
         ["bad.json, byte 3 (line 2): is not valid UTF-8 text from here on"]),
        ("a surrogate in UTF-8", Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8),
         ["bad.json, byte 2 (line 1): is not valid UTF-8 text from here on"]),
        ("raw line break in a string", Array(json(("Matcha", "Mat\ncha")).utf8),
         ["bad.json, line 1, column \(column(of: "Mat\n", in: json(("Matcha", "Mat\ncha"))) + 3): is not valid JSON: a raw control character inside a string (write it as \\n, \\t or \\u00XX)"]),
        ("leading zero", Array(json(("\"quantity\": 3", "\"quantity\": 03")).utf8),
         ["bad.json, line 1, column \(column(of: ": 03", in: json(("\"quantity\": 3", "\"quantity\": 03"))) + 2): "
            + "is not valid JSON: a number with a leading zero"]),
        ("unknown escape", Array(json(("Matcha", #"Mat\xcha"#)).utf8),
         ["bad.json, line 1, column \(column(of: #"\x"#, in: json(("Matcha", #"Mat\xcha"#))) + 1): "
            + "is not valid JSON: an unknown escape \\x in a string"]),
        ("empty", Array("\n".utf8), ["bad.json: is empty (expected a JSON array of orders)"]),
        ("price of 10^15", Array(json(("32.10", "1000000000000000")).utf8),
         ["bad.json, index 0, field items[0].unit_price: is 1000000000000000, \(above)"]),
        ("922337203685477 twice", Array(json(("32.10", "922337203685477"), ("\"quantity\": 3", "\"quantity\": 2")).utf8),
         ["bad.json, index 0, field items[0].unit_price: is 922337203685477, \(above)"]),
        ("Int64.max shipping", Array(json(("12.5", "9223372036854775807")).utf8),
         ["bad.json, index 0, field shipping: is 9223372036854775807, \(above)"]),
        ("quantity of 10^15", Array(json(("\"quantity\": 3", "\"quantity\": 1000000000000000")).utf8),
         ["bad.json, index 0, field items[0].quantity: is 1000000000000000, above the largest quantity orders can hold (1000000)"]),
        ("price of 1e400", Array(json(("32.10", "1e400")).utf8),
         ["bad.json, line 1, column \(column(of: "1e400", in: json(("32.10", "1e400")))): has a number orders cannot hold (1e400): "
            + "more than 38 digits or too large an exponent"]),
        ("a price of forty digits", Array(json(("32.10", "1234567890123456789012345678901234567890")).utf8),
         ["bad.json, line 1, column \(column(of: "12345678901", in: json(("32.10", "1234567890123456789012345678901234567890")))): "
            + "has a number orders cannot hold (1234567890123456789012345678901234567890): more than 38 digits or too large an exponent"]),
        ("the largest version", Array(json(("\"shipping\": 12.5", "\"shipping\": 12.5, \"version\": 9223372036854775807")).utf8),
         ["bad.json, index 0, field version: is 9223372036854775807, above the largest version (2147483647)"]),
        ("a version of 1e30", Array(json(("\"shipping\": 12.5", "\"shipping\": 12.5, \"version\": 1e30")).utf8),
         ["bad.json, index 0, field version: is 1000000000000000000000000000000, above the largest version (2147483647)"]),
        ("null customer", Array(json(("\"王秀英\"", "null")).utf8),
         ["bad.json, index 0, field customer: must not be null"]),
        ("one order number written two ways", Array(("[" + order.replacingOccurrences(of: "ORD-0000003", with: "ORD-3") + ", " + order + "]").utf8),
         ["bad.json, index 1, field id: \"ORD-0000003\" is the same order number as \"ORD-3\" at index 0, written differently"]),
        ("year 1", Array(json(("2026-02-28T23:59:59.999+08:00", "0001-01-01")).utf8),
         ["bad.json, index 0, field created_at: \"0001-01-01\" is before 1970, which no order can be (use --allow-any-date if it is right)"]),
    ]

    @Test(arguments: brokenJSON.map(\.0))
    func brokenJSONIsRefusedWithTheseLines(_ name: String) throws {
        let (_, bytes, expected) = try #require(Self.brokenJSON.first { $0.0 == name })
        do {
            let orders = try OrderJSON.decode(bytes, fileName: "bad.json")
            Issue.record("\(name): accepted \(orders.map(\.id))")
        } catch {
            #expect(error.problems.map(\.description) == expected, "\(name)")
        }
    }

    /// No message, for any file in either corpus, shows a Swift type or Foundation's words.
    @Test func noMessageShowsSwiftInternals() {
        let internals = ["DecodingError", "JSONError", "SourceLocation", "Swift", "NSCocoaErrorDomain", "codingPath",
                         "Optional(", "debugDescription", "Representable"]
        for (name, bytes, _) in Self.brokenJSON + FileFixtures.malformedJSON.map({ ($0.0, Array($0.1.utf8), [$0.2]) }) {
            do {
                _ = try OrderJSON.decode(bytes, fileName: "bad.json")
            } catch {
                for problem in error.problems {
                    #expect(!internals.contains { problem.description.contains($0) }, "\(name): \(problem)")
                }
            }
        }
    }

    // MARK: Against the database

    @Test func anOrderNumberWrittenAnotherWayIsTheStoredOrder() async throws {
        let store = InMemoryOrderStore(now: { Date(millisecondsSince1970: 1_790_000_000_000) })
        let stored = try OrderCSV.decode(Self.csv(Self.row()), fileName: "first.csv")
        try await store.insert(stored)
        let file = try OrderCSV.read(Self.csv(Self.row(id: "ORD-1", sku: "KB-9")), fileName: "again.csv")
        #expect(try await OrderImporter.existingOrders(in: file, store: store).map(\.description) == [
            "again.csv, line 2, field id: order ORD-0000001 (written \"ORD-1\" here) already exists (use --update to replace it)",
        ])
        await #expect(throws: ImportError.self) {
            try await OrderImporter.write(file, into: store, replacingExisting: false, actor: "test")
        }
        #expect(try await store.order(OrderID(1)) == stored.first)
    }
}
