import Foundation
import OrdersCore
import OrdersInterchange
import TerminalTestSupport
import Testing

/// `orders import --map` through the real binary: the mapping shown by `orders import --help`
/// imports an ERP export as it stands, the summary says what it did, a re-import changes nothing,
/// and a broken mapping is refused with every problem before anything is written.
@Suite("orders CLI: any other CSV through a mapping file")
final class MappedImportCLITests {
    let cli: OrdersBinary

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    /// An export with the columns the help's example names (and one more, `Warehouse`): SO-1 of
    /// two lines with a two-line remark holding a comma, SO-2 cancelled and in francs.
    static let export = """
        Order No,Date,State,Currency,Customer,Mail,Gross,Freight,VAT,Remarks,Labels,Article,Description,Qty,Unit Price,Warehouse
        SO-1,07.12.2025 19:08,SHIPPED,EUR,"Müller, José",jose@example.de,"1.204,90","4,90","192,38","Bitte klingeln,
        dann warten.","b2b, priority",CH-1,"Chair, oak",1,"800,00",A
        SO-1,07.12.2025 19:08,SHIPPED,EUR,"Müller, José",jose@example.de,,,,,,TB-9,Table,1,"400,00",A
        SO-2,08.12.2025 09:30,CANCELLED,CHF,Bob Stone,bob@example.com,"45,00",,"3,22",,,,Mug,3,"15,00",B

        """

