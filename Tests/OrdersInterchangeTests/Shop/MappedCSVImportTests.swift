import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import OrdersTestSupport
import Testing

@Suite("Any other CSV through a mapping file: read as the mapping says, into exact orders")
struct MappedCSVImportTests {
    static func date(_ text: String) -> Date { ShopFixtures.date(text) }
    static func money(_ text: String) -> Decimal { ShopFixtures.money(text) }

    static func mapping(_ text: String = MappedCSVFixtures.mapping) throws -> CSVMapping {
        try CSVMapping.read(Array(text.utf8), fileName: "erp-map.json")
    }

    static func plan(_ export: String = MappedCSVFixtures.export, mapping: CSVMapping) throws -> ShopImportPreview {
        try ShopImportPreview.plan(Array(export.utf8), fileName: "erp.csv",
                              options: ShopImportOptions(zone: ShopFixtures.utc, mapping: mapping))
    }

    static func order(_ number: String, _ currency: Currency, created: String, customer: String, email: String,
                      country: String, items: [LineItem], shipping: Decimal = 0, tax: Decimal, total: Decimal) -> Order {
        var order = Order(
            id: OrderID.provisional(for: OrderReference(source: "erp", number: number)), number: number, source: "erp",
            customerName: customer, email: email, country: country, currency: currency, items: items, shipping: shipping,
            tax: tax, taxesIncluded: true, statedTotal: total, createdAt: date(created), updatedAt: date(created))
        order.customerKey = email.lowercased()
        return order
    }

