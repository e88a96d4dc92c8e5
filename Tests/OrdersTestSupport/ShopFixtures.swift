import Foundation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// Shop export files written from the formats' documented facts (not copied from any shop):
/// Shopify's 79-column admin CSV, the WooCommerce export plugin's one-row-per-order CSV, and
/// Shopify's Admin API JSON.
package enum ShopFixtures {
    /// Shopify's admin order export header, in Shopify's column order.
    package static let shopifyHeader = """
        Name,Email,Financial Status,Paid at,Fulfillment Status,Fulfilled at,Accepts Marketing,Currency,Subtotal,\
        Shipping,Taxes,Total,Discount Code,Discount Amount,Shipping Method,Created at,Lineitem quantity,Lineitem name,\
        Lineitem price,Lineitem compare at price,Lineitem sku,Lineitem requires shipping,Lineitem taxable,\
        Lineitem fulfillment status,Billing Name,Billing Street,Billing Address1,Billing Address2,Billing Company,\
        Billing City,Billing Zip,Billing Province,Billing Country,Billing Phone,Shipping Name,Shipping Street,\
        Shipping Address1,Shipping Address2,Shipping Company,Shipping City,Shipping Zip,Shipping Province,\
        Shipping Country,Shipping Phone,Notes,Note Attributes,Cancelled at,Payment Method,Payment Reference,\
        Refunded Amount,Vendor,Outstanding Balance,Employee,Location,Device ID,Id,Tags,Risk Level,Source,\
        Lineitem discount,Tax 1 Name,Tax 1 Value,Tax 2 Name,Tax 2 Value,Tax 3 Name,Tax 3 Value,Tax 4 Name,\
        Tax 4 Value,Tax 5 Name,Tax 5 Value,Phone,Receipt Number,Duties,Billing Province Name,Shipping Province Name,\
        Payment ID,Payment Terms Name,Next Payment Due At,Payment References
        """.components(separatedBy: ",")

    /// One CSV line with these columns filled and every other column empty.
    package static func shopifyRow(_ values: [String: String]) -> String {
        precondition(Set(values.keys).isSubset(of: shopifyHeader), "unknown column in \(values.keys)")
        return CSVWriter.line(shopifyHeader.map { values[$0] ?? "" })
    }

    /// Three orders: a paid and fulfilled USD order of two lines with tax on top, a discount code,
    /// a two-line note and note attributes; a VAT-inclusive DKK order, partly refunded and partly
    /// fulfilled; an authorised JPY order with nothing fulfilled.
    package static var shopifyCSV: String {
        let first: [String: String] = [
            "Name": "#1001", "Email": "ann.lee@example.com", "Financial Status": "paid", "Paid at": "2025-12-07 19:08:25 +0000",
            "Fulfillment Status": "fulfilled", "Fulfilled at": "2025-12-08 10:00:00 +0000", "Accepts Marketing": "no",
            "Currency": "USD", "Subtotal": "388.00", "Shipping": "10.00", "Taxes": "31.04", "Total": "429.04",
            "Discount Code": "WELCOME10", "Discount Amount": "10.00", "Shipping Method": "Standard",
            "Created at": "2025-12-07 19:08:20 +0000", "Lineitem quantity": "2", "Lineitem name": "Desk Lamp - Black",
            "Lineitem price": "149.00", "Lineitem sku": "LAMP-BLK", "Lineitem requires shipping": "true",
            "Lineitem taxable": "true", "Lineitem fulfillment status": "fulfilled", "Billing Name": "Ann Lee",
            "Billing Street": "12 Oak Street, Apt 4", "Billing Address1": "12 Oak Street", "Billing Address2": "Apt 4",
            "Billing City": "Portland", "Billing Zip": "97205", "Billing Province": "OR", "Billing Country": "US",
            "Billing Phone": "+1 503 555 0100", "Shipping Name": "Ann Lee", "Shipping Address1": "12 Oak Street",
            "Shipping Address2": "Apt 4", "Shipping City": "Portland", "Shipping Zip": "97205", "Shipping Province": "OR",
            "Shipping Country": "US", "Notes": "Please leave at the door.\nRing twice.", "Note Attributes": "gift: yes\nwrap colour: blue",
            "Payment Method": "Shopify Payments", "Refunded Amount": "0.00", "Outstanding Balance": "0.00",
            "Id": "5012345678901", "Tags": "vip, wholesale", "Risk Level": "Low", "Source": "web",
            "Billing Province Name": "Oregon", "Shipping Province Name": "Oregon",
        ]
        let second: [String: String] = [
            "Name": "#1001", "Email": "ann.lee@example.com", "Created at": "2025-12-07 19:08:20 +0000",
            "Lineitem quantity": "1", "Lineitem name": "Gift card", "Lineitem price": "100.00", "Lineitem sku": "",
            "Lineitem requires shipping": "false", "Lineitem taxable": "false", "Lineitem fulfillment status": "fulfilled",
        ]
        let danish: [String: String] = [
            "Name": "1101", "Email": "", "Phone": "+45 20 12 34 56", "Financial Status": "partially_refunded",
            "Paid at": "2025-11-30 08:15:00 +0100", "Fulfillment Status": "partial", "Currency": "DKK", "Subtotal": "1250.00",
            "Shipping": "0.00", "Taxes": "250.00", "Total": "1250.00", "Created at": "2025-11-30 08:14:02 +0100",
            "Lineitem quantity": "1", "Lineitem name": "Wool blanket", "Lineitem price": "750.00", "Lineitem sku": "WB-01",
            "Lineitem fulfillment status": "fulfilled", "Billing Name": "Søren Kierkegaard", "Billing Address1": "Nytorv 2",
            "Billing City": "København K", "Billing Zip": "1450", "Billing Country": "DK", "Refunded Amount": "189.00",
            "Outstanding Balance": "0.00", "Id": "5012345678902", "Risk Level": "Medium", "Source": "pos",
        ]
        let danishSecond: [String: String] = [
            "Name": "1101", "Created at": "2025-11-30 08:14:02 +0100", "Lineitem quantity": "2", "Lineitem name": "Candle",
            "Lineitem price": "250.00", "Lineitem sku": "CN-02", "Lineitem fulfillment status": "pending",
        ]
        let japanese: [String: String] = [
            "Name": "SO-2024-00017", "Email": "yui@example.jp", "Financial Status": "authorized", "Currency": "JPY",
            "Subtotal": "3600", "Shipping": "0", "Taxes": "360", "Total": "3960", "Created at": "2025-12-01 09:00:00 +0900",
            "Lineitem quantity": "3", "Lineitem name": "抹茶 100g", "Lineitem price": "1200", "Lineitem sku": "MT-100",
            "Lineitem fulfillment status": "pending", "Id": "5012345678903", "Tags": "", "Risk Level": "High", "Source": "web",
        ]
        // CSVWriter ends each line with CRLF, as RFC 4180 has it.
        return CSVWriter.line(shopifyHeader) + [first, second, danish, danishSecond, japanese].map(shopifyRow).joined()
    }

    /// Two orders as the WooCommerce export plugin writes them (every field quoted): a guest order
    /// with a partial refund and a coupon, and an on-hold order with a zoneless date.
    package static let wooCommerceCSV = """
        "order_id","order_number","order_date","paid_date","status","shipping_total","shipping_tax_total","fee_total",\
        "tax_total","cart_discount","order_discount","discount_total","order_total","order_subtotal","order_currency",\
        "payment_method","payment_method_title","shipping_method","customer_id","customer_email","billing_first_name",\
        "billing_last_name","billing_company","billing_email","billing_phone","billing_address_1","billing_address_2",\
        "billing_postcode","billing_city","billing_state","billing_country","shipping_first_name","shipping_last_name",\
        "shipping_company","shipping_address_1","shipping_address_2","shipping_postcode","shipping_city","shipping_state",\
        "shipping_country","customer_note","coupon_items","refund_items","order_notes","line_item_1","line_item_2"
        "7301","7301","2025-12-05 14:30:00","2025-12-05 14:31:10","processing","4.90","0.00","0.00","19.00","10.00","0.00",\
        "10.00","113.90","100.00","EUR","stripe","Credit card","Flat rate","0","","Inès","Martin","","ines@example.fr",\
        "+33 1 23 45 67 89","5 rue de la Paix","","75002","Paris","","FR","Inès","Martin","","5 rue de la Paix","",\
        "75002","Paris","","FR","Sonnez deux fois.
        Merci !","code:NOEL10|amount:10.00","amount:40.00|reason:Damaged mug|date:2025-12-07 09:00:00",\
        "Order status changed from Pending payment to Processing.||Customer asked for gift wrap.",\
        "name:Mug|product_id:41|sku:MUG-1|quantity:2|total:40.00|sub_total:40.00|tax:7.60",\
        "name:Teapot|product_id:42|sku:|quantity:1|total:50.00|sub_total:60.00|tax:11.40"
        "7302","SO-7302","2025-12-06 23:59:59","","on-hold","0.00","0.00","0.00","0.00","0.00","0.00","0.00","25.00",\
        "25.00","PLN","bacs","Direct bank transfer","","12","jan@example.pl","Jan","Kowalski","","jan@example.pl","",\
        "ul. Długa 1","","00-001","Warszawa","","PL","","","","","","","","","","","","","",\
        "name:Notebook|product_id:7|sku:NB-A5|quantity:5|total:25.00|sub_total:25.00|tax:0.00",""

        """
}

