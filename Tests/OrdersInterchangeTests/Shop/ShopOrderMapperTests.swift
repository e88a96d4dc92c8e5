import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import OrdersTestSupport
import Testing

@Suite("Shop orders become orders: ids verbatim, both statuses, money as stated")
struct ShopOrderMapperTests {
    static let utc = ShopFixtures.utc
    static func date(_ text: String) -> Date { ShopFixtures.date(text) }
    static func money(_ text: String) -> Decimal { ShopFixtures.money(text) }

    static func currency(_ code: String) -> Currency { Currency.named(code)! }

    @Test func aShopifyCSVOrderKeepsEveryFieldTheShopStated() throws {
        let orders = try ShopFixtures.mapped(ShopFixtures.shopifyCSV, "orders_export.csv")
        var expected = Order(
            id: OrderID.provisional(for: OrderReference(source: "shopify", number: "#1001")), number: "#1001",
            source: "shopify", shopOrderID: "5012345678901", customerName: "Ann Lee", email: "ann.lee@example.com",
            country: "US", currency: .usd,
            // Every unit sent, as the file's fulfilled order says (a line the file states, or following the order).
            items: [LineItem(sku: "LAMP-BLK", title: "Desk Lamp - Black", quantity: 2, unitPrice: Self.money("149.00"), fulfilledQuantity: 2),
                    LineItem(sku: "", title: "Gift card", quantity: 1, unitPrice: Self.money("100.00"), fulfilledQuantity: 1)],
            discount: 10, shipping: 10, tax: Self.money("31.04"), taxesIncluded: false,
            discountCodes: [DiscountCode(code: "WELCOME10", amount: 10)], statedTotal: Self.money("429.04"),
            createdAt: Self.date("2025-12-07T19:08:20Z"), updatedAt: Self.date("2025-12-08T10:00:00Z"),
            tags: ["vip", "wholesale"])
        expected.payment = .paid
        expected.fulfillment = .fulfilled
        expected.phone = "+1 503 555 0100"
        expected.customerKey = "ann.lee@example.com"
        expected.billingAddress = PostalAddress(name: "Ann Lee", lines: ["12 Oak Street", "Apt 4"], city: "Portland",
                                                postcode: "97205", region: "Oregon", country: "US", phone: "+1 503 555 0100")
        expected.shippingAddress = PostalAddress(name: "Ann Lee", lines: ["12 Oak Street", "Apt 4"], city: "Portland",
                                                 postcode: "97205", region: "Oregon", country: "US")
        expected.shippingMethod = "Standard"
        expected.paymentMethod = "Shopify Payments"
        expected.riskLevel = .low
        expected.customerNote = "Please leave at the door.\nRing twice."
        expected.noteAttributes = [NoteAttribute(key: "gift", value: "yes"), NoteAttribute(key: "wrap colour", value: "blue"),
                                   NoteAttribute(key: "channel", value: "web")]
        expected.paidAt = Self.date("2025-12-07T19:08:25Z")
        expected.fulfilledAt = Self.date("2025-12-08T10:00:00Z")
        #expect(orders.first == expected)
        #expect(orders.first?.total == Self.money("429.04"), "398 − 10 + 10 shipping + 31.04 tax on top")
        #expect(orders.first?.statedTotalDifference == nil)
        #expect(orders.first?.status == .shipped)
    }

    @Test func vatInclusivePartialRefundAndPointOfSaleOrderFromShopify() throws {
        let orders = try ShopFixtures.mapped(ShopFixtures.shopifyCSV, "orders_export.csv")
        #expect(orders.map(\.number) == ["#1001", "1101", "SO-2024-00017"])
        #expect(orders.map(\.source) == ["shopify", "shopify", "shopify"])
        let danish = orders[1]
        #expect(danish.currency == Self.currency("DKK"))
        #expect(danish.taxesIncluded)
        #expect(danish.tax == 250)
        #expect(danish.total == 1250, "the tax is inside the prices and not added again")
        #expect(danish.payment == .partiallyRefunded)
        #expect(danish.fulfillment == .partiallyFulfilled)
        #expect(danish.refunds == [Refund(id: "S1", createdAt: Self.date("2025-11-30T07:14:02Z"), amount: 189)])
        #expect(danish.refunded == 189)
        #expect(danish.outstanding == 1061)
        #expect(danish.email == "")
        #expect(danish.phone == "+45 20 12 34 56")
        #expect(danish.customerKey == "+45 20 12 34 56")
        #expect(danish.shippingAddress == nil)
        #expect(danish.country == "DK")
        #expect(danish.riskLevel == .medium)
        #expect(danish.noteAttributes == [NoteAttribute(key: "channel", value: "pos")])
        #expect(danish.status == .processing)
        let japanese = orders[2]
        #expect(japanese.currency == .jpy)
        #expect(japanese.payment == .authorized)
        #expect(japanese.fulfillment == .unfulfilled)
        #expect(japanese.total == 3960)
        #expect(japanese.outstanding == 3960)
        #expect(japanese.riskLevel == .high)
    }

