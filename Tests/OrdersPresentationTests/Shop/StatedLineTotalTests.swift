import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// A line whose shop states its total and no exact unit price (WooCommerce with prices entered including
/// VAT) keeps that total as the truth, its unit price derived (`LineItem+StatedTotal.swift`): the order
/// imports with no total mismatch, refunds of some of its units split the exact total, a re-import
/// changes nothing, both stores keep it, and an export reads back to the same order.
@Suite("A shop's stated line total is kept; the unit price is derived from it")
struct StatedLineTotalTests {
    static func money(_ text: String) -> Decimal { ShopFixtures.money(text) }
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// Order 801 of a UK shop entering prices with 20 % VAT, as `GET /wp-json/wc/v3/orders` writes it:
    /// - 3 mugs at 9.99 including VAT: 29.97 gross, 29.97 / 1.2 = 24.975 → a line of 24.98 without VAT,
    ///   4.99 VAT (29.97 − 24.98). No exact unit price gives 24.98: 24.98 / 3 = 8.3266… → 8.33 derived.
    /// - 1 coaster set at 6.00 including VAT: 5.00 + 1.00 VAT.
    /// - Shipping 3.50 + 0.70 VAT.
    /// Lines 24.98 + 5.00 = 29.98; tax 4.99 + 1.00 + 0.70 = 6.69; total 29.98 + 3.50 + 6.69 = 40.17,
    /// the shop's own (29.97 + 6.00 + 4.20). With the unit price as the truth it would be 3 × 8.33 =
    /// 24.99 and 40.18, a mismatch of 0.01.
    static let restPage = """
        [{"id": 801, "number": "801", "status": "processing", "currency": "GBP", "prices_include_tax": true,
          "date_created_gmt": "2026-11-24T10:00:00", "date_modified_gmt": "2026-11-24T10:05:00",
          "date_paid_gmt": "2026-11-24T10:05:00", "date_completed_gmt": null,
          "discount_total": "0.00", "discount_tax": "0.00", "shipping_total": "3.50", "shipping_tax": "0.70",
          "cart_tax": "5.99", "total": "40.17", "total_tax": "6.69", "customer_id": 0, "customer_note": "",
          "billing": {"first_name": "Ann", "last_name": "Roe", "company": "", "address_1": "1 High St", "address_2": "",
                      "city": "Bath", "state": "", "postcode": "BA1 1AA", "country": "GB", "email": "ann@example.co.uk", "phone": ""},
          "shipping": {"first_name": "", "last_name": "", "company": "", "address_1": "", "address_2": "", "city": "",
                       "state": "", "postcode": "", "country": "", "phone": ""},
          "line_items": [{"id": 31, "name": "Mug", "product_id": 5, "variation_id": 0, "quantity": 3, "tax_class": "",
                          "subtotal": "24.98", "subtotal_tax": "4.99", "total": "24.98", "total_tax": "4.99",
                          "taxes": [{"id": 1, "total": "4.99", "subtotal": "4.99"}], "meta_data": [], "sku": "MUG-1",
                          "price": 8.326666666666666},
                         {"id": 32, "name": "Coaster set", "product_id": 6, "variation_id": 0, "quantity": 1, "tax_class": "",
                          "subtotal": "5.00", "subtotal_tax": "1.00", "total": "5.00", "total_tax": "1.00",
                          "taxes": [{"id": 1, "total": "1.00", "subtotal": "1.00"}], "meta_data": [], "sku": "COAST-4", "price": 5}],
          "tax_lines": [{"id": 40, "rate_code": "GB-VAT-1", "rate_id": 1, "label": "VAT", "compound": false,
                         "tax_total": "5.99", "shipping_tax_total": "0.70"}],
          "shipping_lines": [{"id": 41, "method_title": "Royal Mail", "method_id": "flat_rate", "total": "3.50", "total_tax": "0.70"}],
          "fee_lines": [], "coupon_lines": [], "refunds": [], "meta_data": []}]
        """

