import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import OrdersTestSupport
import Testing

@Suite("Import and export")
struct InterchangeTests {

    // MARK: CSV reading

    @Test func readsQuotedFieldsWithCommasQuotesAndNewlines() throws {
        let text = "a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n,,\"\"\n"
        let records = try CSVReader.records(in: Array(text.utf8))
        #expect(records == [
            CSVRecord(line: 1, fields: ["a", "b", "c"]),
            CSVRecord(line: 2, fields: ["x, y", "say \"hi\"", "two\nlines"]),
            CSVRecord(line: 4, fields: ["", "", ""]),
        ])
    }

    @Test func byteOrderMarkIsIgnoredAndLastLineNeedsNoNewline() throws {
        let records = try CSVReader.records(in: [0xEF, 0xBB, 0xBF] + Array("a,b\n1,2".utf8))
        #expect(records == [CSVRecord(line: 1, fields: ["a", "b"]), CSVRecord(line: 2, fields: ["1", "2"])])
    }

    @Test func writerQuotesOnlyWhenNeeded() {
        #expect(CSVWriter.line(["plain", "a,b", "say \"x\"", "two\nlines", " pad", ""]) == "plain,\"a,b\",\"say \"\"x\"\"\",\"two\nlines\",\" pad\",\r\n")
    }

    @Test func csvDecodesOrdersGroupingRowsById() throws {
        let bytes = FileFixtures.csv(FileFixtures.goodRow, FileFixtures.goodRow.replacingOccurrences(of: "KB-1,Keyboard,1,99.50", with: "MS-2,\"Mouse, wireless\",2,25"))
        let orders = try OrderCSV.decode(bytes, fileName: "in.csv")
        let order = try #require(orders.first)
        #expect(orders.count == 1)
        #expect(order.customerName == "José Müller-Łukasiewicz")
        #expect(order.tags == ["vip", "gift"])
        #expect(order.assignee == "chen")
        #expect(order.items == [LineItem(sku: "KB-1", title: "Keyboard", quantity: 1, unitPrice: Decimal(string: "99.50")!),
                                LineItem(sku: "MS-2", title: "Mouse, wireless", quantity: 2, unitPrice: 25)])
        #expect(order.createdAt == Date(millisecondsSince1970: 1_772_357_400_000))
        #expect(order.updatedAt == order.createdAt)
        #expect(order.total == Decimal(string: "155.49")!)
    }

    @Test func columnsMayComeInAnyOrder() throws {
        let header = "unit_price,quantity,title,sku,tax,shipping,discount,assignee,tags,flagged,created_at,status,currency,country,email,customer,id"
        let row = "1980,2,Tea,TE-1,0,0,0,,,TRUE,2026-03-01,processing,jpy,jp,a@b.jp,佐藤 健,42"
        let orders = try OrderCSV.decode(Array((header + "\r\n" + row + "\r\n").utf8), fileName: "x.csv")
        #expect(orders.map(\.id) == [OrderID(42)])
        #expect(orders.first?.currency == .jpy)
        #expect(orders.first?.country == "JP")
        #expect(orders.first?.flagged == true)
        #expect(orders.first?.total == 3_960)
    }

    /// Each malformed file is refused with exactly this first message.
    static let malformedCSV: [(String, [UInt8], String)] = [
        ("empty file", [], "bad.csv: is empty (expected a header line naming the columns)"),
        ("header only", Array((FileFixtures.header + "\n").utf8), "bad.csv: has a header but no orders"),
        ("unknown column", Array((FileFixtures.header + ",colour\n").utf8),
         "bad.csv, line 1: has an unknown column \"colour\" (expected: \(OrderCSV.exportColumns.joined(separator: ",")))"),
        ("missing columns", Array("id,customer\nORD-1,x\n".utf8),
         "bad.csv, line 1: is missing the columns customer_email (or email), country, currency, status, created_at, flagged, tags, assignee, discount, shipping, tax, sku, title, quantity, unit_price"),
        ("truncated row", FileFixtures.csv(FileFixtures.goodRow, "ORD-0000002,Ann,ann@example.com,US"),
         "bad.csv, line 3: has 4 fields but the header has 17"),
        ("unclosed quote", FileFixtures.csv(FileFixtures.goodRow, "ORD-0000002,\"Ann,ann@example.com"),
         "bad.csv, line 3: has a quoted field that is never closed"),
        ("quote inside unquoted field", FileFixtures.csv("ORD-0000002,An\"n,ann@example.com,US,USD,pending,2026-03-01T09:30:00Z,false,,,0,0,0,A,a,1,1"),
         "bad.csv, line 2: has a quote inside an unquoted field (quote the whole field and double the quote)"),
        ("text after closing quote", FileFixtures.csv("ORD-0000002,\"Ann\"x,ann@example.com,US,USD,pending,2026-03-01T09:30:00Z,false,,,0,0,0,A,a,1,1"),
         "bad.csv, line 2: has text after a closing quote (a quote inside a quoted field must be doubled)"),
        ("invalid UTF-8", Array((FileFixtures.header + "\n").utf8) + Array("ORD-0000002,An".utf8) + [0xC3, 0x28] + Array(",a@b.co,US,USD,pending,2026-03-01T09:30:00Z,false,,,0,0,0,A,a,1,1\n".utf8),
         "bad.csv, line 2: is not valid UTF-8 text"),
        ("huge field", Array((FileFixtures.header + "\n\"").utf8) + [UInt8](repeating: 0x61, count: CSVReader.maximumFieldBytes + 10) + Array("\"\n".utf8),
         "bad.csv, line 2: has a field longer than 1024 KiB"),
        ("negative quantity", FileFixtures.csv(FileFixtures.goodRow.replacingOccurrences(of: ",1,99.50", with: ",-2,99.50")),
         "bad.csv, line 2, field quantity: must be at least 1, got -2"),
        ("quantity not a number", FileFixtures.csv(FileFixtures.goodRow.replacingOccurrences(of: ",1,99.50", with: ",two,99.50")),
         "bad.csv, line 2, field quantity: \"two\" is not a whole number"),
        ("price with comma", FileFixtures.csv(FileFixtures.goodRow.replacingOccurrences(of: ",99.50", with: ",\"99,50\"")),
         "bad.csv, line 2, field unit_price: \"99,50\" is not a plain decimal such as 1234.50"),
        ("too many decimals", FileFixtures.csv(FileFixtures.goodRow.replacingOccurrences(of: ",99.50", with: ",99.505")),
         "bad.csv, line 2, field unit_price: has more decimals than EUR allows"),
        ("unknown status", FileFixtures.csv(FileFixtures.goodRow.replacingOccurrences(of: ",pending,", with: ",shipping,")),
         "bad.csv, line 2, field status: unknown status \"shipping\" (expected one of pending, processing, shipped, completed, cancelled, refunded)"),
        ("unknown currency", FileFixtures.csv(FileFixtures.goodRow.replacingOccurrences(of: ",EUR,", with: ",XYZ,")),
         "bad.csv, line 2, field currency: unknown currency \"XYZ\" (an ISO 4217 code such as EUR, USD or JPY)"),
        ("bad date", FileFixtures.csv(FileFixtures.goodRow.replacingOccurrences(of: "2026-03-01T09:30:00Z", with: "01/03/2026")),
         "bad.csv, line 2, field created_at: \"01/03/2026\" is not an ISO 8601 date-time such as 2026-03-01T09:30:00Z"),
        ("bad flag", FileFixtures.csv(FileFixtures.goodRow.replacingOccurrences(of: ",false,", with: ",yes,")),
         "bad.csv, line 2, field flagged: \"yes\" is neither true nor false"),
        ("bad id", FileFixtures.csv(FileFixtures.goodRow.replacingOccurrences(of: "ORD-0000001", with: "X\t1")),
         "bad.csv, line 2, field id: contains a control character (such as a line break or escape)"),
        ("bad email", FileFixtures.csv(FileFixtures.goodRow.replacingOccurrences(of: "jose@example.com", with: "jose@example")),
         "bad.csv, line 2, field email: \"jose@example\" is not a plausible email address"),
        ("escape in name", FileFixtures.csv(FileFixtures.goodRow.replacingOccurrences(of: "José", with: "Jo\u{1B}[2Jsé")),
         "bad.csv, line 2, field customer: contains a control character (such as a line break or escape)"),
        ("rows of one order disagree", FileFixtures.csv(FileFixtures.goodRow, FileFixtures.goodRow.replacingOccurrences(of: ",DE,", with: ",AT,").replacingOccurrences(of: "KB-1", with: "KB-2")),
         "bad.csv, line 3, field country: differs from line 2 of the same order"),
        ("discount above subtotal", FileFixtures.csv(FileFixtures.goodRow.replacingOccurrences(of: ",chen,0,", with: ",chen,500,")),
         "bad.csv, line 2, field discount: is larger than the subtotal"),
    ]

    // Cases are passed by name: the test runner prints every argument, and one file is over a megabyte.
    @Test(arguments: malformedCSV.map(\.0))
    func malformedCSVIsRefusedWithItsMessage(_ name: String) throws {
        let (_, bytes, expected) = try #require(Self.malformedCSV.first { $0.0 == name })
        do {
            let orders = try OrderCSV.decode(bytes, fileName: "bad.csv")
            Issue.record("\(name): accepted \(orders.count) orders")
        } catch {
            #expect(error.problems.first?.description == expected, "\(name)")
        }
    }

    @Test func everyProblemInAFileIsReported() {
        let bytes = FileFixtures.csv(FileFixtures.goodRow.replacingOccurrences(of: ",1,99.50", with: ",0,99.50"),
                             FileFixtures.goodRow.replacingOccurrences(of: "ORD-0000001", with: "ORD-0000002").replacingOccurrences(of: ",pending,", with: ",lost,"))
        #expect(throws: ImportError(problems: [
            ImportProblem(file: "f.csv", location: .line(2), field: "quantity", problem: "must be at least 1, got 0"),
            ImportProblem(file: "f.csv", location: .line(3), field: "status",
                          problem: "unknown status \"lost\" (expected one of pending, processing, shipped, completed, cancelled, refunded)"),
        ])) { try OrderCSV.decode(bytes, fileName: "f.csv") }
    }

    // MARK: JSON

    @Test func jsonDecodesOrders() throws {
        let orders = try OrderJSON.decode(Array("[\(FileFixtures.goodJSON)]".utf8), fileName: "in.json")
        let order = try #require(orders.first)
        #expect(order.customerName == "王秀英")
        #expect(order.createdAt == Date(millisecondsSince1970: 1_772_294_399_999))
        #expect(order.shipping == Decimal(string: "12.5")!)
        #expect(order.items.first?.unitPrice == Decimal(string: "32.10")!)
        #expect(order.total == Decimal(string: "121.80")!)
        #expect(order.flagged)
    }

    @Test(arguments: FileFixtures.malformedJSON.map(\.0))
    func malformedJSONIsRefusedWithItsMessage(_ name: String) throws {
        let (_, text, expected) = try #require(FileFixtures.malformedJSON.first { $0.0 == name })
        do {
            let orders = try OrderJSON.decode(Array(text.utf8), fileName: "bad.json")
            Issue.record("\(name): accepted \(orders.count) orders")
        } catch {
            let message = error.problems.first?.description ?? ""
            #expect(message == expected, "\(name)")
        }
    }

    @Test func invalidUTF8JSONIsRefused() {
        #expect(throws: ImportError(problems: [ImportProblem(file: "b.json", location: .byte(offset: 2, line: 1),
                                                             field: nil, problem: "is not valid UTF-8 text from here on")])) {
            try OrderJSON.decode(Array("[\"".utf8) + [0xFF] + Array("\"]".utf8), fileName: "b.json")
        }
    }

    // MARK: Round trips

    static let sample: [Order] = {
        var orders = DemoDataGenerator(seed: 99, now: Date(millisecondsSince1970: 1_790_000_000_000)).orders(count: 300)
        // Text that stresses both formats: quotes, commas, semicolon-free tags, a multi-line note.
        orders[0].customerName = "O'Brien, \"Bud\" 佐藤"
        orders[0].items[0].title = "27\" Monitor, matte; \\ backslash"
        orders[0].notes = [OrderNote(createdAt: Date(millisecondsSince1970: 1_780_000_000_001), author: "ines",
                                     text: "Line one,\nline \"two\"\ttabbed")]
        orders[1].assignee = nil
        orders[1].tags = []
        // Payment and fulfilment beyond the canonical forms of the triage states, a shop's word, a reason.
        orders[2].status = .processing
        orders[2].payment = .partiallyRefunded
        orders[2].fulfillment = .onHold
        orders[2].sourceStatus = "on-hold"
        orders[3].status = .cancelled
        orders[3].cancelReason = "Customer changed their mind,\nsaid \"sorry\""
        orders[4].status = .completed
        orders[4].payment = .authorized
        orders[4].fulfillment = .returned
        // Money as shops have it: tax inside the prices, codes, fees, a stated total that differs, refunds.
        let currency = orders[5].currency
        orders[5].taxesIncluded = true
        orders[5].discountCodes = [DiscountCode(code: "WELCOME, \"10\"", amount: orders[5].discount)]
        orders[5].adjustments = [OrderAdjustment(kind: .fee, label: "Gift wrap", amount: currency.amount(minorUnits: 250)),
                                 OrderAdjustment(kind: .duty, label: "Zoll", amount: currency.amount(minorUnits: 1))]
        orders[5].statedTotal = orders[5].total + currency.amount(minorUnits: 1)
        orders[5].refunds = [
            Refund(id: "re_1", createdAt: Date(millisecondsSince1970: 1_790_000_100_000), reason: "Broken,\n\"twice\"",
                   amount: currency.amount(minorUnits: 100), lines: [RefundLine(line: 0, quantity: 1)], restock: true),
            Refund(id: "R2", createdAt: Date(millisecondsSince1970: 1_790_000_200_000), amount: currency.amount(minorUnits: 1)),
        ]
        orders[5].payment = .partiallyRefunded
        // Paid in the customer's currency, reported in the shop's.
        orders[6].shopCurrency = .eur
        orders[6].shopTotal = Decimal(string: "1234.56")!
        orders[6].exchangeRate = Decimal(string: "0.1342523")!
        // People and places: a point-of-sale order with a phone and no email, every address part, a note with lines.
        orders[7].email = ""
        orders[7].phone = "+45 12 34 56 78"
        orders[7].customerKey = "cust_991"
        orders[7].shippingAddress = PostalAddress(name: "Ida Holm", company: "Holm, \"ApS\"", lines: ["Nørregade 7", "2. th."],
                                                  city: "København K", postcode: "1165", region: "Hovedstaden", country: "DK",
                                                  phone: "+45 12 34 56 78")
        orders[7].billingAddress = PostalAddress(lines: ["Postboks 12"], city: "Aarhus", country: "DK")
        orders[7].shippingMethod = "GLS Pakkeshop"
        orders[7].trackingNumbers = ["00340434161094042557", "JJD0099"]
        orders[7].paymentMethod = "MobilePay"
        orders[7].riskLevel = .high
        orders[7].customerNote = "Ring på,\nikke bank \"to gange\""
        orders[7].noteAttributes = [NoteAttribute(key: "gift-message", value: "Tillykke!"), NoteAttribute(key: "delivery", value: "")]
        orders[7].paidAt = Date(millisecondsSince1970: 1_790_000_300_000)
        orders[7].fulfilledAt = Date(millisecondsSince1970: 1_790_000_400_000)
        // A shop's order of something never shipped: no country known (the shop importers keep it so).
        orders[8].country = ""
        orders[8].shippingAddress = nil
        return orders
    }()

    @Test(arguments: OrderFileFormat.allCases)
    func exportThenImportReproducesEveryOrder(_ format: OrderFileFormat) throws {
        var exporter = OrderExporter(format: format)
        let text = exporter.prologue() + exporter.text(for: Array(Self.sample[..<150])) + exporter.text(for: Array(Self.sample[150...]))
            + exporter.epilogue()
        let back = try OrderImporter.decode(Array(text.utf8), format: format, fileName: "round.\(format)")
        #expect(back == Self.sample)
    }

    @Test func iso8601ParsesOffsetsAndWritesUTCMilliseconds() throws {
        let date = try #require(ISO8601Milliseconds.date(from: "2026-03-01T10:30:00.5+01:00"))
        #expect(ISO8601Milliseconds.string(from: date) == "2026-03-01T09:30:00.500Z")
        #expect(ISO8601Milliseconds.date(from: "2024-02-29") == Date(millisecondsSince1970: 1_709_164_800_000))
        #expect(ISO8601Milliseconds.string(from: Date(millisecondsSince1970: -1)) == "1969-12-31T23:59:59.999Z")
        for bad in ["2023-02-29", "2026-13-01", "2026-03-01T25:00:00Z", "2026-03-01T10:00:00", "2026-03-01T10:00:00.1234Z", "yesterday"] {
            #expect(ISO8601Milliseconds.date(from: bad) == nil, "\(bad)")
        }
    }

    @Test func plainDecimalsAreStrict() {
        #expect(PlainDecimal.parse("1234.50") == Decimal(string: "1234.50")!)
        #expect(PlainDecimal.parse("-3") == -3)
        for bad in ["", "1e5", "1,234.50", " 1", "1.", ".5", "12abc", "--1", "+1"] {
            #expect(PlainDecimal.parse(bad) == nil, "\(bad)")
        }
    }

    /// The shop readers' trimming of spaces answers as Foundation's `.whitespaces` trimming does,
    /// for text that needs none (answered from its end bytes) and text that does.
    @Test func trimmingSpacesIsFoundationsTrimming() {
        let texts = ["", " ", "\t", "a", " a", "a ", "\ta\t", "vip, wholesale", "\u{00A0}x\u{00A0}", "x\u{3000}", "\u{2003}",
                     "Straße 1", "é", " é ", "\n", "a\n", "\na", "x\u{0301}", "\u{0301}x", "  two  words  "]
        for text in texts {
            #expect(text.trimmingSpaces == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
            #expect(text[...].trimmingSpaces == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
    }

    /// The digits-as-an-integer reading must give the very `Decimal` that `Decimal(string:)` gives
    /// (the same mantissa, exponent and sign, byte for byte, not only an equal value): zeros with
    /// and without a fraction, trailing zeros, the most digits it reads itself (18), and the longer
    /// ones it leaves to `Decimal(string:)`.
    @Test func plainDecimalsAreWhatDecimalStringReads() {
        func bytes(_ value: Decimal) -> [UInt8] {
            var value = value
            return withUnsafeBytes(of: &value) { Array($0) }
        }
        let texts = ["0", "-0", "0.0", "0.00", "-0.00", "00", "0.0000000000", "1", "-1", "1.50", "12.3400", "100", "1000.000",
                     "0.01", "-0.01", "403.70", "99999.99", "000012.50", "123456789012.345678", "999999999999999999",
                     "1234567890123456789", "12345678901234567.89", "99999999999999999999999999999.9", "-42.4200000000"]
        for text in texts {
            let expected = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
            #expect(PlainDecimal.parse(text).map(bytes) == expected.map(bytes), "\(text)")
        }
    }
}