    @Test func theERPExportBecomesExactOrders() throws {
        let plan = try Self.plan(mapping: Self.mapping())
        #expect(plan.problems == [])
        #expect(plan.format == .mappedCSV)
        #expect(plan.ignoredColumns == ["Warehouse"])
        var chairs = Self.order("SO-2024-00017", .eur, created: "2025-12-07T18:08:00Z", customer: "Müller, José",
                                email: "jose@example.de", country: "DE",
                                items: [LineItem(sku: "CH-1", title: "Chair, oak", quantity: 2, unitPrice: 800, fulfilledQuantity: 2),
                                        LineItem(sku: "TB-9", title: "Table", quantity: 1, unitPrice: 400, fulfilledQuantity: 1)],
                                tax: Self.money("319.33"), total: 2000)
        chairs.tags = ["b2b", "priority"]
        chairs.payment = .paid
        chairs.fulfillment = .fulfilled
        chairs.customerNote = "Bitte klingeln,\ndann warten."
        chairs.shippingAddress = PostalAddress(lines: ["Hauptstr. 5"], city: "Berlin", postcode: "10115", country: "DE")
        var cancelled = Self.order("SO-2024-00018", .eur, created: "2025-12-08T08:30:00Z", customer: "Bob Stone",
                                   email: "Bob@Example.com", country: "",
                                   items: [LineItem(sku: "MUG", title: "Mug", quantity: 3, unitPrice: 15)],
                                   shipping: Self.money("4.90"), tax: Self.money("7.97"), total: Self.money("49.90"))
        cancelled.payment = .voided
        cancelled.cancelledAt = Self.date("2025-12-08T08:30:00Z")
        var francs = Self.order("SO-2024-00019", Currency.named("CHF")!, created: "2025-12-09T13:00:00Z", customer: "Zoë Adams",
                                email: "zoe@example.ch", country: "CH",
                                items: [LineItem(sku: "", title: "Lamp", quantity: 1, unitPrice: Self.money("1250.50"))],
                                tax: Self.money("93.68"), total: Self.money("1250.50"))
        francs.payment = .paid
        francs.shippingAddress = PostalAddress(lines: ["Seestrasse 1"], city: "Zürich", postcode: "8002", country: "CH")
        var checked = Self.order("SO-2024-00020", .eur, created: "2025-12-10T07:05:00Z", customer: "Ana Lima",
                                 email: "ana@example.pt", country: "PT",
                                 items: [LineItem(sku: "PEN-2", title: "Pen", quantity: 2, unitPrice: Self.money("9.95"))],
                                 tax: Self.money("3.18"), total: Self.money("19.90"))
        checked.sourceStatus = "QUALITY CHECK"
        checked.shippingAddress = PostalAddress(lines: ["Rua Augusta 10"], city: "Lisboa", postcode: "1100-053", country: "PT")
        let orders = plan.entries.map(\.order)
        #expect(orders.map(\.number) == ["SO-2024-00017", "SO-2024-00018", "SO-2024-00019", "SO-2024-00020"])
        #expect(orders == [chairs, cancelled, francs, checked])
        #expect(plan.entries.map(\.location) == [.line(2), .line(5), .line(6), .line(7)])
        #expect(orders.map(\.total) == [2000, Self.money("49.90"), Self.money("1250.50"), Self.money("19.90")],
                "prices include the VAT, which is not added again")
        #expect(orders.map(\.statedTotalDifference) == [nil, nil, nil, nil])
        #expect(orders.map(\.status) == [.shipped, .cancelled, .processing, .pending])
    }

    @Test func theMappingsSourceGivesWayToTheSourceOption() throws {
        let plan = try ShopImportPreview.plan(Array(MappedCSVFixtures.export.utf8), fileName: "erp.csv",
                                         options: ShopImportOptions(zone: ShopFixtures.utc, source: "erp-2",
                                                                    mapping: Self.mapping()))
        #expect(plan.entries.map(\.order.reference) == ["SO-2024-00017", "SO-2024-00018", "SO-2024-00019", "SO-2024-00020"]
            .map { OrderReference(source: "erp-2", number: $0) })
    }

    @Test func withoutAnOrderKeyEveryRowIsAnOrderAndUngroupedPointAmountsRead() throws {
        let export = """
            ref,when,cur,amount,what,n,each,line,mail
            A-1,2025-12-07T10:00:00Z,USD,30.00,Socks,2,,30.00,a@example.com
            A-2,2025-12-07 11:00:00,USD,10.00,Hat,1,10.00,,b@example.com

            """
        let mapping = try Self.mapping("""
            {"columns": {"number": "ref", "createdAt": "when", "currency": "cur", "total": "amount", "item.title": "what",
                         "item.quantity": "n", "item.unitPrice": "each", "item.lineTotal": "line", "email": "mail"}}
            """)
        let plan = try ShopImportPreview.plan(Array(export.utf8), fileName: "plain.csv",
                                         options: ShopImportOptions(zone: TimeZone(identifier: "America/New_York")!, mapping: mapping))
        #expect(plan.problems == [])
        #expect(plan.entries.map(\.order.reference) == [OrderReference(source: "mapped", number: "A-1"),
                                                        OrderReference(source: "mapped", number: "A-2")])
        #expect(plan.entries.map(\.order.items) == [[LineItem(sku: "", title: "Socks", quantity: 2, unitPrice: 15)],
                                                    [LineItem(sku: "", title: "Hat", quantity: 1, unitPrice: 10)]])
        #expect(plan.entries.map(\.order.createdAt) == [Self.date("2025-12-07T10:00:00Z"), Self.date("2025-12-07T16:00:00Z")],
                "a date without a zone is read in --tz's zone")
        #expect(plan.entries.map(\.order.payment) == [.pending, .pending])
        #expect(plan.entries.map(\.order.sourceStatus) == [nil, nil])
    }

    @Test func eachBrokenRowIsAProblemAtItsLineAndColumn() throws {
        let export = """
            Order No,Order Date,State,Curr,Customer,Mail,Street,Town,ZIP,Country,Gross,Freight,VAT,Remarks,Labels,Art No,Description,Qty,Unit Price,Warehouse
            SO-1,31.02.2025 10:00,PAID,EUR,A,a@example.com,,,,,"10,00",,,,,X,Thing,1,"10,00",A
            SO-2,01.03.2025 10:00,PAID,EUR,B,b@example.com,,,,,"10.00",,,,,X,Thing,1,"10,00",A
            SO-3,2025-03-01,PAID,XXX,C,c@example.com,,,,,"10,00",,,,,X,,0,"10,00",A
            SO-4,01.03.2025 10:00,PAID,EUR,D,d@example.com,,,,,"10,00",,,,,X,Thing,two,,A
            SO-5,01.03.2025 10:00,PAID,EUR,E,e@example.com,,,,,"10,00",,,,,X,Thing,1,"10,00",A

            """
        let plan = try Self.plan(export, mapping: Self.mapping())
        #expect(plan.problems.map(\.description) == [
            "erp.csv, line 2, field Order Date: \"31.02.2025 10:00\" is not a real date and time",
            "erp.csv, line 3, field Gross: \"10.00\" is not an amount (expected digits with an optional \",\", like 403,70)",
            "erp.csv, line 4, field Order Date: \"2025-03-01\" is not a date in the mapping's format dd.MM.yyyy HH:mm",
            "erp.csv, line 4, field Curr: \"XXX\" is not an ISO 4217 currency code",
            "erp.csv, line 4, field Description: is empty; every order needs it",
            "erp.csv, line 5, field Qty: \"two\" is not a whole number of items",
        ])
        #expect(plan.entries.map(\.order.number) == ["SO-5"])
    }
}
