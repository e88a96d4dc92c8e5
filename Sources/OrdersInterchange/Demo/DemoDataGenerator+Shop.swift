import Foundation
import OrdersCore

/// What shops tell about an order beyond its lines and status, for the demo: payment and fulfilment
/// in all their forms (authorised, partly paid, on hold, partly sent, partly or wholly refunded with
/// refund records, cancelled with a reason), the customer's key and phone, addresses in the customer's
/// country, shipping and payment methods, tracking numbers, risk, discount codes, fees, the
/// customer's note and note attributes, and the shop's currency for some orders paid in another.
/// Drawn from the order's own second stream (`shopRandom`), within the triage status the main stream
/// chose, so the tabs' counts stay what they were.
extension DemoDataGenerator {
    /// The currency the demo shop reports in, for orders paid in another one through its local storefronts.
    static let shopCurrency = Currency.usd

    func addShopDetails(to order: inout Order, number: Int, customer: DemoCustomer) {
        var random = shopRandom(number)
        // Past `firstOrder(ofCustomerOf:)`'s two draws (returning or not, and after which order), so
        // that nothing below depends on them.
        _ = random.next()
        _ = random.next()
        order.customerName = customer.name
        order.email = customer.email
        // The number of the customer's first order, as shops number customers: "C0001234".
        let digits = String(customer.firstOrder)
        order.customerKey = "C" + String(repeating: "0", count: max(7 - digits.count, 0)) + digits
        let place = DemoCatalog.place(forCountry: order.country)
        // The customer's phone and street are theirs on every order: drawn from their first order's
        // number, past every order number (so no order's own stream).
        var personal = shopRandom(customer.firstOrder &+ 0x7FFF_FFFF)
        let phone = place.dialCode + " " + String(100 + personal.below(900)) + " " + String(1_000_000 + personal.below(9_000_000))
        let hasPhone = personal.chance(70)
        order.phone = hasPhone ? phone : nil
        let cityIndex = personal.below(place.cities.count)
        let city = place.cities[cityIndex]
        let street = place.streets[cityIndex % place.streets.count], houseNumber = 1 + personal.below(180)
        var lines = [place.streetLine(street, number: houseNumber, random: &personal)]
        if personal.chance(25) { lines.append(personal.pick(["Apt 4", "2nd floor", "c/o Reception", "Unit 12"])) }
        let shipping = PostalAddress(name: customer.name, lines: lines, city: city.name, postcode: city.postcode,
                                     region: city.region, country: order.country, phone: hasPhone ? phone : nil)
        order.shippingAddress = shipping
        if order.tags.contains("wholesale") || random.chance(8) {
            var billing = shipping
            billing.company = order.tags.contains("wholesale") ? customer.name.split(separator: " ").last.map { "\($0) Trading" } : nil
            let houseNumber = 1 + random.below(180)
            billing.lines = [place.streetLine(street, number: houseNumber, random: &random)]
            billing.phone = nil
            order.billingAddress = billing
        }
        order.shippingMethod = order.shipping == 0 ? "Free shipping" : random.pick(["Standard", "Standard", "Express"])
        order.riskLevel = random.weighted([(RiskLevel.low, 86), (.medium, 11), (.high, 3)])
        if order.discount > 0 {
            let code = order.discount == order.currency.rounded(order.subtotal / 10) ? "LOYAL10" : random.pick(["WELCOME5", "SPRING5"])
            order.discountCodes = [DiscountCode(code: code, amount: order.discount)]
        }
        if random.chance(3) {
            let label = random.pick(["Gift wrap", "Cash on delivery"])
            let usdCents = label == "Gift wrap" ? 399 : 299
            let amount = Self.decimal(minorUnits: Self.localPrice(usdCents: usdCents, in: order.currency), of: order.currency)
            order.adjustments = [OrderAdjustment(kind: .fee, label: label, amount: amount)]
        }
        if random.chance(4) {
            order.customerNote = random.pick(["Please leave it with the neighbours.", "Ring twice,\nthe bell is quiet.",
                                              "It is a present: no prices in the box, please."])
        }
        if random.chance(3) {
            order.noteAttributes = [NoteAttribute(key: "gift-message", value: random.pick(["Happy birthday!", "Congratulations", "With love"]))]
        }
        if order.currency != Self.shopCurrency, random.chance(30), let rate = DemoCatalog.dollarsPerUnit(order.currency) {
            order.shopCurrency = Self.shopCurrency
            order.exchangeRate = rate
            order.shopTotal = Self.shopCurrency.rounded(order.total * rate)
        }
        setPaymentAndFulfilment(of: &order, random: &random)
        order.paymentMethod = order.payment == .pending ? nil
            : random.weighted([("card", 70), ("paypal", 20), ("klarna", 6), ("bank_transfer", 4)])
    }