    @Test func wooCommerceStatusesRefundsAndStaffNotes() throws {
        let orders = try ShopFixtures.mapped(ShopFixtures.wooCommerceCSV, "woo.csv")
        let source = "woocommerce"
        var expected = Order(
            id: OrderID.provisional(for: OrderReference(source: source, number: "7301")), number: "7301", source: source,
            shopOrderID: "7301", customerName: "Inès Martin", email: "ines@example.fr", country: "FR", currency: .eur,
            items: [LineItem(sku: "MUG-1", title: "Mug", quantity: 2, unitPrice: 20),
                    LineItem(sku: "", title: "Teapot", quantity: 1, unitPrice: Self.money("60.00"))],
            discount: 10, shipping: Self.money("4.90"), tax: 19, taxesIncluded: false,
            discountCodes: [DiscountCode(code: "NOEL10", amount: 10)], statedTotal: Self.money("113.90"),
            refunds: [Refund(id: "S1", createdAt: Self.date("2025-12-07T09:00:00Z"), reason: "Damaged mug", amount: 40)],
            createdAt: Self.date("2025-12-05T14:30:00Z"), updatedAt: Self.date("2025-12-07T09:00:00Z"),
            notes: [OrderNote(createdAt: Self.date("2025-12-05T14:30:00Z"), author: source,
                              text: "Order status changed from Pending payment to Processing."),
                    OrderNote(createdAt: Self.date("2025-12-05T14:30:00Z"), author: source, text: "Customer asked for gift wrap.")])
        expected.payment = .partiallyRefunded
        expected.fulfillment = .unfulfilled
        expected.sourceStatus = "processing"
        expected.phone = "+33 1 23 45 67 89"
        expected.customerKey = "ines@example.fr"
        expected.billingAddress = PostalAddress(name: "Inès Martin", lines: ["5 rue de la Paix"], city: "Paris",
                                                postcode: "75002", country: "FR", phone: "+33 1 23 45 67 89")
        expected.shippingAddress = PostalAddress(name: "Inès Martin", lines: ["5 rue de la Paix"], city: "Paris",
                                                 postcode: "75002", country: "FR")
        expected.shippingMethod = "Flat rate"
        expected.paymentMethod = "Credit card"
        expected.customerNote = "Sonnez deux fois.\nMerci !"
        expected.paidAt = Self.date("2025-12-05T14:31:10Z")
        #expect(orders.first == expected)
        #expect(orders.first?.total == Self.money("113.90"))
        #expect(orders.first?.outstanding == Self.money("73.90"))
        let onHold = orders[1]
        #expect(onHold.number == "SO-7302")
        #expect((onHold.payment, onHold.fulfillment, onHold.sourceStatus) == (.pending, .onHold, "on-hold"))
        #expect(onHold.status == .processing)
        #expect(onHold.currency == Self.currency("PLN"))
        #expect(onHold.customerKey == "12")
        #expect(onHold.country == "PL")
    }

