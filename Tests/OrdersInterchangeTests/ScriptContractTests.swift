import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import OrdersTestSupport
import Testing

/// The script contract (issue 12): the exact JSON `orders list|show|export --format json` write for
/// a KWD order, an order without addresses and one partly refunded; the matching CSV columns; both
/// read back to the same orders; and files written before the contract still read.
@Suite("Script contract JSON and CSV")
struct ScriptContractTests {
    static let created = Date(millisecondsSince1970: 1_790_000_000_000)

    /// A phone order made here: no email, no addresses, no customer key, yen.
    static func phoneOrder() -> Order {
        var order = Order(
            id: OrderID(42), customerName: "佐藤 健", email: "", country: "JP", currency: .jpy,
            items: [LineItem(sku: "TEA-1", title: "Sencha, 100 g", quantity: 3, unitPrice: 1_980)],
            shipping: 600, tax: 654, createdAt: created, flagged: true, tags: ["vip", "phone"], assignee: "chen",
            notes: [OrderNote(createdAt: created.addingTimeInterval(30), author: "chen", text: "Called back,\nwill pay on delivery")])
        order.phone = "+81 90 1234 5678"
        return order
    }

    /// A Shopify order paid, sent and then partly refunded: one of two mugs came broken.
    static func partlyRefundedOrder() -> Order {
        var order = Order(
            id: OrderID.provisional(for: OrderReference(source: "shopify", number: "#1002")), number: "#1002", source: "shopify",
            shopOrderID: "5512345678902", customerName: "Ana Lima", email: "ana@example.pt", country: "PT", currency: .eur,
            items: [LineItem(sku: "MUG-1", title: "Mug", quantity: 2, unitPrice: Decimal(string: "14.50")!),
                    LineItem(sku: "", title: "Gift wrap", quantity: 1, unitPrice: Decimal(string: "2.00")!)],
            shipping: Decimal(string: "4.90")!, tax: Decimal(string: "6.28")!, taxesIncluded: true,
            refunds: [Refund(id: "R1", createdAt: created.addingTimeInterval(86_400 * 3), reason: "arrived broken",
                             amount: Decimal(string: "14.50")!, lines: [RefundLine(line: 0, quantity: 1)], restock: true)],
            createdAt: created, updatedAt: created.addingTimeInterval(86_400 * 3), status: .shipped, tags: ["gift"])
        order.payment = .partiallyRefunded
        order.customerKey = "cust-881"
        order.shippingAddress = PostalAddress(name: "Ana Lima", lines: ["Rua Augusta 27", "2.º esq."], city: "Lisboa",
                                              postcode: "1100-048", country: "PT", phone: "+351 912 345 678")
        order.billingAddress = PostalAddress(name: "Ana Lima", company: "Lima & Filhos, Lda.", lines: ["Av. da Liberdade 110"],
                                             city: "Lisboa", postcode: "1269-046", region: "Lisboa", country: "PT")
        order.trackingNumbers = ["CTT-RR123456789PT"]
        order.riskLevel = .high
        order.paidAt = created.addingTimeInterval(60)
        order.fulfilledAt = created.addingTimeInterval(86_400)
        return order
    }

    static let contractFields = [
        "id", "source", "created_at", "customer", "shipping_address", "billing_address", "currency", "payment_status",
        "fulfillment_status", "source_status", "cancelled_at", "items", "subtotal", "discount", "shipping", "tax",
        "taxes_included", "total", "refunded", "outstanding", "shop_currency", "shop_total", "refunds", "tags", "flagged",
        "risk", "assignee", "notes",
    ]

    @Test func theContractsFieldsComeInItsOrder() {
        for order in [ShopFixtures.richOrder(), Self.phoneOrder(), Self.partlyRefundedOrder()] {
            let names = OrderJSON.members(of: order).map(\.0)
            #expect(names == OrderJSON.fieldOrder)
            #expect(names.filter(Self.contractFields.contains) == Self.contractFields)
        }
    }

