import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import OrdersTestSupport
import Testing

@Suite("Shop exports read as the shops write them")
struct ShopReaderTests {
    static let warsaw = TimeZone(identifier: "Europe/Warsaw")!

    static func read(_ text: String, _ name: String, zone: TimeZone = ShopFixtures.utc) throws -> [ShopOrder] {
        try ShopFileReader.read(Array(text.utf8), fileName: name, zone: zone)
    }

    @Test func theFormatIsToldFromTheContent() {
        #expect(ShopFileReader.detect(Array(ShopFixtures.shopifyCSV.utf8)) == .shopifyCSV)
        #expect(ShopFileReader.detect(Array(ShopFixtures.wooCommerceCSV.utf8)) == .wooCommerceCSV)
        #expect(ShopFileReader.detect(Array(ShopFixtures.shopifyJSON.utf8)) == .shopifyJSON)
        #expect(ShopFileReader.detect(Array("id,customer,email\n".utf8)) == nil)
        #expect(ShopFileReader.detect(Array("[{\"id\": \"ORD-0000001\", \"items\": []}]".utf8)) == nil)
    }

    @Test func theColumnsNoReaderTakesAreNamedNotDropped() throws {
        let shopify = try ShopFileReader.contents(of: Array(ShopFixtures.shopifyCSV.utf8), fileName: "orders_export.csv", zone: ShopFixtures.utc)
        #expect(shopify.ignoredColumns == [
            "Accepts Marketing", "Lineitem compare at price", "Billing Street", "Shipping Street", "Payment Reference", "Vendor",
            "Outstanding Balance", "Employee", "Location", "Device ID", "Lineitem discount", "Tax 1 Name", "Tax 1 Value",
            "Tax 2 Name", "Tax 2 Value", "Tax 3 Name", "Tax 3 Value", "Tax 4 Name", "Tax 4 Value", "Tax 5 Name", "Tax 5 Value",
            "Receipt Number", "Payment ID", "Payment Terms Name", "Next Payment Due At", "Payment References",
        ])
        let woo = try ShopFileReader.contents(of: Array(ShopFixtures.wooCommerceCSV.utf8), fileName: "woo.csv", zone: ShopFixtures.utc)
        #expect(woo.ignoredColumns == ["shipping_tax_total", "order_discount"])
        #expect(woo.orders.count == 2)
        #expect(woo.problems == [])
    }

    @Test func shopifyCSVGroupsRowsIntoOrdersAndKeepsEveryField() throws {
        let orders = try Self.read(ShopFixtures.shopifyCSV, "orders_export.csv")
        #expect(orders.map(\.number) == ["#1001", "1101", "SO-2024-00017"])
        #expect(orders[0] == ShopOrder(
            format: .shopifyCSV, location: .line(2), number: "#1001", shopID: "5012345678901",
            createdAt: ShopFixtures.date("2025-12-07T19:08:20Z"), paidAt: ShopFixtures.date("2025-12-07T19:08:25Z"),
            fulfilledAt: ShopFixtures.date("2025-12-08T10:00:00Z"), cancelledAt: nil, cancelReason: nil, currency: "USD",
            paymentStatus: "paid", fulfilmentStatus: "fulfilled", sourceStatus: nil, customerName: "Ann Lee",
            email: "ann.lee@example.com", phone: "+1 503 555 0100", customerKey: nil,
            billingAddress: ShopAddress(name: "Ann Lee", company: nil, lines: ["12 Oak Street", "Apt 4"], city: "Portland",
                                        postcode: "97205", region: "Oregon", country: "US", phone: "+1 503 555 0100"),
            shippingAddress: ShopAddress(name: "Ann Lee", company: nil, lines: ["12 Oak Street", "Apt 4"], city: "Portland",
                                         postcode: "97205", region: "Oregon", country: "US", phone: nil),
            subtotal: ShopFixtures.money("388.00"), shippingTotal: ShopFixtures.money("10.00"), taxTotal: ShopFixtures.money("31.04"),
            discountTotal: ShopFixtures.money("10.00"), total: ShopFixtures.money("429.04"), taxesIncluded: false,
            discountCodes: ["WELCOME10"], shippingMethod: "Standard", paymentMethod: "Shopify Payments",
            items: [
                ShopLineItem(location: .line(2), title: "Desk Lamp - Black", sku: "LAMP-BLK", quantity: 2,
                             unitPrice: ShopFixtures.money("149.00"), lineTotal: ShopFixtures.money("298.00"), fulfilledQuantity: 2,
                             requiresShipping: true, taxable: true),
                ShopLineItem(location: .line(5), title: "Gift card", sku: "", quantity: 1, unitPrice: ShopFixtures.money("100.00"),
                             lineTotal: ShopFixtures.money("100.00"), fulfilledQuantity: 1, requiresShipping: false, taxable: false),
            ],
            refunds: [], refundedAmount: ShopFixtures.money("0.00"), tags: ["vip", "wholesale"],
            customerNote: "Please leave at the door.\nRing twice.", staffNotes: [],
            noteAttributes: [ShopNoteAttribute(key: "gift", value: "yes"), ShopNoteAttribute(key: "wrap colour", value: "blue")],
            riskLevel: "Low", channel: "web", presentment: nil))
    }

    @Test func shopifyCSVTellsVATInclusivePricesAndKeepsPartialStates() throws {
        let orders = try Self.read(ShopFixtures.shopifyCSV, "orders_export.csv")
        let danish = orders[1]
        #expect(danish.taxesIncluded == true)
        #expect(danish.paymentStatus == "partially_refunded")
        #expect(danish.fulfilmentStatus == "partial")
        #expect(danish.refundedAmount == ShopFixtures.money("189.00"))
        #expect(danish.email == nil)
        #expect(danish.phone == "+45 20 12 34 56")
        #expect(danish.createdAt == ShopFixtures.date("2025-11-30T07:14:02Z"))
        #expect(danish.items.map(\.fulfilledQuantity) == [1, 0])
        #expect(danish.items.map(\.lineTotal) == [ShopFixtures.money("750.00"), ShopFixtures.money("500.00")])
        let japanese = orders[2]
        #expect(japanese.number == "SO-2024-00017")
        #expect(japanese.paymentStatus == "authorized")
        #expect(japanese.fulfilmentStatus == nil)
        #expect(japanese.taxesIncluded == false)
        #expect(japanese.items.map(\.title) == ["抹茶 100g"])
        #expect(japanese.tags == [])
        #expect(japanese.riskLevel == "High")
    }

    @Test func wooCommerceCSVReadsPackedLinesRefundsAndLocalDates() throws {
        let orders = try Self.read(ShopFixtures.wooCommerceCSV, "woo.csv", zone: Self.warsaw)
        #expect(orders.map(\.number) == ["7301", "SO-7302"])
        #expect(orders[0] == ShopOrder(
            format: .wooCommerceCSV, location: .line(2), number: "7301", shopID: "7301",
            createdAt: ShopFixtures.date("2025-12-05T13:30:00Z"), paidAt: ShopFixtures.date("2025-12-05T13:31:10Z"), fulfilledAt: nil,
            cancelledAt: nil, cancelReason: nil, currency: "EUR", paymentStatus: nil, fulfilmentStatus: nil,
            sourceStatus: "processing", customerName: "Inès Martin", email: "ines@example.fr", phone: "+33 1 23 45 67 89",
            customerKey: nil,
            billingAddress: ShopAddress(name: "Inès Martin", company: nil, lines: ["5 rue de la Paix"], city: "Paris",
                                        postcode: "75002", region: nil, country: "FR", phone: "+33 1 23 45 67 89"),
            shippingAddress: ShopAddress(name: "Inès Martin", company: nil, lines: ["5 rue de la Paix"], city: "Paris",
                                         postcode: "75002", region: nil, country: "FR", phone: nil),
            subtotal: ShopFixtures.money("100.00"), shippingTotal: ShopFixtures.money("4.90"), taxTotal: ShopFixtures.money("19.00"),
            discountTotal: ShopFixtures.money("10.00"), total: ShopFixtures.money("113.90"), taxesIncluded: false, discountCodes: ["NOEL10"],
            shippingMethod: "Flat rate", paymentMethod: "Credit card",
            items: [
                ShopLineItem(location: .line(2), title: "Mug", sku: "MUG-1", quantity: 2, unitPrice: ShopFixtures.money("20"),
                             lineTotal: ShopFixtures.money("40.00"), fulfilledQuantity: nil, requiresShipping: nil, taxable: nil),
                ShopLineItem(location: .line(2), title: "Teapot", sku: "", quantity: 1, unitPrice: ShopFixtures.money("60.00"),
                             lineTotal: ShopFixtures.money("60.00"), fulfilledQuantity: nil, requiresShipping: nil, taxable: nil),
            ],
            refunds: [ShopRefund(amount: ShopFixtures.money("40.00"), reason: "Damaged mug", date: ShopFixtures.date("2025-12-07T08:00:00Z"),
                                 lines: [], shipping: nil)],
            refundedAmount: nil, tags: [], customerNote: "Sonnez deux fois.\nMerci !",
            staffNotes: ["Order status changed from Pending payment to Processing.", "Customer asked for gift wrap."],
            noteAttributes: [], riskLevel: nil, channel: nil, presentment: nil))
        let onHold = orders[1]
        #expect(onHold.sourceStatus == "on-hold")
        #expect(onHold.shopID == "7302")
        #expect(onHold.customerKey == "12")
        #expect(onHold.currency == "PLN")
        #expect(onHold.createdAt == ShopFixtures.date("2025-12-06T22:59:59Z"), "23:59:59 in Warsaw in winter is 22:59:59 UTC")
        #expect(onHold.paidAt == nil)
        #expect(onHold.taxesIncluded == nil, "no tax: nothing to tell")
        #expect(onHold.shippingAddress == nil, "blank address columns are no address")
    }

    @Test func shopifyJSONReadsMoneyAsStringsBothCurrenciesAndRefundRecords() throws {
        let orders = try Self.read(ShopFixtures.shopifyJSON, "orders.json")
        #expect(orders.count == 1)
        let order = try #require(orders.first)
        #expect(order.number == "#1002")
        #expect(order.shopID == "450789469")
        #expect(order.currency == "EUR")
        #expect(order.presentment == ShopMoney(amount: ShopFixtures.money("215.40"), currency: "CHF"))
        #expect(order.total == ShopFixtures.money("219.00"))
        #expect(order.taxesIncluded == true)
        #expect(order.paymentStatus == "partially_refunded")
        #expect(order.fulfilmentStatus == "partial")
        #expect(order.customerKey == "207119551")
        #expect(order.customerName == "Bob Norman")
        #expect(order.createdAt == ShopFixtures.date("2025-12-02T10:00:00Z"))
        #expect(order.items == [
            ShopLineItem(location: .index(0), title: "Wool socks - L", sku: "SOCK-L", quantity: 3, unitPrice: ShopFixtures.money("23.00"),
                         lineTotal: ShopFixtures.money("69.00"), fulfilledQuantity: 3, requiresShipping: true, taxable: true),
            ShopLineItem(location: .index(0), title: "Boots", sku: "BOOT-42", quantity: 1, unitPrice: ShopFixtures.money("150.00"),
                         lineTotal: ShopFixtures.money("150.00"), fulfilledQuantity: 0, requiresShipping: true, taxable: true),
        ])
        #expect(order.refunds == [ShopRefund(amount: ShopFixtures.money("28.00"), reason: "One pair too small",
                                             date: ShopFixtures.date("2025-12-04T12:00:00Z"),
                                             lines: [ShopRefundLine(sku: "SOCK-L", title: "Wool socks - L", quantity: 1)],
                                             shipping: ShopFixtures.money("5.00"), shopID: "509562969")])
        #expect(order.discountCodes == ["WINTER"])
        #expect(order.tags == ["b2b", "repeat"])
        #expect(order.customerNote == "Leave with the neighbour\nif not home")
        #expect(order.noteAttributes == [ShopNoteAttribute(key: "delivery window", value: "morning")])
    }

    @Test func shopifyJSONTakesOneOrderAnArrayOrAnOrdersObject() throws {
        let single = try Self.read(ShopFixtures.shopifyJSONOrder, "one.json")
        let array = try Self.read("[\(ShopFixtures.shopifyJSONOrder)]", "array.json")
        let wrapped = try Self.read(ShopFixtures.shopifyJSON, "wrapped.json")
        #expect(single.map(\.number) == ["#1002"])
        #expect(array.map(\.number) == ["#1002"])
        #expect(wrapped.map(\.number) == ["#1002"])
    }

    @Test("refusals name the file, the line or path, and the field", arguments: [
        (ShopFixtures.shopifyCSV.replacingOccurrences(of: ",149.00,", with: ",1.49e2,"),
         "export.csv", ["export.csv, line 2, field Lineitem price: \"1.49e2\" is not an amount (expected digits with an optional point, like 403.70)"]),
        (ShopFixtures.shopifyCSV.replacingOccurrences(of: "2025-11-30 08:14:02 +0100", with: "2025-02-30 08:14:02 +0100"),
         "export.csv", ["export.csv, line 6, field Created at: \"2025-02-30 08:14:02 +0100\" is not a real date and time"]),
        (ShopFixtures.shopifyJSON.replacingOccurrences(of: "\"price\": \"150.00\"", with: "\"price\": 150.0"),
         "api.json", ["api.json, index 0, field line_items[1].price: is not a string; the API writes money as a string like \"403.70\""]),
        (ShopFixtures.shopifyJSON.replacingOccurrences(of: "\"quantity\": 3", with: "\"quantity\": 3000000"),
         "api.json", ["api.json, index 0, field line_items[0].quantity: is 3000000, above the largest quantity orders can hold (1000000)"]),
        // Found by the shopify-json fuzzer: each factor within range, their product not.
        (ShopFixtures.shopifyJSON.replacingOccurrences(of: "\"quantity\": 3", with: "\"quantity\": 1000000")
            .replacingOccurrences(of: "\"23.00\"", with: "\"1000001.00\""),
         "api.json", ["api.json, index 0, field line_items[0].price: the line total is 1000001000000, above the largest amount orders can hold (1000000000000)"]),
    ])
    func refusals(text: String, name: String, messages: [String]) {
        do {
            _ = try Self.read(text, name)
            Issue.record("read without a refusal")
        } catch let error as ImportError {
            #expect(error.problems.map(\.description) == messages)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aZonelessDateNeedsAZone() {
        var fields = ShopFieldReader(file: "woo.csv", location: .line(3), fields: ["2025-12-06 23:59:59"], columns: ["order_date": 0])
        #expect(fields.date("order_date") == nil)
        #expect(fields.problems.map(\.description) == ["woo.csv, line 3, field order_date: \"2025-12-06 23:59:59\" has no time zone; say which with --tz"])
    }
}