    @Test func everyWooCommerceWordGivesBothStatusesAndUnknownWordsAreKept() {
        let cases: [(String, Bool, PaymentStatus, FulfillmentStatus, closed: Bool, cancelled: Bool)] = [
            ("pending", false, .pending, .unfulfilled, false, false),
            ("processing", true, .paid, .unfulfilled, false, false),
            ("on-hold", false, .pending, .onHold, false, false),
            ("completed", true, .paid, .fulfilled, true, false),
            ("cancelled", false, .voided, .unfulfilled, false, true),
            ("refunded", true, .refunded, .unfulfilled, false, false),
            ("failed", false, .failed, .unfulfilled, false, false),
            ("checkout-draft", false, .pending, .unfulfilled, false, false),
        ]
        for (word, paid, payment, fulfillment, closed, cancelled) in cases {
            #expect(ShopStatusWords.wooCommerce(status: word, paid: paid) == ShopStatusWords(
                payment: payment, fulfillment: fulfillment, isClosed: closed, isCancelled: cancelled, sourceStatus: word), "\(word)")
        }
    }

    @Test func everyShopifyWordGivesItsStatusAndUnknownWordsAreKept() {
        let payments: [(String?, PaymentStatus, String?)] = [
            (nil, .pending, nil), ("pending", .pending, nil), ("authorized", .authorized, nil),
            ("partially_paid", .partiallyPaid, nil), ("paid", .paid, nil), ("partially_refunded", .partiallyRefunded, nil),
            ("refunded", .refunded, nil), ("voided", .voided, nil), ("expired", .voided, "expired"), ("disputed", .pending, "disputed"),
        ]
        for (word, payment, kept) in payments {
            let words = ShopStatusWords.shopify(financial: word, fulfilment: nil)
            #expect((words.payment, words.fulfillment, words.sourceStatus) == (payment, .unfulfilled, kept), "\(word ?? "nil")")
        }
        let fulfilments: [(String?, FulfillmentStatus, String?)] = [
            (nil, .unfulfilled, nil), ("unfulfilled", .unfulfilled, nil), ("fulfilled", .fulfilled, nil),
            ("partial", .partiallyFulfilled, nil), ("restocked", .returned, nil), ("scheduled", .unfulfilled, "scheduled"),
        ]
        for (word, fulfillment, kept) in fulfilments {
            let words = ShopStatusWords.shopify(financial: "paid", fulfilment: word)
            #expect((words.payment, words.fulfillment, words.sourceStatus) == (.paid, fulfillment, kept), "\(word ?? "nil")")
        }
    }

    @Test func shopifyJSONKeepsRefundLinesShippingAndThePresentmentAmount() throws {
        let orders = try ShopFixtures.mapped(ShopFixtures.shopifyJSON, "orders.json", source: "eu-store")
        let order = try #require(orders.first)
        #expect(order.reference == OrderReference(source: "eu-store", number: "#1002"))
        #expect(order.shopOrderID == "450789469")
        #expect(order.currency == .eur)
        #expect(order.taxesIncluded)
        #expect(order.refunds == [Refund(id: "S1", createdAt: Self.date("2025-12-04T12:00:00Z"), reason: "One pair too small",
                                         amount: 28, lines: [RefundLine(line: 0, quantity: 1)], shipping: 5)])
        #expect(order.statedTotal == 219)
        #expect(order.total == 224, "219 of lines − 5 + 10 shipping, tax inside")
        #expect(order.statedTotalDifference == -5, "the shop's stated total is kept and the difference shown, not fixed")
        #expect(order.noteAttributes == [NoteAttribute(key: "delivery window", value: "morning"),
                                         NoteAttribute(key: "channel", value: "web"),
                                         NoteAttribute(key: "presentment total", value: "215.40 CHF")])
        #expect(order.customerNote == "Leave with the neighbour\nif not home")
        #expect(order.customerKey == "207119551")
        #expect((order.payment, order.fulfillment) == (.partiallyRefunded, .partiallyFulfilled))
        #expect(order.discountCodes == [DiscountCode(code: "WINTER", amount: 5)])
    }

    @Test func whatBreaksTheOrdersRulesIsAProblemAtItsLineAndField() {
        var shop = ShopOrder(
            format: .shopifyCSV, location: .line(9), number: "#2001", shopID: nil, createdAt: Self.date("2025-12-01T00:00:00Z"),
            paidAt: nil, fulfilledAt: nil, cancelledAt: nil, cancelReason: nil, currency: "XYZ", paymentStatus: "paid",
            fulfilmentStatus: nil, sourceStatus: nil, customerName: "A", email: "a@example.com", phone: nil, customerKey: nil,
            billingAddress: nil, shippingAddress: nil, subtotal: nil, shippingTotal: nil, taxTotal: nil, discountTotal: nil,
            total: 10, taxesIncluded: nil, discountCodes: [], shippingMethod: nil, paymentMethod: nil,
            items: [ShopLineItem(location: .line(9), title: "Cup", sku: "C", quantity: 1, unitPrice: Self.money("10.001"),
                                 lineTotal: Self.money("10.001"), fulfilledQuantity: nil, requiresShipping: nil, taxable: nil)],
            refunds: [], refundedAmount: nil, tags: [], customerNote: nil, staffNotes: [], noteAttributes: [], riskLevel: nil,
            channel: nil, presentment: nil)
        let mapper = ShopOrderMapper()
        #expect(mapper.order(from: shop, file: "x.csv").failureDescriptions
            == ["x.csv, line 9, field Currency: \"XYZ\" is not an ISO 4217 currency code"])
        shop.currency = "USD"
        #expect(mapper.order(from: shop, file: "x.csv").failureDescriptions
            == ["x.csv, line 9, field items[0].unit_price: has more decimals than USD allows"])
    }
}

extension Result<Order, ImportError> {
    var failureDescriptions: [String] {
        if case .failure(let error) = self { error.problems.map(\.description) } else { [] }
    }
}