    /// The mapping file printed by `orders import --help`, as a user would copy it: the ERP's
    /// first, then Etsy's and Amazon's (`n` 0, 1, 2).
    func mappingFromHelp(_ n: Int = 0) throws -> String {
        let help = try cli.run(["import", "--help"])
        #expect(help.status == 0)
        let lines = help.stdout.components(separatedBy: "\n")
        var blocks: [String] = []
        var end = -1
        while let start = lines[(end + 1)...].firstIndex(of: "  {"), let close = lines[start...].firstIndex(of: "  }") {
            blocks.append(lines[start...close].joined(separator: "\n"))
            end = close
        }
        return try #require(blocks.indices.contains(n) ? blocks[n] : nil)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = cli.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theHelpsMappingImportsAnERPExportAndAReimportChangesNothing() throws {
        let db = cli.path("erp.db")
        let mapping = try write("erp-map.json", try mappingFromHelp())
        let file = try write("erp.csv", Self.export)
        let dry = try cli.run(["import", file, "--map", mapping, "--dry-run", "--db", db])
        #expect(dry.stdout == """
            erp.csv: CSV by mapping, 2 orders: 2 new, 0 updated, 0 unchanged; nothing was written (dry run).
            Dates without a time zone were read in Europe/Berlin (the mapping's timeZone).
            Columns not imported: Warehouse.

            """)
        #expect(dry.status == 0)
        let first = try cli.run(["import", file, "--map", mapping, "--db", db])
        #expect(first.stdout == """
            erp.csv: CSV by mapping, 2 orders: 2 new, 0 updated, 0 unchanged.
            Dates without a time zone were read in Europe/Berlin (the mapping's timeZone).
            Columns not imported: Warehouse.

            """)
        #expect(first.stderr == "")
        #expect(first.status == 0)
        let shown = try cli.run(["show", "erp:SO-1", "--format", "json", "--db", db])
        let order = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(order["id"] as? String == "SO-1")
        #expect(order["source"] as? String == "erp")
        #expect((order["customer"] as? [String: Any])?["name"] as? String == "Müller, José")
        #expect(order["total"] as? String == "1204.90")
        #expect(order["payment_status"] as? String == "paid")
        #expect(order["fulfillment_status"] as? String == "fulfilled")
        #expect(order["customer_note"] as? String == "Bitte klingeln,\ndann warten.")
        #expect(order["tags"] as? [String] == ["b2b", "priority"])
        #expect((order["items"] as? [[String: Any]])?.map { $0["sku"] as? String } == ["CH-1", "TB-9"])
        let francs = try cli.run(["show", "SO-2", "--format", "json", "--db", db])
        let cancelled = try #require(try JSONSerialization.jsonObject(with: Data(francs.stdout.utf8)) as? [String: Any])
        #expect(cancelled["currency"] as? String == "CHF")
        #expect(cancelled["payment_status"] as? String == "voided")
        #expect(cancelled["status"] as? String == "cancelled")
        let again = try cli.run(["import", file, "--map", mapping, "--db", db])
        #expect(again.stdout.hasPrefix("erp.csv: CSV by mapping, 2 orders: 0 new, 0 updated, 2 unchanged.\n"))
        #expect(again.status == 0)
    }

    /// Amazon's "All Orders" report (tab-separated, written from its documented columns, fewer
    /// of them than Amazon writes would be refused, so all): a shipped order of 2 × 12.99 with
    /// 2.08 tax and 4.99 shipping = 33.05, and a cancelled one whose line has quantity 0.
    static let amazonReport = [
        "amazon-order-id\tmerchant-order-id\tpurchase-date\tlast-updated-date\torder-status\tfulfillment-channel\tsales-channel\t"
            + "order-channel\tship-service-level\tproduct-name\tsku\tasin\titem-status\tquantity\tcurrency\titem-price\titem-tax\t"
            + "shipping-price\tshipping-tax\tgift-wrap-price\tgift-wrap-tax\titem-promotion-discount\tship-promotion-discount\t"
            + "ship-city\tship-state\tship-postal-code\tship-country\tpromotion-ids\tis-business-order\tpurchase-order-number\t"
            + "price-designation",
        "113-1234567-1234567\t\t2026-11-20T14:03:22+00:00\t2026-11-21T09:00:00+00:00\tShipped\tMerchant\tAmazon.com\t\tStandard\t"
            + "Coffee mug 12\" tall\tMUG-12\tB000000001\tShipped\t2\tUSD\t25.98\t2.08\t4.99\t0.00\t\t\t0.00\t0.00\tPORTLAND\tOR\t"
            + "97205\tUS\t\tfalse\t\t",
        "113-7654321-7654321\t\t2026-11-21T08:00:00+00:00\t2026-11-21T10:00:00+00:00\tCancelled\tMerchant\tAmazon.com\t\tStandard\t"
            + "Tea kettle\tKET-1\tB000000004\tCancelled\t0\tUSD\t\t\t\t\t\t\t\t\tAUSTIN\tTX\t73301\tUS\t\tfalse\t\t",
    ].joined(separator: "\n") + "\n"

    @Test func theHelpsMarketplaceMappingsAreCompleteAndAmazonsImportsItsReport() throws {
        func indented(_ text: String) -> String { text.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") }
        #expect(try mappingFromHelp(1) == indented(MarketplaceMappings.etsy))
        #expect(try mappingFromHelp(2) == indented(MarketplaceMappings.amazon))
        let db = cli.path("amazon.db")
        let mapping = try write("amazon.json", try mappingFromHelp(2))
        let file = try write("all-orders.txt", Self.amazonReport)
        let result = try cli.run(["import", file, "--map", mapping, "--tz", "Europe/Berlin", "--db", db])
        #expect(result.stdout == """
            all-orders.txt: CSV by mapping, 2 orders: 2 new, 0 updated, 0 unchanged.
            Dates without a time zone were read in Europe/Berlin (--tz to change).
            Columns not imported: merchant-order-id, last-updated-date, fulfillment-channel, sales-channel, order-channel, asin, \
            item-status, gift-wrap-price, gift-wrap-tax, is-business-order, purchase-order-number, price-designation.

            """)
        #expect(result.status == 0)
        let shown = try cli.run(["show", "amazon:113-1234567-1234567", "--format", "json", "--db", db])
        let order = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(order["total"] as? String == "33.05", "25.98 + 4.99 + 2.08")
        #expect((order["items"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Coffee mug 12\" tall"])
    }

    @Test func aBrokenMappingIsRefusedWithEveryProblemAndNothingIsWritten() throws {
        let db = cli.path("erp.db")
        let broken = try mappingFromHelp()
            .replacingOccurrences(of: "\"dd.MM.yyyy HH:mm\"", with: "\"dd.MM.yyy\"")
            .replacingOccurrences(of: "\"customerName\"", with: "\"customer\"")
        let mapping = try write("erp-map.json", broken)
        let file = try write("erp.csv", Self.export)
        let result = try cli.run(["import", file, "--map", mapping, "--db", db])
        #expect(result.stdout == "")
        #expect(result.stderr == """
            erp-map.json: 2 problems in the mapping
              erp-map.json, field dateFormat: "dd.MM.yyy" is not a date format orders reads: "yyy" is not one of its letters (use yyyy or yy, MM, M, MMM or MMMM, dd or d, HH or H, hh or h with a, mm, ss)
              erp-map.json, field columns.customer: is not a field orders knows (orders import --help lists them)
            orders: the mapping erp-map.json cannot be used; nothing was imported

            """)
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func aColumnTheExportLacksIsNamedAndMapAndFormatDoNotGoTogether() throws {
        let db = cli.path("erp.db")
        let mapping = try write("erp-map.json", try mappingFromHelp().replacingOccurrences(of: "\"Mail\"", with: "\"E-Mail\""))
        let file = try write("erp.csv", Self.export)
        let result = try cli.run(["import", file, "--map", mapping, "--db", db])
        #expect(result.stderr == """
            erp.csv: 1 problem
            columns.email (1):
              erp-map.json, field columns.email: names the column "E-Mail", which erp.csv does not have
            orders: erp.csv cannot be imported; nothing was written

            """)
        #expect(result.status == 1)
        let both = try cli.run(["import", file, "--map", mapping, "--format", "csv", "--db", db])
        #expect(both.stderr.contains("--map reads the file by its mapping; leave out --format"))
        #expect(both.status == 2)
    }
}

/// The options of the project's own files are refused for a shop's export, never silently ignored.
@Suite("orders CLI: own-file options on a shop's export")
final class ShopImportOptionRefusalTests {
    let cli: OrdersBinary

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    @Test(arguments: [
        ("--update", "orders: --update is not for a shop's export: importing it again always updates what the shop owns "
            + "and keeps the operators' work (replacing whole orders would lose it); leave --update out\n"),
        ("--allow-unterminated", "orders: --allow-unterminated is not for a shop's export: its last line is read whether or not "
            + "it ends in a line break; leave it out\n"),
        ("--allow-any-date", "orders: --allow-any-date is not for a shop's export: its dates are taken as the shop wrote them, "
            + "in any year; leave it out\n"),
    ])
    func eachIsRefusedSayingWhyAndNothingIsWritten(option: String, refusal: String) throws {
        let db = cli.path("shop.db")
        let file = cli.path("orders_export.csv")
        try ShopImportCLITests.export().write(toFile: file, atomically: true, encoding: .utf8)
        let result = try cli.run(["import", file, option, "--db", db])
        #expect(result.stderr.hasSuffix(refusal), "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: db))
        // The same file without the option imports.
        #expect(try cli.run(["import", file, "--db", db]).status == 0)
    }
}