extension ShopFixtures {
    /// One order as Shopify's Admin API returns it: money as strings, shop money in EUR and
    /// presentment money in CHF, VAT included, one boot unfulfilled, one pair of socks refunded
    /// with shipping.
    package static let shopifyJSONOrder = """
        {
          "id": 450789469, "name": "#1002", "order_number": 1002, "email": "bob.norman@example.com",
          "created_at": "2025-12-02T11:00:00+01:00", "processed_at": "2025-12-02T11:00:05+01:00",
          "currency": "EUR", "presentment_currency": "CHF",
          "total_price": "219.00", "subtotal_price": "214.00", "total_tax": "34.96", "total_discounts": "5.00",
          "total_price_set": {"shop_money": {"amount": "219.00", "currency_code": "EUR"},
                              "presentment_money": {"amount": "215.40", "currency_code": "CHF"}},
          "taxes_included": true, "financial_status": "partially_refunded", "fulfillment_status": "partial",
          "cancelled_at": null, "cancel_reason": null,
          "customer": {"id": 207119551, "first_name": "Bob", "last_name": "Norman", "email": "bob.norman@example.com"},
          "billing_address": {"first_name": "Bob", "last_name": "Norman", "address1": "Chestnut Street 92", "address2": "",
                              "city": "Louisville", "zip": "40202", "province": "Kentucky", "country": "United States",
                              "country_code": "US", "phone": "+1 555 555 5555", "company": null, "name": "Bob Norman"},
          "shipping_address": null,
          "line_items": [
            {"id": 466157049, "name": "Wool socks - L", "title": "Wool socks", "sku": "SOCK-L", "quantity": 3, "price": "23.00",
             "fulfillable_quantity": 0, "fulfillment_status": "fulfilled", "requires_shipping": true, "taxable": true},
            {"id": 518995019, "name": "Boots", "title": "Boots", "sku": "BOOT-42", "quantity": 1, "price": "150.00",
             "fulfillable_quantity": 1, "fulfillment_status": null, "requires_shipping": true, "taxable": true}
          ],
          "shipping_lines": [{"title": "Express", "price": "10.00"}],
          "discount_codes": [{"code": "WINTER", "amount": "5.00", "type": "fixed_amount"}],
          "refunds": [
            {"id": 509562969, "created_at": "2025-12-04T13:00:00+01:00", "note": "One pair too small",
             "refund_line_items": [{"id": 104689539, "line_item_id": 466157049, "quantity": 1}],
             "transactions": [{"kind": "refund", "status": "success", "amount": "28.00"},
                              {"kind": "refund", "status": "failure", "amount": "28.00"}],
             "order_adjustments": [{"kind": "shipping_refund", "amount": "-5.00"}]}
          ],
          "note": "Leave with the neighbour\\nif not home",
          "note_attributes": [{"name": "delivery window", "value": "morning"}],
          "tags": "b2b, repeat", "source_name": "web", "payment_gateway_names": ["shopify_payments"]
        }
        """

