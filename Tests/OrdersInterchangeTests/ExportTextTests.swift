import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import Testing

/// Text fields holding terminal escapes (written by another tool): the CLI's export keeps them
/// exactly, the app's clipboard and export show them as the screen does, JSON always escapes them.
@Suite("Exports: lossless for re-import, neutralised for people")
struct ExportTextTests {
    static let created = Date(millisecondsSince1970: 1_790_000_000_000)
    static let hostile = Order(
        id: OrderID(42), customerName: "Eve\u{1B}]52;c;aGk=\u{07}", email: "e\u{9B}31m@x.io", country: "DE", currency: .eur,
        items: [LineItem(sku: "S\u{1B}[2J", title: "rtl\u{202E}gpj.exe\u{2066}", quantity: 1, unitPrice: 5)],
        createdAt: created, tags: ["vip\u{7F}"], assignee: "a\u{0}b",
        notes: [OrderNote(createdAt: created, author: "x", text: "two\nlines\u{1B}P+q\u{1B}\\")])

    static func document(_ format: OrderFileFormat, _ text: ExportText) -> String {
        var exporter = OrderExporter(format: format, text: text)
        return exporter.prologue() + exporter.text(for: [hostile]) + exporter.epilogue()
    }

    // The importer refuses such text (it never enters through orders), so the lossless promise is
    // checked on the fields as any CSV or JSON reader sees them: exactly what is stored.
    @Test func losslessCSVKeepsEveryCharacter() throws {
        let records = try CSVReader.records(in: Array(Self.document(.csv, .lossless).utf8))
        let header = try #require(records.first).fields
        let row = try #require(records.last).fields
        func cell(_ column: String) -> String? { header.firstIndex(of: column).map { row[$0] } }
        #expect(cell("customer_name") == Self.hostile.customerName && cell("customer_email") == Self.hostile.email)
        #expect(cell("tags") == "vip\u{7F}" && cell("assignee") == "a\u{0}b")
        #expect(cell("sku") == "S\u{1B}[2J" && cell("title") == "rtl\u{202E}gpj.exe\u{2066}")
    }

    @Test func losslessJSONKeepsEveryCharacter() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(Self.document(.json, .lossless).utf8)) as? [[String: Any]])
        let customer = try #require(json.first?["customer"] as? [String: Any])
        #expect(customer["name"] as? String == Self.hostile.customerName)
        #expect(customer["email"] as? String == Self.hostile.email)
        let items = try #require(json.first?["items"] as? [[String: Any]])
        #expect(items.first?["title"] as? String == "rtl\u{202E}gpj.exe\u{2066}")
        let notes = try #require(json.first?["notes"] as? [[String: Any]])
        #expect(notes.first?["text"] as? String == "two\nlines\u{1B}P+q\u{1B}\\")
    }

    @Test func neutralizedCSVShowsControlsAsTheScreenDoes() {
        let lines = Self.document(.csv, .neutralized).components(separatedBy: "\r\n")
        #expect(lines.count == 3 && lines[2].isEmpty)
        #expect(lines[1] == "ORD-0000042,local,,2026-09-21T14:13:20.000Z,2026-09-21T14:13:20.000Z,Eve␛]52;c;aGk=␇,"
            + "e\u{FFFD}31m@x.io,,,DE" + String(repeating: ",", count: 20) + "EUR,pending,pending,,unfulfilled,,,,,false,"
            + "S␛[2J,rtl\u{FFFD}gpj.exe\u{FFFD},1,5.00,5.00,0,5.00,0.00,,,0.00,0.00,false,5.00,,0.00,5.00,EUR,5.00,,,vip␡,false,,a␀b,,,"
            + "\"[{\"\"created_at\"\": \"\"2026-09-21T14:13:20.000Z\"\", \"\"author\"\": \"\"x\"\", "
            + "\"\"text\"\": \"\"two\\nlines\\u001bP+q\\u001b\\\\\"\"}]\",1")
        #expect(Self.inertBytes(Self.document(.csv, .neutralized), allowing: ["\r", "\n"]))
    }

    @Test(arguments: [ExportText.lossless, .neutralized])
    func jsonEscapesEveryNeutralisedCharacter(_ mode: ExportText) throws {
        let json = Self.document(.json, mode)
        #expect(json.contains("\"customer\": {\"name\": \"Eve\\u001b]52;c;aGk=\\u0007\""))
        #expect(json.contains("\"title\": \"rtl\\u202egpj.exe\\u2066\""))
        #expect(json.contains("\"email\": \"e\\u009b31m@x.io\""))
        #expect(Self.inertBytes(json, allowing: ["\n"]))
    }

    /// True when `text` holds no control, DEL, C1 or bidi character except the listed line breaks.
    static func inertBytes(_ text: String, allowing allowed: Set<Unicode.Scalar>) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            allowed.contains(scalar) || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || [0x061C, 0x200E, 0x200F].contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value))
        }
    }
}
