import Foundation
@testable import OrdersCore
import OrdersTestSupport

/// Orders for the shop's search terms (`refunded`, `outstanding>`, `risk:`, `city:`, `postcode:`,
/// `age>`, `code:`, `customer-orders>`): partial and full refunds, a refund in another currency than
/// the shop's, addresses with accents and without a city, every risk level and none, codes that
/// differ only in ASCII case (and in non-ASCII case), paid times, and customers by key (per source),
/// by email (ASCII case ignored) and by neither.
enum ShopSearchFixtures {
    static let now = OrderFixtures.now

    static func order(_ key: Int, customer: String, email: String, total: Decimal = 100, currency: Currency = .eur,
                      hoursAgo: Double, source: String = "shopify", customerKey: String? = nil) -> Order {
        var order = OrderFixtures.order(key, customer: customer, email: email, total: total, currency: currency,
                                               hoursAgo: hoursAgo, status: .processing)
        order.number = "#\(key - 810_000 + 5000)"
        order.source = source
        order.customerKey = customerKey
        return order
    }

    static func address(_ city: String?, _ postcode: String?) -> PostalAddress {
        PostalAddress(name: "Recipient", lines: ["Main Street 1"], city: city, postcode: postcode, country: "DE")
    }

    static func refund(_ id: String, _ amount: Decimal, hoursAgo: Double) -> Refund {
        Refund(id: id, createdAt: now.addingTimeInterval(-hoursAgo * 3_600), amount: amount)
    }

    static let orders: [Order] = {
        var partly = order(810_001, customer: "Marta Kühn", email: "marta@example.com", total: 110, hoursAgo: 120, customerKey: "c-1")
        partly.discount = 10
        partly.discountCodes = [DiscountCode(code: "SUMMER10", amount: 10)]
        partly.paidAt = now.addingTimeInterval(-72 * 3_600)
        partly.refunds = [refund("R1", 30, hoursAgo: 10)]
        partly.payment = .partiallyRefunded
        partly.riskLevel = .high
        partly.shippingAddress = address("München", "80331")
        partly.billingAddress = address("Berlin", "10115")

        var whole = order(810_002, customer: "Marta Kühn", email: "m.kuehn@example.com", total: 50, hoursAgo: 300, customerKey: "c-1")
        whole.paidAt = now.addingTimeInterval(-299 * 3_600)
        whole.refunds = [refund("R1", 20, hoursAgo: 200), refund("R2", 30, hoursAgo: 100)]
        whole.payment = .refunded
        whole.riskLevel = .low
        whole.shippingAddress = address("Zürich", "8001")

        // The same customer key from another shop: the same customer (`CustomerMatch`).
        var elsewhere = order(810_003, customer: "Marta Kuhn", email: "marta@example.com", total: 25, hoursAgo: 5,
                              source: "woo", customerKey: "c-1")
        elsewhere.discount = 5
        elsewhere.discountCodes = [DiscountCode(code: "summer10", amount: 5)]
        elsewhere.paidAt = now.addingTimeInterval(-1 * 3_600)
        elsewhere.riskLevel = .medium

        var byEmail = order(810_004, customer: "Rui Costa", email: "Repeat@Example.com", hoursAgo: 30, customerKey: "")
        byEmail.billingAddress = address(nil, "SW1A 1AA")
        byEmail.discount = 3
        byEmail.discountCodes = [DiscountCode(code: "ÉTÉ", amount: 1), DiscountCode(code: "WINTER", amount: 2)]
        let byEmailAgain = order(810_005, customer: "Rui Costa", email: "repeat@example.com", hoursAgo: 3, source: "woo")

        var phoneOnly = order(810_006, customer: "Walk-in", email: "", hoursAgo: 2)
        phoneOnly.phone = "+49 30 1234567"
        phoneOnly.shippingAddress = address("Köln", "50667")
        phoneOnly.paidAt = now.addingTimeInterval(-2 * 3_600)

        // Paid in yen, reported in dollars: the balance is in yen, the currency of the refund.
        var yen = order(810_007, customer: "Sato Hana", email: "hana@example.jp", total: 15_000, currency: .jpy, hoursAgo: 48.5)
        yen.shopCurrency = .usd
        yen.shopTotal = 99
        yen.exchangeRate = Decimal(string: "0.0066")!
        yen.refunds = [refund("R1", 5_000, hoursAgo: 20)]
        yen.payment = .partiallyRefunded
        yen.paidAt = now.addingTimeInterval(-47.5 * 3_600)
        yen.shippingAddress = address("東京", "100-0001")
        return [partly, whole, elsewhere, byEmail, byEmailAgain, phoneOnly, yen]
    }()

    /// Queries on the shop's terms, for the equivalence suites.
    static let queries: [String] = [
        "refunded", "-refunded", "refunded pay:refunded", "outstanding>0", "-outstanding>0", "outstanding<0.01",
        "outstanding>69.99", "outstanding<70", "outstanding>9999", "outstanding<10000.01", "risk:high", "risk:low,medium",
        "-risk:high", "risk:HIGH", "city:munchen", "city:MÜNCHEN", "city:zur", "city:berlin", "-city:berlin", "city:東京",
        "city:k", "postcode:803", "zip:sw1a", "postcode:\"sw1a 1aa\"", "postcode:1", "age>2d", "age<4h", "age>1w",
        "age<2h -refunded", "age>48h", "age<1m", "code:summer10", "code:SUMMER10", "code:ÉTÉ", "code:été", "code:summer",
        "-code:summer10", "code:winter", "customer-orders>1", "customer-orders>2", "customer-orders<2", "customer-orders>0",
        "-customer-orders>1", "customer-orders<1", "customer-orders>1 source:woo", "marta customer-orders<3",
    ]
}
