import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import OrdersTestSupport
import Testing

/// Etsy's and Amazon's order reports through the mappings `orders import --help` prints
/// (`MarketplaceMappings`): no buyer's email, no order total, two-digit years, tabs, cancelled
/// lines with quantity 0.
@Suite("Marketplaces' reports come in through the printed mappings")
struct MarketplaceMappingTests {
    static func date(_ text: String) -> Date { ShopFixtures.date(text) }
    static func money(_ text: String) -> Decimal { ShopFixtures.money(text) }

    static func plan(_ export: String, name: String, mapping: String) throws -> ShopImportPreview {
        let mapping = try CSVMapping.read(Array(mapping.utf8), fileName: "map.json")
        return try ShopImportPreview.plan(Array(export.utf8), fileName: name,
                                          options: ShopImportOptions(zone: ShopFixtures.utc, mapping: mapping))
    }

    /// Etsy's "Sold Order Items" CSV, written for this test from its documented columns: one row per
    /// item, order fields repeated on each, dates `MM/dd/yy`.
    /// 3012345678: 2 napkin sets at 12.00 and a towel at 8.00 = 32.00; the THANKS10 coupon took
    /// 2.40 and 0.80 = 3.20 off; shipping 5.00; sales tax 2.40: total 32.00 − 3.20 + 5.00 + 2.40 = 36.20.
    /// Paid 11/20/26, shipped 11/22/26: paid and fulfilled.
    /// 3012345679: a bowl at 30.00 in euros, paid, not shipped, no shipping or tax, no SKU: 30.00.
    static let etsyItems = """
        Sale Date,Item Name,Buyer,Quantity,Price,Coupon Code,Coupon Details,Discount Amount,Delivery Discount,Order Shipping,\
        Order Sales Tax,Item Total,Currency,Transaction ID,Listing ID,Date Paid,Date Shipped,Ship Name,Ship Address1,Ship Address2,\
        Ship City,Ship State,Ship Zipcode,Ship Country,Order ID,Variations,Order Type,Listings Type,Payment Type,InPerson Discount,\
        InPerson Location,VAT Paid by Buyer,SKU
        11/20/26,"Linen napkins, set of 4",mwolf,2,12.00,THANKS10,10% off,2.40,0.00,5.00,2.40,24.00,USD,4001,9001,11/20/26,11/22/26,\
        Mia Wolf,12 Elm St,,Portland,OR,97205,United States,3012345678,Colour: Sage,online,listing,online_cc,,,0.00,NAP-4
        11/20/26,Tea towel,mwolf,1,8.00,THANKS10,10% off,0.80,0.00,5.00,2.40,8.00,USD,4002,9002,11/20/26,11/22/26,\
        Mia Wolf,12 Elm St,,Portland,OR,97205,United States,3012345678,,online,listing,online_cc,,,0.00,TT-1
        11/23/26,Ceramic bowl,kvogel,1,30.00,,,0.00,0.00,0.00,0.00,30.00,EUR,4003,9003,11/23/26,,\
        Karin Vogel,Altmarkt 1,,Dresden,,01067,Germany,3012345679,,online,listing,online_cc,,,0.00,

        """