    @Test func anOrderWithoutAddressesIsExactlyThisJSON() {
        #expect(OrderJSON.object(for: Self.phoneOrder()) == """
            {"id": "ORD-0000042", "source": "local", "shop_id": null, "created_at": "2026-09-21T14:13:20.000Z", \
            "updated_at": "2026-09-21T14:13:20.000Z", "customer": {"name": "佐藤 健", "email": null, \
            "phone": "+81 90 1234 5678", "key": null}, "country": "JP", "shipping_address": null, "billing_address": null, \
            "shipping_method": null, "tracking_numbers": [], "payment_method": null, "currency": "JPY", \
            "status": "pending", "payment_status": "pending", "paid_at": null, "fulfillment_status": "unfulfilled", \
            "fulfilled_at": null, "source_status": null, "cancelled_at": null, "cancel_reason": null, "closed": false, \
            "items": [{"sku": "TEA-1", "title": "Sencha, 100 g", "quantity": 3, "unit_price": "1980", "line_total": "5940", \
            "fulfilled_quantity": 0, "refunded_quantity": 0}], \
            "subtotal": "5940", \
            "discount": "0", "discount_codes": [], "adjustments": [], "shipping": "600", "tax": "654", \
            "taxes_included": false, "total": "7194", "stated_total": null, "refunded": "0", "outstanding": "7194", \
            "shop_currency": "JPY", "shop_total": "7194", "exchange_rate": null, "refunds": [], "tags": ["vip", "phone"], \
            "flagged": true, "risk": null, "assignee": "chen", "customer_note": null, "note_attributes": [], \
            "notes": [{"created_at": "2026-09-21T14:13:50.000Z", "author": "chen", \
            "text": "Called back,\\nwill pay on delivery"}], "version": 1}
            """)
    }

    @Test func aPartlyRefundedOrderIsExactlyThisJSON() {
        let order = Self.partlyRefundedOrder()
        #expect(order.validationIssues() == [])
        #expect(OrderJSON.object(for: order) == """
            {"id": "#1002", "source": "shopify", "shop_id": "5512345678902", "created_at": "2026-09-21T14:13:20.000Z", \
            "updated_at": "2026-09-24T14:13:20.000Z", "customer": {"name": "Ana Lima", "email": "ana@example.pt", \
            "phone": null, "key": "cust-881"}, "country": "PT", "shipping_address": {"name": "Ana Lima", "company": null, \
            "lines": ["Rua Augusta 27", "2.º esq."], "city": "Lisboa", "postcode": "1100-048", "region": null, \
            "country": "PT", "phone": "+351 912 345 678"}, "billing_address": {"name": "Ana Lima", \
            "company": "Lima & Filhos, Lda.", "lines": ["Av. da Liberdade 110"], "city": "Lisboa", "postcode": "1269-046", \
            "region": "Lisboa", "country": "PT", "phone": null}, "shipping_method": null, \
            "tracking_numbers": ["CTT-RR123456789PT"], "payment_method": null, "currency": "EUR", "status": "shipped", \
            "payment_status": "partially_refunded", "paid_at": "2026-09-21T14:14:20.000Z", \
            "fulfillment_status": "fulfilled", "fulfilled_at": "2026-09-22T14:13:20.000Z", "source_status": null, \
            "cancelled_at": null, "cancel_reason": null, "closed": false, "items": [{"sku": "MUG-1", "title": "Mug", \
            "quantity": 2, "unit_price": "14.50", "line_total": "29.00", "fulfilled_quantity": 2, "refunded_quantity": 1}, \
            {"sku": "", "title": "Gift wrap", "quantity": 1, "unit_price": "2.00", "line_total": "2.00", "fulfilled_quantity": 1, \
            "refunded_quantity": 0}], \
            "subtotal": "31.00", "discount": "0.00", "discount_codes": [], "adjustments": [], "shipping": "4.90", \
            "tax": "6.28", "taxes_included": true, "total": "35.90", "stated_total": null, "refunded": "14.50", \
            "outstanding": "21.40", "shop_currency": "EUR", "shop_total": "35.90", "exchange_rate": null, \
            "refunds": [{"id": "R1", "created_at": "2026-09-24T14:13:20.000Z", "reason": "arrived broken", \
            "amount": "14.50", "shipping": "0.00", "restock": true, "lines": [{"line": 1, "sku": "MUG-1", \
            "quantity": 1}]}], "tags": ["gift"], "flagged": false, "risk": "high", "assignee": null, "customer_note": null, \
            "note_attributes": [], "notes": [], "version": 1}
            """)
    }

    @Test(arguments: OrderFileFormat.allCases)
    func everyOrderReadsBackTheSame(_ format: OrderFileFormat) throws {
        let orders = [ShopFixtures.richOrder(), Self.phoneOrder(), Self.partlyRefundedOrder()]
        var exporter = OrderExporter(format: format)
        let text = exporter.prologue() + exporter.text(for: orders) + exporter.epilogue()
        #expect(try OrderImporter.decode(Array(text.utf8), format: format, fileName: "contract.\(format)") == orders)
    }

    // MARK: CSV

    @Test func csvHasTheContractsFieldsFlattened() {
        #expect(OrderCSV.header() == """
            id,source,shop_id,created_at,updated_at,customer_name,customer_email,customer_phone,customer_key,country,\
            shipping_address_name,shipping_address_company,shipping_address_lines,shipping_address_city,\
            shipping_address_postcode,shipping_address_region,shipping_address_country,shipping_address_phone,\
            billing_address_name,billing_address_company,billing_address_lines,billing_address_city,\
            billing_address_postcode,billing_address_region,billing_address_country,billing_address_phone,\
            shipping_method,tracking_numbers,payment_method,currency,status,payment_status,paid_at,fulfillment_status,\
            fulfilled_at,source_status,cancelled_at,cancel_reason,closed,sku,title,quantity,unit_price,line_total,\
            fulfilled_quantity,subtotal,discount,\
            discount_codes,adjustments,shipping,tax,taxes_included,total,stated_total,refunded,outstanding,shop_currency,\
            shop_total,exchange_rate,refunds,tags,flagged,risk,assignee,customer_note,note_attributes,notes,version\r\n
            """)
    }

    @Test func aPartlyRefundedOrderIsExactlyTheseCSVRows() {
        #expect(OrderCSV.rows(for: Self.partlyRefundedOrder()) == """
            #1002,shopify,5512345678902,2026-09-21T14:13:20.000Z,2026-09-24T14:13:20.000Z,Ana Lima,ana@example.pt,,cust-881,\
            PT,Ana Lima,,"Rua Augusta 27
            2.º esq.",Lisboa,1100-048,,PT,+351 912 345 678,Ana Lima,"Lima & Filhos, Lda.",Av. da Liberdade 110,Lisboa,\
            1269-046,Lisboa,PT,,,"[""CTT-RR123456789PT""]",,EUR,shipped,partially_refunded,2026-09-21T14:14:20.000Z,\
            fulfilled,2026-09-22T14:13:20.000Z,,,,false,MUG-1,Mug,2,14.50,29.00,2,31.00,0.00,,,4.90,6.28,true,35.90,,14.50,21.40,\
            EUR,35.90,,"[{""id"": ""R1"", ""created_at"": ""2026-09-24T14:13:20.000Z"", ""reason"": ""arrived broken"",\
             ""amount"": ""14.50"", ""shipping"": ""0.00"", ""restock"": true, ""lines"": [{""line"": 1, ""sku"": ""MUG-1"",\
             ""quantity"": 1}]}]",gift,false,high,,,,,1\r
            #1002,shopify,5512345678902,2026-09-21T14:13:20.000Z,2026-09-24T14:13:20.000Z,Ana Lima,ana@example.pt,,cust-881,\
            PT,Ana Lima,,"Rua Augusta 27
            2.º esq.",Lisboa,1100-048,,PT,+351 912 345 678,Ana Lima,"Lima & Filhos, Lda.",Av. da Liberdade 110,Lisboa,\
            1269-046,Lisboa,PT,,,"[""CTT-RR123456789PT""]",,EUR,shipped,partially_refunded,2026-09-21T14:14:20.000Z,\
            fulfilled,2026-09-22T14:13:20.000Z,,,,false,,Gift wrap,1,2.00,2.00,1,31.00,0.00,,,4.90,6.28,true,35.90,,14.50,21.40,\
            EUR,35.90,,"[{""id"": ""R1"", ""created_at"": ""2026-09-24T14:13:20.000Z"", ""reason"": ""arrived broken"",\
             ""amount"": ""14.50"", ""shipping"": ""0.00"", ""restock"": true, ""lines"": [{""line"": 1, ""sku"": ""MUG-1"",\
             ""quantity"": 1}]}]",gift,false,high,,,,,1\r
            
            """)
    }

    @Test func aColumnByItsEarlierAndItsNewNameIsRefused() {
        let header = "id,customer,customer_name,email,country,currency,status,created_at,flagged,tags,assignee,discount,shipping,tax,sku,title,quantity,unit_price"
        #expect(throws: ImportError.self) { try OrderCSV.decode(Array((header + "\n").utf8), fileName: "both.csv") }
        do {
            _ = try OrderCSV.decode(Array((header + "\n").utf8), fileName: "both.csv")
        } catch {
            #expect(error.problems.map(\.description) == [
                "both.csv, line 1: names the column \"customer_name\" twice (as \"customer\" and \"customer_name\")",
            ])
        }
    }

    @Test func aMissingColumnIsNamedWithItsEarlierName() {
        let header = "id,country,currency,status,created_at,flagged,tags,assignee,discount,shipping,tax,sku,title,quantity,unit_price"
        do {
            _ = try OrderCSV.decode(Array((header + "\n").utf8), fileName: "few.csv")
            Issue.record("a file without customer columns was read")
        } catch {
            #expect(error.problems.map(\.description) == [
                "few.csv, line 1: is missing the columns customer_name (or customer), customer_email (or email)",
            ])
        }
    }

    @Test func aBrokenAddressLineIsNamedByItsColumn() throws {
        var exporter = OrderExporter(format: .csv)
        let text = exporter.prologue() + exporter.text(for: [Self.partlyRefundedOrder()])
        let broken = text.replacingOccurrences(of: "\"Rua Augusta 27\n2.º esq.\"", with: "\"Rua Augusta 27\n\n2.º esq.\"")
        #expect(broken != text)
        do {
            _ = try OrderCSV.decode(Array(broken.utf8), fileName: "lines.csv")
            Issue.record("an empty street line was read")
        } catch {
            #expect(error.problems.map(\.description) == [
                "lines.csv, line 2, field shipping_address_lines: each line must be one line of text, not empty",
            ])
        }
    }

    // MARK: Files written before the contract

    /// The rich KWD order exactly as `orders export --format json` wrote it before the contract:
    /// `customer` the name, `email`, `phone` and `customer_key` beside it.
    static let earlierJSON = """
        [{"id": "#1001", "source": "shopify", "shop_id": "5512345678901", "customer": "Fatima Al-Sabah", \
        "email": "fatima@example.kw", "country": "KW", "currency": "KWD", "status": "processing", \
        "payment_status": "partially_refunded", "fulfillment_status": "unfulfilled", "source_status": null, \
        "cancelled_at": null, "cancel_reason": null, "closed": false, "created_at": "2026-09-21T14:13:20.000Z", \
        "updated_at": "2026-09-21T14:13:20.000Z", "flagged": false, "tags": [], "assignee": null, "discount": "2.000", \
        "shipping": "3.250", "tax": "1.245", "taxes_included": true, "discount_codes": [{"code": "EID", "amount": "2.000"}], \
        "adjustments": [{"kind": "fee", "label": "Cash on delivery", "amount": "0.500"}], "stated_total": "27.940", \
        "refunds": [{"id": "R1", "created_at": "2026-09-21T15:13:20.000Z", "reason": "leaked", "amount": "12.345", \
        "shipping": "0.000", "restock": false, "lines": [{"line": 1, "sku": "OUD-1", "quantity": 1}]}], \
        "shop_currency": "EUR", "shop_total": "84.60", "exchange_rate": "3.0279", "phone": "+965 2222 3333", \
        "customer_key": "7390012", "shipping_address": {"name": "Fatima Al-Sabah", "company": null, \
        "lines": ["Block 3, Street 12", "House 7"], "city": "Salmiya", "postcode": null, "region": "Hawalli", \
        "country": "KW", "phone": null}, "billing_address": null, "shipping_method": "Express", \
        "tracking_numbers": ["KW123"], "payment_method": "cash_on_delivery", "risk": "low", \
        "customer_note": "Call first,\\nplease", "note_attributes": [{"key": "gift", "value": "yes"}], \
        "paid_at": "2026-09-21T14:14:20.000Z", "fulfilled_at": null, \
        "subtotal": "26.190", "total": "27.940", "refunded": "12.345", "outstanding": "15.595", "version": 1, "notes": [], \
        "items": [{"sku": "OUD-1", "title": "Oud, 50 ml", "quantity": 2, "unit_price": "12.345"}, \
        {"sku": "BOX", "title": "Gift box", "quantity": 1, "unit_price": "1.500"}]}]

        """

    /// `ShopFixtures.richOrder()` as files of earlier versions wrote it: before the units
    /// sent per line were kept it was unfulfilled, and a file without `fulfilled_quantity` reads
    /// each line's units sent from the order's fulfilment (none).
    static func richOrderAsEarlierFilesHadIt() -> Order {
        var order = ShopFixtures.richOrder()
        order.fulfillment = .unfulfilled
        for index in order.items.indices { order.items[index].fulfilledQuantity = 0 }
        return order
    }

    @Test func jsonWrittenBeforeTheContractStillReads() throws {
        #expect(try OrderJSON.decode(Array(Self.earlierJSON.utf8), fileName: "earlier.json") == [Self.richOrderAsEarlierFilesHadIt()])
    }

    /// The same order as `orders export --format csv` wrote it before the contract: `customer`,
    /// `email` and `phone` columns, each address as JSON in one cell.
    static let earlierCSV = """
        id,customer,email,country,currency,status,created_at,flagged,tags,assignee,discount,shipping,tax,sku,title,quantity,\
        unit_price,updated_at,version,notes,source,shop_id,payment_status,fulfillment_status,source_status,cancelled_at,\
        cancel_reason,closed,taxes_included,discount_codes,adjustments,stated_total,refunds,shop_currency,shop_total,\
        exchange_rate,phone,customer_key,shipping_address,billing_address,shipping_method,tracking_numbers,payment_method,\
        risk,customer_note,note_attributes,paid_at,fulfilled_at\r
        #1001,Fatima Al-Sabah,fatima@example.kw,KW,KWD,processing,2026-09-21T14:13:20.000Z,false,,,2.000,3.250,1.245,\
        OUD-1,"Oud, 50 ml",2,12.345,2026-09-21T14:13:20.000Z,1,,shopify,5512345678901,partially_refunded,unfulfilled,,,,\
        false,true,"[{""code"": ""EID"", ""amount"": ""2.000""}]",\
        "[{""kind"": ""fee"", ""label"": ""Cash on delivery"", ""amount"": ""0.500""}]",27.940,\
        "[{""id"": ""R1"", ""created_at"": ""2026-09-21T15:13:20.000Z"", ""reason"": ""leaked"", ""amount"": ""12.345"", \
        ""shipping"": ""0.000"", ""restock"": false, ""lines"": [{""line"": 1, ""sku"": ""OUD-1"", ""quantity"": 1}]}]",\
        EUR,84.60,3.0279,+965 2222 3333,7390012,"{""name"": ""Fatima Al-Sabah"", ""company"": null, \
        ""lines"": [""Block 3, Street 12"", ""House 7""], ""city"": ""Salmiya"", ""postcode"": null, ""region"": ""Hawalli"", \
        ""country"": ""KW"", ""phone"": null}",,Express,"[""KW123""]",cash_on_delivery,low,"Call first,
        please","[{""key"": ""gift"", ""value"": ""yes""}]",2026-09-21T14:14:20.000Z,\r
        #1001,Fatima Al-Sabah,fatima@example.kw,KW,KWD,processing,2026-09-21T14:13:20.000Z,false,,,2.000,3.250,1.245,\
        BOX,Gift box,1,1.500,2026-09-21T14:13:20.000Z,1,,shopify,5512345678901,partially_refunded,unfulfilled,,,,\
        false,true,"[{""code"": ""EID"", ""amount"": ""2.000""}]",\
        "[{""kind"": ""fee"", ""label"": ""Cash on delivery"", ""amount"": ""0.500""}]",27.940,\
        "[{""id"": ""R1"", ""created_at"": ""2026-09-21T15:13:20.000Z"", ""reason"": ""leaked"", ""amount"": ""12.345"", \
        ""shipping"": ""0.000"", ""restock"": false, ""lines"": [{""line"": 1, ""sku"": ""OUD-1"", ""quantity"": 1}]}]",\
        EUR,84.60,3.0279,+965 2222 3333,7390012,"{""name"": ""Fatima Al-Sabah"", ""company"": null, \
        ""lines"": [""Block 3, Street 12"", ""House 7""], ""city"": ""Salmiya"", ""postcode"": null, ""region"": ""Hawalli"", \
        ""country"": ""KW"", ""phone"": null}",,Express,"[""KW123""]",cash_on_delivery,low,"Call first,
        please","[{""key"": ""gift"", ""value"": ""yes""}]",2026-09-21T14:14:20.000Z,\r

        """

    @Test func csvWrittenBeforeTheContractStillReads() throws {
        #expect(try OrderCSV.decode(Array(Self.earlierCSV.utf8), fileName: "earlier.csv") == [Self.richOrderAsEarlierFilesHadIt()])
    }

    @Test func theNewObjectsProblemsNameTheirPlaceInIt() {
        let json = """
            [{"id": "#1", "source": "shop", "customer": {"name": "A", "email": "not-an-email"}, "country": "DK",
              "currency": "DKK", "status": "pending", "created_at": "2026-03-01T09:30:00Z",
              "items": [{"sku": "A", "title": "a", "quantity": 1, "unit_price": "10.00"}]},
             {"id": "#2", "source": "shop", "customer": {"email": "a@b.dk"}, "country": "DK",
              "currency": "DKK", "status": "pending", "created_at": "2026-03-01T09:30:00Z",
              "items": [{"sku": "A", "title": "a", "quantity": 1, "unit_price": "10.00"}]},
             {"id": "#3", "source": "shop", "customer": "B", "country": "DK",
              "currency": "DKK", "status": "pending", "created_at": "2026-03-01T09:30:00Z",
              "items": [{"sku": "A", "title": "a", "quantity": 1, "unit_price": "10.00"}]}]
            """
        do {
            _ = try OrderJSON.decode(Array(json.utf8), fileName: "people.json")
            Issue.record("a broken customer was read")
        } catch {
            #expect(error.problems.map(\.description) == [
                "people.json, index 0, field customer.email: \"not-an-email\" is not a plausible email address",
                "people.json, index 1, field customer.name: is missing",
                "people.json, index 2, field email: is missing",
            ])
        }
    }
}