    /// Payment, fulfilment, their times, refunds and tracking within the order's triage status.
    private func setPaymentAndFulfilment(of order: inout Order, random: inout SplitMix64) {
        let progress = order.updatedAt.timeIntervalSince(order.createdAt)
        // Paid within minutes of ordering, sent when the order was last touched.
        let paidAt = order.createdAt.addingTimeInterval(min(Double(60 + random.below(900)), progress).rounded(.down))
        let place = DemoCatalog.place(forCountry: order.country)
        let tracking = random.pick(place.carriers) + String(100_000_000 + random.below(900_000_000))
        switch order.status {
        // Open orders are few among a new user's (most are old and done), so their kinds are common.
        case .pending:
            switch random.below(100) {
            case ..<25: order.payment = .partiallyPaid
            case ..<40: order.payment = .failed
            default: break
            }
        case .processing:
            switch random.below(100) {
            case ..<25: order.payment = .authorized
            // Partly sent only when there are two units or more to split between sent and not.
            case ..<50: sendPart(of: &order, random: &random)
            case ..<70: order.fulfillment = .onHold
            default: break
            }
            if order.payment == .paid { order.paidAt = paidAt }
            if order.fulfillment == .partiallyFulfilled { order.trackingNumbers = [tracking] }
        case .shipped, .completed:
            order.paidAt = paidAt
            order.fulfilledAt = order.updatedAt
            order.trackingNumbers = [tracking]
            if random.chance(order.status == .shipped ? 8 : 5) {
                refund(&order, lines: [RefundLine(line: 0, quantity: 1)], reason: random.pick(Self.partialRefundReasons))
            }
        case .cancelled:
            order.cancelReason = order.riskLevel == .high ? "suspected fraud" : random.pick(Self.cancelReasons)
        case .refunded:
            order.paidAt = paidAt
            let lines = order.items.indices.map { RefundLine(line: $0, quantity: order.items[$0].quantity) }
            refund(&order, lines: lines, shipping: order.shipping, reason: random.pick(Self.fullRefundReasons))
        }
    }

    /// Sends some of the order's units, never none and never all, from its first line on (the line
    /// a warehouse had in stock first), so that the lines give the order's fulfilment
    /// (`Order.linesFulfillment`: partially fulfilled). An order of a single unit cannot be
    /// partly sent and stays unsent.
    private func sendPart(of order: inout Order, random: inout SplitMix64) {
        let units = order.items.reduce(0) { $0 + $1.quantity }
        guard units >= 2 else { return }
        var toSend = 1 + random.below(units - 1)
        for index in order.items.indices where toSend > 0 {
            let sent = min(order.items[index].quantity, toSend)
            order.items[index].fulfilledQuantity = sent
            toSend -= sent
        }
        order.fulfillment = order.linesFulfillment
    }

    /// Records a refund of these lines (and shipping) given back when the order was last touched;
    /// never more than is outstanding.
    private func refund(_ order: inout Order, lines: [RefundLine], shipping: Decimal = 0, reason: String) {
        let whole = lines.count == order.items.count && shipping == order.shipping
            && lines.allSatisfy { order.items[$0.line].quantity == $0.quantity }
        let worth = lines.reduce(shipping) { $0 + order.items[$1.line].unitPrice * Decimal($1.quantity) }
        let amount = whole ? order.outstanding : min(order.currency.rounded(worth), order.outstanding)
        // A part never comes to the whole: that would move the order to the Refunded tab.
        guard amount > 0, whole || amount < order.total else { return }
        order.refunds = [Refund(id: "R1", createdAt: order.updatedAt, reason: reason, amount: amount, lines: lines,
                                shipping: shipping, restock: !whole)]
        order.payment = amount == order.total ? .refunded : .partiallyRefunded
    }

    static let partialRefundReasons = ["arrived damaged", "one item missing", "goodwill: late delivery", "wrong size"]
    static let fullRefundReasons = ["returned within 30 days", "never arrived", "customer changed their mind"]
    static let cancelReasons = ["customer changed their mind", "out of stock", "duplicate order", "payment not received"]
}