    /// The same order as the order export plugin's CSV writes it (one row, lines packed; the same
    /// hand-worked figures: subtotal 29.98 + shipping 3.50 + tax 6.69 = 40.17, so taxes are not included).
    static let pluginCSV = """
        "order_id","order_number","order_date","paid_date","status","shipping_total","tax_total","order_total","order_subtotal","order_currency","billing_first_name","billing_last_name","billing_email","line_item_1","line_item_2"
        "801","801","2026-11-24 10:00:00","2026-11-24 10:05:00","processing","3.50","6.69","40.17","29.98","GBP","Ann","Roe","ann@example.co.uk","name:Mug|sku:MUG-1|quantity:3|total:24.98|sub_total:24.98|tax:4.99","name:Coaster set|sku:COAST-4|quantity:1|total:5.00|sub_total:5.00|tax:1.00"

        """

    static let lines = [
        LineItem(sku: "MUG-1", title: "Mug", quantity: 3, unitPrice: money("8.33"), statedLineTotal: money("24.98")),
        LineItem(sku: "COAST-4", title: "Coaster set", quantity: 1, unitPrice: 5),
    ]

    static var expectedFromREST: Order {
        var order = Order(
            id: OrderID.provisional(for: OrderReference(source: "woocommerce", number: "801")), number: "801", source: "woocommerce",
            shopOrderID: "801", customerName: "Ann Roe", email: "ann@example.co.uk", country: "GB", currency: Currency.named("GBP")!,
            items: lines, shipping: money("3.50"), tax: money("6.69"), taxesIncluded: false, statedTotal: money("40.17"),
            createdAt: ShopFixtures.date("2026-11-24T10:00:00Z"), updatedAt: ShopFixtures.date("2026-11-24T10:05:00Z"))
        order.payment = .paid
        order.sourceStatus = "processing"
        order.customerKey = "ann@example.co.uk"
        order.billingAddress = PostalAddress(name: "Ann Roe", lines: ["1 High St"], city: "Bath", postcode: "BA1 1AA", country: "GB")
        order.paidAt = ShopFixtures.date("2026-11-24T10:05:00Z")
        order.shippingMethod = "Royal Mail"
        return order
    }

    @Test func theRESTOrderKeepsTheLineTotalAndMatchesTheShopsTotal() throws {
        let orders = try ShopFixtures.mapped(Self.restPage, "orders.json")
        #expect(orders == [Self.expectedFromREST])
        let order = try #require(orders.first)
        #expect(order.items.map(\.lineTotal) == [Self.money("24.98"), 5])
        #expect([order.subtotal, order.total] == [Self.money("29.98"), Self.money("40.17")])
        #expect(order.statedTotalDifference == nil, "no mismatch: the lines come to the shop's total")
        #expect(order.items.map(\.hasDerivedUnitPrice) == [true, false])
    }