    @Test func etsysSoldOrderItemsImportFieldForField() throws {
        let plan = try Self.plan(Self.etsyItems, name: "EtsySoldOrderItems2026-11.csv", mapping: MarketplaceMappings.etsy)
        #expect(plan.problems == [])
        var napkins = Order(
            id: OrderID.provisional(for: OrderReference(source: "etsy", number: "3012345678")), number: "3012345678", source: "etsy",
            customerName: "Mia Wolf", email: "", country: "United States", currency: .usd,
            items: [LineItem(sku: "NAP-4", title: "Linen napkins, set of 4", quantity: 2, unitPrice: 12, fulfilledQuantity: 2),
                    LineItem(sku: "TT-1", title: "Tea towel", quantity: 1, unitPrice: 8, fulfilledQuantity: 1)],
            discount: Self.money("3.20"), shipping: 5, tax: Self.money("2.40"),
            discountCodes: [DiscountCode(code: "THANKS10", amount: Self.money("3.20"))],
            createdAt: Self.date("2026-11-20T00:00:00Z"), updatedAt: Self.date("2026-11-22T00:00:00Z"))
        napkins.payment = .paid
        napkins.fulfillment = .fulfilled
        napkins.customerKey = "mwolf"
        napkins.shippingAddress = PostalAddress(name: "Mia Wolf", lines: ["12 Elm St"], city: "Portland", postcode: "97205",
                                                region: "OR", country: "United States")
        napkins.paidAt = Self.date("2026-11-20T00:00:00Z")
        napkins.fulfilledAt = Self.date("2026-11-22T00:00:00Z")
        var bowl = Order(
            id: OrderID.provisional(for: OrderReference(source: "etsy", number: "3012345679")), number: "3012345679", source: "etsy",
            customerName: "Karin Vogel", email: "", country: "Germany", currency: .eur,
            items: [LineItem(sku: "", title: "Ceramic bowl", quantity: 1, unitPrice: 30)], discount: 0, shipping: 0, tax: 0,
            createdAt: Self.date("2026-11-23T00:00:00Z"), updatedAt: Self.date("2026-11-23T00:00:00Z"))
        bowl.payment = .paid
        bowl.customerKey = "kvogel"
        bowl.shippingAddress = PostalAddress(name: "Karin Vogel", lines: ["Altmarkt 1"], city: "Dresden", postcode: "01067", country: "Germany")
        bowl.paidAt = Self.date("2026-11-23T00:00:00Z")
        #expect(plan.entries.map(\.order) == [napkins, bowl])
        #expect(plan.entries.map(\.order.total) == [Self.money("36.20"), 30])
        #expect(plan.entries.map(\.order.statedTotal) == [nil, nil], "Etsy states no order total in this report")
    }

    static var amazonOrders: [Order] {
        func reference(_ number: String) -> OrderID { OrderID.provisional(for: OrderReference(source: "amazon", number: number)) }
        var shipped = Order(
            id: reference("113-1234567-1234567"), number: "113-1234567-1234567", source: "amazon", customerName: "Guest", email: "",
            country: "US", currency: .usd,
            items: [LineItem(sku: "MUG-12", title: "Coffee mug 12\" tall", quantity: 2, unitPrice: Self.money("12.99"), fulfilledQuantity: 2),
                    LineItem(sku: "COAST-4", title: "Coaster set", quantity: 1, unitPrice: Self.money("9.99"), fulfilledQuantity: 1)],
            discount: 1, shipping: Self.money("4.99"), tax: Self.money("3.28"),
            createdAt: Self.date("2026-11-20T14:03:22Z"), updatedAt: Self.date("2026-11-20T14:03:22Z"))
        shipped.payment = .paid
        shipped.fulfillment = .fulfilled
        shipped.shippingMethod = "Standard"
        shipped.shippingAddress = PostalAddress(city: "PORTLAND", postcode: "97205-1234", region: "OR", country: "US")
        shipped.noteAttributes = [NoteAttribute(key: "cancelled line", value: "Spoon (SPOON-1)")]
        var cancelled = Order(
            id: reference("113-7654321-7654321"), number: "113-7654321-7654321", source: "amazon", customerName: "Guest", email: "",
            country: "US", currency: .usd, items: [], discount: 0, shipping: 0, tax: 0,
            createdAt: Self.date("2026-11-21T08:00:00Z"), updatedAt: Self.date("2026-11-21T08:00:00Z"))
        cancelled.payment = .voided
        cancelled.cancelledAt = Self.date("2026-11-21T08:00:00Z")
        cancelled.shippingMethod = "Standard"
        cancelled.shippingAddress = PostalAddress(city: "AUSTIN", postcode: "73301", region: "TX", country: "US")
        cancelled.noteAttributes = [NoteAttribute(key: "cancelled line", value: "Tea kettle (KET-1)")]
        var unshipped = Order(
            id: reference("114-1111111-2222222"), number: "114-1111111-2222222", source: "amazon", customerName: "Guest", email: "",
            country: "CA", currency: Currency.named("CAD")!, items: [LineItem(sku: "BOWL-1", title: "Bowl", quantity: 3, unitPrice: 10)],
            discount: 0, shipping: 0, tax: 0,
            createdAt: Self.date("2026-11-22T18:30:00Z"), updatedAt: Self.date("2026-11-22T18:30:00Z"))
        unshipped.payment = .paid
        unshipped.shippingMethod = "Expedited"
        unshipped.shippingAddress = PostalAddress(city: "TORONTO", postcode: "M5V 2T6", region: "ON", country: "CA")
        return [shipped, cancelled, unshipped]
    }

