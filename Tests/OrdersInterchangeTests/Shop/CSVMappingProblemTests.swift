import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import OrdersTestSupport
import Testing

@Suite("A broken mapping file is refused whole, every problem named, before any row is read")
struct CSVMappingProblemTests {
    static func problems(_ mapping: String) -> [String] {
        do {
            _ = try CSVMapping.read(Array(mapping.utf8), fileName: "erp-map.json")
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    static let corpus: [(mapping: String, problems: [String])] = [
        ("""
         {"colums": {}, "dateFormat": "dd/MM/yyy", "timeZone": "Berlin",
          "columns": {"number": "No", "createdAt": "Date", "currency": "Cur", "total": "Sum", "item.title": "Item",
                      "item.quantity": "Qty", "item.price": "Price", "emial": "Mail"},
          "statuses": {"paid": {"payment": "payed", "fulfilment": "sent", "done": true}}}
         """, [
            "erp-map.json, field colums: is not a setting of a mapping file (source, orderKey, delimiter, dateFormat, timeZone, "
                + "decimalSeparator, thousandsSeparator, taxesIncluded, columns, statuses)",
            "erp-map.json, field dateFormat: \"dd/MM/yyy\" is not a date format orders reads: \"yyy\" is not one of its letters "
                + "(use yyyy or yy, MM, M, MMM or MMMM, dd or d, HH or H, hh or h with a, mm, ss)",
            "erp-map.json, field timeZone: \"Berlin\" is not a time zone (like Europe/Berlin or UTC)",
            "erp-map.json, field columns.emial: is not a field orders knows (orders import --help lists them)",
            "erp-map.json, field columns.item.price: is not a field orders knows (orders import --help lists them)",
            "erp-map.json, field columns: maps no column to item.unitPrice or item.lineTotal; every line item needs its price",
            "erp-map.json, field statuses.paid.done: is not part of a status (payment, fulfilment, cancelled, closed)",
            "erp-map.json, field statuses.paid.fulfilment: \"sent\" is not a fulfilment status "
                + "(unfulfilled, partially_fulfilled, fulfilled, on_hold, returned)",
            "erp-map.json, field statuses.paid.payment: \"payed\" is not a payment status "
                + "(pending, authorized, partially_paid, paid, partially_refunded, refunded, voided, failed)",
            "erp-map.json, field statuses: gives status words but columns maps no column to status",
        ]),
        ("""
         {"source": "erp:de", "decimalSeparator": ";", "thousandsSeparator": ",", "taxesIncluded": "yes"}
         """, [
            "erp-map.json, field source: must not contain \":\" (it separates source and number)",
            "erp-map.json, field decimalSeparator: must be \".\" or \",\", got \";\"",
            "erp-map.json, field taxesIncluded: must be true or false",
            "erp-map.json, field columns: is missing; it says which column gives each field, like {\"number\": \"Order No\"}",
        ]),
        ("""
         {"decimalSeparator": ",", "thousandsSeparator": ",", "dateFormat": "dd.MM HH:mm",
          "columns": {"number": "No", "total": 5, "item.unitPrice": ""}, "statuses": {"X": "paid"}}
         """, [
            "erp-map.json, field dateFormat: \"dd.MM HH:mm\" is not a date format orders reads: it has no yyyy "
                + "(use yyyy or yy, MM, M, MMM or MMMM, dd or d, HH or H, hh or h with a, mm, ss)",
            "erp-map.json, field thousandsSeparator: must be one of \".\", \",\", \" \" or \"'\" and not the decimal separator, got \",\"",
            "erp-map.json, field columns.item.unitPrice: must name a column of the export, or a list of columns to add up",
            "erp-map.json, field columns.total: must name a column of the export, or a list of columns to add up",
            "erp-map.json, field columns: maps no column to createdAt; every order needs it",
            "erp-map.json, field columns: maps no column to currency; every order needs it",
            "erp-map.json, field columns: maps no column to item.title; every order needs it",
            "erp-map.json, field columns: maps no column to item.quantity; every order needs it",
            "erp-map.json, field statuses.X: must be an object like {\"payment\": \"paid\", \"fulfilment\": \"fulfilled\"}",
        ]),
        ("[1, 2]", ["erp-map.json: is not a mapping: expected a JSON object like {\"columns\": {\"number\": \"Order No\", …}}"]),
    ]

    @Test(arguments: corpus.indices)
    func eachBrokenMappingNamesEveryProblem(_ index: Int) {
        #expect(Self.problems(Self.corpus[index].mapping) == Self.corpus[index].problems)
    }

    @Test func aJSONSyntaxErrorIsNamedAtItsLineAndColumn() {
        #expect(Self.problems("{\"columns\": {\"number\": \"No\",}\n}") == [
            "erp-map.json, line 1, column 29: is not valid JSON: a comma before } (JSON allows no trailing comma: remove it)",
        ])
    }

    @Test func aColumnTheExportLacksIsRefusedBeforeAnyRowIsRead() throws {
        let mapping = try CSVMapping.read(Array(MappedCSVFixtures.mapping
            .replacingOccurrences(of: "\"email\": \"Mail\"", with: "\"email\": \"E-Mail\"")
            .replacingOccurrences(of: "\"orderKey\": \"Order No\"", with: "\"orderKey\": \"Auftrag\"").utf8), fileName: "erp-map.json")
        // The broken last row is never reached: the header is checked first.
        let export = MappedCSVFixtures.export + "SO-9,not a date\n"
        #expect(throws: ImportError(problems: [
            ImportProblem(file: "erp-map.json", location: .file, field: "orderKey", problem: "names the column \"Auftrag\", which erp.csv does not have"),
            ImportProblem(file: "erp-map.json", location: .file, field: "columns.email", problem: "names the column \"E-Mail\", which erp.csv does not have"),
        ])) {
            try ShopImportPreview.plan(Array(export.utf8), fileName: "erp.csv",
                                  options: ShopImportOptions(zone: ShopFixtures.utc, mapping: mapping))
        }
    }
}