    package static var shopifyJSON: String { "{\"orders\": [\(shopifyJSONOrder)]}" }

    /// Amazon's "All Orders" report, tab-separated, written for this test from its documented
    /// columns (product names may hold a double quote: tab-separated text quotes nothing).
    /// 113-1234567-1234567, shipped: 2 mugs for 25.98 (12.99 each), item tax 2.08, shipping 4.99
    /// with 0.40 tax; a coaster set 9.99, tax 0.80, promotion 1.00 off; a spoon cancelled
    /// (quantity 0, no price). Total 25.98 + 9.99 − 1.00 + 4.99 + (2.08 + 0.40 + 0.80) = 43.24.
    /// 113-7654321-7654321: cancelled whole, its one line quantity 0: an order with no items.
    /// 114-1111111-2222222: unshipped (paid), 3 bowls for 30.00, no tax: 30.00.
    package static let amazonAllOrders = [
        ["amazon-order-id", "merchant-order-id", "purchase-date", "last-updated-date", "order-status", "fulfillment-channel",
         "sales-channel", "order-channel", "ship-service-level", "product-name", "sku", "asin", "item-status", "quantity", "currency",
         "item-price", "item-tax", "shipping-price", "shipping-tax", "gift-wrap-price", "gift-wrap-tax", "item-promotion-discount",
         "ship-promotion-discount", "ship-city", "ship-state", "ship-postal-code", "ship-country", "promotion-ids",
         "is-business-order", "purchase-order-number", "price-designation"],
        ["113-1234567-1234567", "", "2026-11-20T14:03:22+00:00", "2026-11-21T09:00:00+00:00", "Shipped", "Merchant", "Amazon.com", "",
         "Standard", "Coffee mug 12\" tall", "MUG-12", "B000000001", "Shipped", "2", "USD", "25.98", "2.08", "4.99", "0.40", "", "",
         "0.00", "0.00", "PORTLAND", "OR", "97205-1234", "US", "", "false", "", ""],
        ["113-1234567-1234567", "", "2026-11-20T14:03:22+00:00", "2026-11-21T09:00:00+00:00", "Shipped", "Merchant", "Amazon.com", "",
         "Standard", "Coaster set", "COAST-4", "B000000002", "Shipped", "1", "USD", "9.99", "0.80", "0.00", "0.00", "", "",
         "1.00", "0.00", "PORTLAND", "OR", "97205-1234", "US", "", "false", "", ""],
        ["113-1234567-1234567", "", "2026-11-20T14:03:22+00:00", "2026-11-21T09:00:00+00:00", "Shipped", "Merchant", "Amazon.com", "",
         "Standard", "Spoon", "SPOON-1", "B000000003", "Cancelled", "0", "USD", "", "", "", "", "", "", "", "",
         "PORTLAND", "OR", "97205-1234", "US", "", "false", "", ""],
        ["113-7654321-7654321", "", "2026-11-21T08:00:00+00:00", "2026-11-21T10:00:00+00:00", "Cancelled", "Merchant", "Amazon.com", "",
         "Standard", "Tea kettle", "KET-1", "B000000004", "Cancelled", "0", "USD", "", "", "", "", "", "", "", "",
         "AUSTIN", "TX", "73301", "US", "", "false", "", ""],
        ["114-1111111-2222222", "", "2026-11-22T18:30:00+00:00", "2026-11-22T18:31:00+00:00", "Unshipped", "Merchant", "Amazon.ca", "",
         "Expedited", "Bowl", "BOWL-1", "B000000005", "Unshipped", "3", "CAD", "30.00", "0.00", "0.00", "0.00", "", "",
         "0.00", "0.00", "TORONTO", "ON", "M5V 2T6", "CA", "", "false", "", ""],
    ].map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n"