    /// Etsy's other download, "Sold Orders" (one row per order, written here from its documented
    /// columns), has no items: no `Item Name`, `Quantity` or `Price`, and its address and money
    /// columns are named otherwise (`Street 1`, `Shipping`, `Sales Tax`). An order here needs its
    /// lines, so the README says it is not read; the Etsy mapping refuses it before any row is read,
    /// naming each column the file lacks, and nothing is imported.
    @Test func etsysSoldOrdersFileIsRefusedNamingTheItemColumnsItLacks() throws {
        let soldOrders = """
            Sale Date,Order ID,Buyer User ID,Full Name,First Name,Last Name,Number of Items,Payment Method,Date Shipped,\
            Street 1,Street 2,Ship City,Ship State,Ship Zipcode,Ship Country,Currency,Order Value,Coupon Code,Coupon Details,\
            Discount Amount,Shipping Discount,Shipping,Sales Tax,Order Total,Status,Card Processing Fees,Order Net,\
            Adjusted Order Total,Adjusted Card Processing Fees,Adjusted Net Order Amount,Buyer,Order Type,Payment Type,\
            InPerson Discount,InPerson Location,SKU
            11/20/26,3012345678,77001,Mia Wolf,Mia,Wolf,3,online_cc,11/22/26,12 Elm St,,Portland,OR,97205,United States,USD,\
            32.00,THANKS10,10% off,3.20,0.00,5.00,2.40,36.20,Completed,1.38,34.82,36.20,1.38,34.82,mwolf,online,online_cc,,,NAP-4

            """
        func lacks(_ field: String, _ column: String) -> ImportProblem {
            ImportProblem(file: "map.json", location: .file, field: "columns.\(field)",
                          problem: "names the column \"\(column)\", which EtsySoldOrders2026-11.csv does not have")
        }
        let expected = [lacks("paidAt", "Date Paid"), lacks("customerName", "Ship Name"), lacks("shipping.name", "Ship Name"),
                        lacks("shipping.address1", "Ship Address1"), lacks("shipping.address2", "Ship Address2"),
                        lacks("shippingTotal", "Order Shipping"), lacks("taxTotal", "Order Sales Tax"),
                        lacks("item.title", "Item Name"), lacks("item.quantity", "Quantity"), lacks("item.unitPrice", "Price")]
        do {
            _ = try Self.plan(soldOrders, name: "EtsySoldOrders2026-11.csv", mapping: MarketplaceMappings.etsy)
            Issue.record("Etsy's Sold Orders file was not refused")
        } catch let error as ImportError {
            #expect(error.problems.sorted { $0.field ?? "" < $1.field ?? "" } == expected.sorted { $0.field ?? "" < $1.field ?? "" })
        }
    }