    @Test func thePluginsCSVReadsTheSameLinesAndTotal() throws {
        let order = try #require(try ShopFixtures.mapped(Self.pluginCSV, "wc.csv").first)
        #expect(order.items == Self.lines)
        #expect([order.subtotal, order.shipping, order.tax, order.total] == [Self.money("29.98"), Self.money("3.50"), Self.money("6.69"),
                                                                            Self.money("40.17")])
        #expect(order.taxesIncluded == false)
        #expect(order.statedTotal == Self.money("40.17"))
        #expect(order.statedTotalDifference == nil)
    }

    /// The one rule, by hand: 24.98 / 3 = 8.32666… → 8.33; 24.97 / 3 = 8.32333… → 8.32; 0.05 / 2 = 0.025,
    /// half way, → 0.02 (half to even); 10.00 / 4 = 2.50 exactly, so that line is an ordinary one.
    @Test func theUnitPriceIsTheTotalOverTheQuantityRoundedHalfToEven() {
        func line(_ total: String, _ quantity: Int) -> LineItem {
            LineItem(sku: "S", title: "T", quantity: quantity, statedLineTotal: Self.money(total), currency: .eur)
        }
        #expect(line("24.98", 3) == LineItem(sku: "S", title: "T", quantity: 3, unitPrice: Self.money("8.33"), statedLineTotal: Self.money("24.98")))
        #expect(line("24.97", 3) == LineItem(sku: "S", title: "T", quantity: 3, unitPrice: Self.money("8.32"), statedLineTotal: Self.money("24.97")))
        #expect(line("0.05", 2) == LineItem(sku: "S", title: "T", quantity: 2, unitPrice: Self.money("0.02"), statedLineTotal: Self.money("0.05")))
        #expect(line("10.00", 4) == LineItem(sku: "S", title: "T", quantity: 4, unitPrice: Self.money("2.50")))
    }

    /// A file that names both a line total and a unit price that is not derived from it is refused
    /// with its place; a stated total finer than the currency likewise.
    @Test func aUnitPriceThatDisagreesWithTheLineTotalIsRefused() {
        var order = Self.expectedFromREST
        order.items[0].unitPrice = Self.money("8.30")
        #expect(order.validationIssues() == [OrderValidationIssue(
            field: "items[0].unit_price", problem: "must be the line total 24.98 ÷ 3 rounded to GBP's minor unit, 8.33, got 8.30")])
        order = Self.expectedFromREST
        order.items[0].statedLineTotal = Self.money("24.985")
        #expect(order.validationIssues() == [OrderValidationIssue(field: "items[0].line_total", problem: "has more decimals than GBP allows")])
    }

    /// Refunds of the mugs split the line's exact worth, never the rounded price. Worked by hand in
    /// pence (`Order+LineRefundValues`): the tax 669 is spread over the lines by 2498 and 500
    /// (largest remainder): 669 × 2498 / 2998 = 557.43, 669 × 500 / 2998 = 111.57, the one penny left
    /// to the larger remainder: 557 and 112. The mugs are worth 2498 + 557 = 3055, 1018 a unit with
    /// 1 left over, which the first unit carries: one mug back is 10.19, the other two 10.18 each.
    /// The coasters 500 + 112 = 612, and shipping 350: 1019 + 2036 + 612 + 350 = 4017, the whole
    /// order to the penny, which leaves it refunded.
    @Test(arguments: StoreKind.allCases)
    func refundsOfSomeUnitsSplitTheExactLineTotal(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let outcome = try await Self.importFile(Self.restPage, into: fixture.store)
        #expect(outcome.totalMismatches == [])
        var order = try await Self.stored(in: fixture.store)
        #expect(order.refundAmount(returning: [RefundLine(line: 0, quantity: 1)]) == Self.money("10.19"))
        let steps: [([RefundLine], Decimal, String)] = [
            ([RefundLine(line: 0, quantity: 1)], 0, "10.19"),
            ([RefundLine(line: 0, quantity: 2)], 0, "20.36"),
            ([RefundLine(line: 1, quantity: 1)], Self.money("3.50"), "9.62"),
        ]
        for (lines, shipping, amount) in steps {
            let refund = order.refund(returning: lines, shipping: shipping, at: Self.now, reason: nil, restock: true)
            #expect(refund.amount == Self.money(amount))
            order = try await fixture.store.update(order.id, expectedVersion: order.version, mutations: [.refund(refund)], actor: "ana")
        }
        #expect(order.refunds.map(\.amount) == [Self.money("10.19"), Self.money("20.36"), Self.money("9.62")])
        #expect([order.refunded, order.outstanding] == [Self.money("40.17"), 0])
        #expect(order.payment == .refunded)
        #expect(try await Self.stored(in: fixture.secondHandle()) == order)
    }

    /// Imported into each store, read back through a second handle (SQLite: another connection to the
    /// file; PostgreSQL: another connection to the server) it is the mapped order, and the same file
    /// again changes nothing: "0 updated".
    @Test(arguments: StoreKind.allCases)
    func eachStoreKeepsTheLineTotalAndTheSameFileAgainChangesNothing(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let reference = OrderReference(source: "woocommerce", number: "801")
        let first = try await Self.importFile(Self.restPage, into: fixture.store)
        #expect(first == ShopImportOutcome(new: [reference], updated: [], unchanged: 0, conflicts: [], totalMismatches: [], skipped: []))
        var expected = Self.expectedFromREST
        expected.id = try await Self.stored(in: fixture.store).id
        #expect(try await Self.stored(in: fixture.secondHandle()) == expected)
        let again = try await Self.importFile(Self.restPage, into: fixture.store)
        #expect(again == ShopImportOutcome(new: [], updated: [], unchanged: 1))
        #expect(try await Self.stored(in: fixture.secondHandle()) == expected)
        #expect(try await fixture.store.history(of: expected.id) == [])
    }

    /// `orders copy` between the engines (each side's own bulk paths: SQLite's transaction over pages,
    /// PostgreSQL's COPY) carries the stated total, with an ordinary line beside it.
    @Test(arguments: [StoreKind.sqlite, StoreKind.postgres])
    func copiesBetweenTheEnginesKeepIt(_ sourceKind: StoreKind) async throws {
        var order = Self.expectedFromREST
        order.id = OrderID(1)
        let source = try StoreFixture(sourceKind)
        try await source.store.insert([order])
        let destination = try StoreFixture(sourceKind == .sqlite ? .postgres : .sqlite)
        let copied: Int
        switch (source.store, destination.store) {
        case let (from as SQLiteOrderStore, to as PostgresOrderStore): copied = try await StoreCopier().copy(from: from, to: to, replacing: false)
        case let (from as PostgresOrderStore, to as SQLiteOrderStore): copied = try await StoreCopier().copy(from: from, to: to, replacing: false)
        default: copied = 0
        }
        #expect(copied == 1)
        #expect(try await destination.secondHandle().order(OrderID(1)) == order)
    }

    /// The export writes the line total beside the unit price (JSON `line_total`, CSV `line_total`), and
    /// both read back to the same order; the detail marks the derived price.
    @Test func exportsCarryTheLineTotalAndReadBackToTheSameOrder() throws {
        let order = Self.expectedFromREST
        let object = OrderJSON.object(for: order)
        #expect(object.contains("""
            "items": [{"sku": "MUG-1", "title": "Mug", "quantity": 3, "unit_price": "8.33", "line_total": "24.98", \
            "fulfilled_quantity": 0, "refunded_quantity": 0}, {"sku": "COAST-4", "title": "Coaster set", "quantity": 1, \
            "unit_price": "5.00", "line_total": "5.00", "fulfilled_quantity": 0, "refunded_quantity": 0}], \
            "subtotal": "29.98"
            """))
        #expect(try OrderJSON.decode(Array("[\(object)]".utf8), fileName: "out.json").map(\.items) == [Self.lines])
        let csv = OrderCSV.header() + OrderCSV.rows(for: order)
        #expect(try OrderCSV.decode(Array(csv.utf8), fileName: "out.csv").map(\.items) == [Self.lines])
        #expect(try OrderCSV.decode(Array(csv.utf8), fileName: "out.csv").map(\.total) == [Self.money("40.17")])
    }

    /// The detail shows the line total exact and marks the unit price derived from it.
    @Test @MainActor func theDetailMarksTheDerivedUnitPrice() async throws {
        var order = Self.expectedFromREST
        order.id = OrderID(10)
        let (list, _) = await PresentationFixtures.loadedModel(OrderFixtures.sample + [order])
        let detail = OrderDetailModel(orderID: OrderID(10), list: list)
        detail.load()
        await detail.waitForPendingWork()
        #expect(detail.lines == [
            DetailLine(sku: "MUG-1", title: "Mug", quantity: 3, unitPriceText: "≈£8.33", lineTotalText: "£24.98"),
            DetailLine(sku: "COAST-4", title: "Coaster set", quantity: 1, unitPriceText: "£5.00", lineTotalText: "£5.00"),
        ])
    }

    static func importFile(_ text: String, into store: some OrderStore) async throws -> ShopImportOutcome {
        let report = try await ShopImporter(options: ShopImportOptions(zone: ShopFixtures.utc)).run(
            .bytes(Array(text.utf8), fileName: "orders.json"), dryRun: false, at: now, openStore: { store }, actor: { _ in "importer" })
        if !report.refusal.isEmpty { throw ImportError(problems: report.refusal) }
        return report.outcome
    }

    static func stored(in store: some OrderStore) async throws -> Order {
        try #require(try await store.orders(numbered: OrderReference(source: "woocommerce", number: "801")).first)
    }
}