    /// An order with every field the app's own formats carry set: addresses, refunds, codes, fees, presentment money.
    package static func richOrder() -> Order {
        let kwd = Currency.named("KWD")!  // in the ISO table
        var order = Order(
            id: OrderID.provisional(for: OrderReference(source: "shopify", number: "#1001")), number: "#1001", source: "shopify",
            shopOrderID: "5512345678901", customerName: "Fatima Al-Sabah", email: "fatima@example.kw", country: "KW", currency: kwd,
            items: [LineItem(sku: "OUD-1", title: "Oud, 50 ml", quantity: 2, unitPrice: Decimal(string: "12.345")!, fulfilledQuantity: 1),
                    LineItem(sku: "BOX", title: "Gift box", quantity: 1, unitPrice: Decimal(string: "1.500")!)],
            discount: Decimal(string: "2.000")!, shipping: Decimal(string: "3.250")!, tax: Decimal(string: "1.245")!,
            taxesIncluded: true, discountCodes: [DiscountCode(code: "EID", amount: Decimal(string: "2.000")!)],
            adjustments: [OrderAdjustment(kind: .fee, label: "Cash on delivery", amount: Decimal(string: "0.500")!)],
            statedTotal: Decimal(string: "27.940")!,
            refunds: [Refund(id: "R1", createdAt: Date(millisecondsSince1970: 1_790_003_600_000), reason: "leaked",
                             amount: Decimal(string: "12.345")!, lines: [RefundLine(line: 0, quantity: 1)], restock: false)],
            shopCurrency: .eur, shopTotal: Decimal(string: "84.60")!, exchangeRate: Decimal(string: "3.0279")!,
            createdAt: Date(millisecondsSince1970: 1_790_000_000_000), status: .processing)
        order.payment = .partiallyRefunded
        order.fulfillment = .partiallyFulfilled
        order.phone = "+965 2222 3333"
        order.customerKey = "7390012"
        order.shippingAddress = PostalAddress(name: "Fatima Al-Sabah", lines: ["Block 3, Street 12", "House 7"], city: "Salmiya",
                                              region: "Hawalli", country: "KW")
        order.shippingMethod = "Express"
        order.trackingNumbers = ["KW123"]
        order.paymentMethod = "cash_on_delivery"
        order.riskLevel = .low
        order.customerNote = "Call first,\nplease"
        order.noteAttributes = [NoteAttribute(key: "gift", value: "yes")]
        order.paidAt = Date(millisecondsSince1970: 1_790_000_060_000)
        return order
    }