    @Test func amazonsAllOrdersReportImportsFieldForField() throws {
        let plan = try Self.plan(ShopFixtures.amazonAllOrders, name: "all-orders.txt", mapping: MarketplaceMappings.amazon)
        #expect(plan.problems == [])
        #expect(plan.entries.map(\.order) == Self.amazonOrders)
        #expect(plan.entries.map(\.order.total) == [Self.money("43.24"), 0, 30])
        #expect(plan.ignoredColumns == ["merchant-order-id", "last-updated-date", "fulfillment-channel", "sales-channel", "order-channel",
                                        "asin", "item-status", "gift-wrap-price", "gift-wrap-tax", "is-business-order",
                                        "purchase-order-number", "price-designation"])
    }

    /// Amazon's `item-price` is the price of the line's whole quantity: 3 bowls for 29.99 is no exact
    /// price a bowl (9.9966…), so the line keeps 29.99 and shows 10.00 derived (rounded half to even),
    /// and the order, with no total column, comes to 29.99, not 30.00.
    @Test func anAmazonLineWhosePriceDoesNotDivideKeepsItsTotal() throws {
        let report = ShopFixtures.amazonAllOrders.replacingOccurrences(of: "\t3\tCAD\t30.00\t", with: "\t3\tCAD\t29.99\t")
        #expect(report != ShopFixtures.amazonAllOrders)
        let plan = try Self.plan(report, name: "all-orders.txt", mapping: MarketplaceMappings.amazon)
        #expect(plan.problems == [])
        let bowl = try #require(plan.entries.last?.order)
        #expect(bowl.items == [LineItem(sku: "BOWL-1", title: "Bowl", quantity: 3, unitPrice: 10, statedLineTotal: Self.money("29.99"))])
        #expect(bowl.total == Self.money("29.99"))
        #expect(bowl.statedTotal == nil)
    }

    @Test(arguments: [
        ("MM/dd/yy", "11/20/26", "2026-11-20T00:00:00Z"), ("d.M.yyyy", "5.3.2026", "2026-03-05T00:00:00Z"),
        ("dd-MMM-yyyy", "07-dec-2025", "2025-12-07T00:00:00Z"), ("MMMM d, yyyy", "December 7, 2025", "2025-12-07T00:00:00Z"),
        ("MM/dd/yy hh:mm a", "12/07/25 12:05 AM", "2025-12-07T00:05:00Z"), ("M/d/yy h:mm a", "12/7/25 1:05 PM", "2025-12-07T13:05:00Z"),
    ])
    func theCommonDateLettersRead(_ format: String, _ written: String, _ expected: String) throws {
        let pattern = try CSVDatePattern.parse(format).get()
        #expect(try pattern.date(written, zone: ShopFixtures.utc).get() == Self.date(expected))
    }

    @Test func aTwelveHourClockNeedsItsAMOrPM() {
        #expect(CSVDatePattern.parse("MM/dd/yy hh:mm").map(\.text)
                == .failure(CSVMappingProblem(field: "dateFormat", problem: "\"MM/dd/yy hh:mm\" is not a date format orders reads: "
                    + "it has a 12-hour hour (hh) but no AM/PM (a) (use yyyy or yy, MM, M, MMM or MMMM, dd or d, HH or H, hh or h with a, mm, ss)")))
        let pattern = try? CSVDatePattern.parse("MM/dd/yy h a").get()
        #expect(pattern.map { (try? $0.date("12/07/25 13 PM", zone: ShopFixtures.utc).get()) == nil } == true, "13 is no 12-hour hour")
    }

    @Test(arguments: [("\"semicolon\"", CSVDelimiter.semicolon), ("\";\"", .semicolon), ("\"tab\"", .tab), ("\"\\t\"", .tab),
                      ("\"comma\"", .comma)])
    func theDelimiterIsNamedOrWritten(_ written: String, _ delimiter: CSVDelimiter) throws {
        let mapping = try CSVMapping.read(Array("""
            {"delimiter": \(written), "columns": {"number": "no", "createdAt": "at", "currency": "cur", "item.title": "what",
                                                  "item.quantity": "n", "item.unitPrice": "each"}}
            """.utf8), fileName: "map.json")
        #expect(mapping.delimiter == delimiter)
    }

    @Test func aSemicolonExportWithoutTotalOrEmailImports() throws {
        let mapping = """
            {"delimiter": "semicolon", "decimalSeparator": ",", "dateFormat": "d.M.yyyy",
             "columns": {"number": "Nr", "createdAt": "Datum", "currency": "Währung", "customerName": "Kunde",
                         "shippingTotal": "Versand", "item.title": "Artikel", "item.quantity": "Menge", "item.unitPrice": "Preis"}}
            """
        // 2 × 4,50 + 3,90 shipping = 12,90.
        let export = "Nr;Datum;Währung;Kunde;Versand;Artikel;Menge;Preis\nB-7;5.3.2026;EUR;\"Jörg; Sohn\";3,90;Seife;2;4,50\n"
        let plan = try Self.plan(export, name: "shop.csv", mapping: mapping)
        #expect(plan.problems == [])
        let order = try #require(plan.entries.first?.order)
        #expect(order.customerName == "Jörg; Sohn")
        #expect(order.email == "")
        #expect(order.total == Self.money("12.90"))
        #expect(order.statedTotal == nil)
    }
}