    /// Every order of a fixture, mapped; a problem fails the test with its sentence.
    package static func mapped(_ text: String, _ name: String, source: String? = nil, zone: TimeZone = utc) throws -> [Order] {
        try ShopFileReader.read(Array(text.utf8), fileName: name, zone: zone).map {
            try ShopOrderMapper(source: source).order(from: $0, file: name).get()
        }
    }

    /// The zone the shop fixtures' times are read in unless a test names another.
    package static let utc = TimeZone(identifier: "UTC")!

    /// An ISO 8601 instant written in a test.
    package static func date(_ text: String) -> Date {
        // The test's own clock: ISO 8601 with an offset, read by Foundation, not by the code under test.
        ISO8601DateFormatter().date(from: text)!
    }

    /// An amount written in a test as the shops write it ("24.99").
    package static func money(_ text: String) -> Decimal { Decimal(string: text)! }

    /// Imports a shop's export into `store` as `orders import` does, at `OrderFixtures.now`; a refused file throws its problems.
    package static func importFile(_ text: String, into store: some OrderStore, name: String = "orders_export.csv",
                           dryRun: Bool = false) async throws -> ShopImportOutcome {
        let report = try await ShopImporter(options: ShopImportOptions(zone: ShopFixtures.utc)).run(
            .bytes(Array(text.utf8), fileName: name), dryRun: dryRun, at: OrderFixtures.now, openStore: { store }, actor: { _ in "importer" })
        if !report.refusal.isEmpty { throw ImportError(problems: report.refusal) }
        return report.outcome
    }

    /// The Shopify fixture's three orders as references.
    package static let shopifyReferences = ["#1001", "1101", "SO-2024-00017"].map { OrderReference(source: "shopify", number: $0) }

    /// The Japanese order of the fixture, a day later: paid and sent.
    package static var nextDaysExport: String {
        ShopFixtures.shopifyCSV.replacingOccurrences(
            of: "SO-2024-00017,yui@example.jp,authorized,,,,",
            with: "SO-2024-00017,yui@example.jp,paid,2025-12-02 09:00:00 +0900,fulfilled,2025-12-03 10:00:00 +0900,")
    }
}
