import Foundation
import OrdersCore

/// Makes realistic, reproducible demo orders: the same seed and `now` always give
/// the same orders, byte for byte. Order `n` of a batch depends only on the seed,
/// `n`, the total count and `now`, so batches can be generated independently.
public struct DemoDataGenerator: Sendable {
    public let seed: UInt64
    /// The moment "now" for the data: orders are created over the two years before it.
    public let now: Date

    /// How far back the oldest demo order goes.
    public static let history: TimeInterval = 2 * 365 * 86_400

    /// A generator for this seed; pass `now` explicitly wherever the result must be reproducible.
    public init(seed: UInt64, now: Date = Date()) {
        self.seed = seed
        self.now = now
    }

    /// Orders `ORD-0000001` through `ORD-<count>`, oldest first.
    public func orders(count: Int) -> [Order] {
        orders(numbers: 1..<(count + 1), of: count)
    }

    /// The orders with these numbers (1-based) out of a data set of `count`.
    public func orders(numbers: Range<Int>, of count: Int) -> [Order] {
        numbers.map { order(number: $0, of: count) }
    }

    /// Order number `number` (1-based) of a data set of `count` orders.
    public func order(number: Int, of count: Int) -> Order {
        var random = mainRandom(number)
        let start = opening(number: number, of: count, random: &random)
        let createdAt = start.createdAt, country = start.customer.country, currency = start.currency
        var tags: [String] = []
        let wholesale = random.chance(3)
        if wholesale { tags.append("wholesale") }
        let lines = lineItems(currency: currency, wholesale: wholesale, random: &random)
        if lines.fragile || random.chance(2) { tags.append("fragile") }
        for (tag, percent) in DemoCatalog.tags where random.chance(Double(percent)) { tags.append(tag) }

        let money = charges(items: lines.items, currency: currency, country: country, random: &random)
        let age = now.timeIntervalSince(createdAt)
        let status = Self.status(ageInDays: age / 86_400, random: &random)
        let isOpen = !status.isFinal && status != .completed
        let flagged = random.chance(isOpen ? 8 : 2)
        let updatedAt = createdAt.addingTimeInterval(Self.secondsOfProgress(status, age: age, random: &random))
        let assignee: String? = random.chance(isOpen ? 45 : 20) ? random.pick(DemoCatalog.operators) : nil
        var notes: [OrderNote] = []
        if random.chance(flagged ? 60 : 3) {
            let offset = random.unit() * updatedAt.timeIntervalSince(createdAt)
            notes.append(OrderNote(createdAt: createdAt.addingTimeInterval(offset.rounded(.down)),
                                   author: assignee ?? "support", text: random.pick(DemoCatalog.noteTexts)))
        }
        var order = Order(
            id: OrderID(number), customerName: start.customer.name, email: start.customer.email, country: country,
            currency: currency, items: lines.items, discount: money.discount, shipping: money.shipping, tax: money.tax,
            createdAt: createdAt, updatedAt: updatedAt, status: status, flagged: flagged, tags: tags,
            assignee: assignee, notes: notes, version: 1)
        addShopDetails(to: &order, number: number, customer: customer(ofOrder: number, of: count, own: start.customer))
        return order
    }

    /// Spreads orders over the history window in id order, denser towards `now`
    /// (a growing shop), always whole milliseconds so every store round-trips them.
    func creationDate(number: Int, of count: Int, random: inout SplitMix64) -> Date {
        let slot = (Double(number - 1) + random.unit()) / Double(max(count, 1))
        let position = pow(min(max(slot, 0), 1), 0.7)
        let secondsAgo = (1 - position) * Self.history
        let milliseconds = ((now.timeIntervalSince1970 - secondsAgo) * 1000).rounded(.down)
        // Never later than `now` itself, even for the newest order.
        return Date(timeIntervalSince1970: min(milliseconds, (now.timeIntervalSince1970 * 1000).rounded(.down) - 1) / 1000)
    }

    func customer(of culture: DemoCulture, random: inout SplitMix64) -> (name: String, email: String) {
        let given = random.pick(culture.given)
        let family = random.pick(culture.family)
        let name: String = switch culture.order {
        case .givenFirst: given.text + " " + family.text
        case .familyFirstSpaced: family.text + " " + given.text
        case .familyFirstJoined: family.text + given.text
        }
        let familyASCII = family.ascii
        let local: String = switch random.below(4) {
        case 0: given.ascii + "." + familyASCII
        case 1: String(given.ascii.prefix(1)) + familyASCII
        case 2: given.ascii + familyASCII + String(random.below(99) + 1)
        default: familyASCII + "." + given.ascii
        }
        return (name, local + "@" + random.pick(culture.emailDomains))
    }

    private func lineItems(currency: Currency, wholesale: Bool, random: inout SplitMix64)
        -> (items: [LineItem], fragile: Bool) {
        // Most orders are small; a long tail has up to eight lines.
        let count = random.weighted([(1, 38), (2, 26), (3, 14), (4, 9), (5, 5), (6, 4), (7, 2), (8, 2)])
        var items: [LineItem] = []
        var usedSKUs = Set<String>()
        var fragile = false
        while items.count < count {
            let product = random.pick(DemoCatalog.products)
            guard usedSKUs.insert(product.sku).inserted else { continue }
            fragile = fragile || product.fragile
            let quantity = wholesale ? random.weighted([(10, 4), (20, 3), (50, 2), (100, 1)])
                                     : random.weighted([(1, 80), (2, 14), (3, 4), (4, 1), (6, 1)])
            let minor = Self.localPrice(usdCents: product.usdCents, in: currency)
            items.append(LineItem(sku: product.sku, title: product.title, quantity: quantity,
                                  unitPrice: Self.decimal(minorUnits: minor, of: currency)))
        }
        return (items, fragile)
    }

    /// Discount, shipping and tax in the order's currency, consistent with the domain rules:
    /// a discount (when given) is the loyalty discount or a small coupon, never above the subtotal.
    private func charges(items: [LineItem], currency: Currency, country: String, random: inout SplitMix64)
        -> (discount: Decimal, shipping: Decimal, tax: Decimal) {
        let scale = Self.minorScale(currency)
        let subtotalMinor = items.reduce(0) { $0 + Self.minorUnits(of: $1.unitPrice, in: currency) * $1.quantity }
        var discountMinor = 0
        let tenPercent = Self.roundHalfEven(subtotalMinor, times: 1, over: 10)
        if tenPercent > 10 * scale, random.chance(25) {
            discountMinor = tenPercent
        } else if random.chance(6) {
            discountMinor = min(Self.localPrice(usdCents: 500, in: currency), subtotalMinor)
        }
        let freeShippingFrom = Self.localPrice(usdCents: 10_000, in: currency)
        let shippingMinor = subtotalMinor - discountMinor >= freeShippingFrom ? 0
            : Self.localPrice(usdCents: random.pick([499, 799, 1_299]), in: currency)
        let taxable = subtotalMinor - discountMinor + shippingMinor
        let taxMinor = Self.roundHalfEven(taxable, times: DemoCatalog.taxBasisPoints(forCountry: country), over: 10_000)
        return (Self.decimal(minorUnits: discountMinor, of: currency),
                Self.decimal(minorUnits: shippingMinor, of: currency),
                Self.decimal(minorUnits: taxMinor, of: currency))
    }

    /// A realistic status for an order of this age: recent ones are still open,
    /// older ones mostly completed, a few cancelled or refunded at any age.
    static func status(ageInDays days: Double, random: inout SplitMix64) -> OrderStatus {
        switch days {
        case ..<1.5: random.weighted([(.pending, 72), (.processing, 22), (.cancelled, 6)])
        case ..<4: random.weighted([(.pending, 20), (.processing, 50), (.shipped, 24), (.cancelled, 6)])
        case ..<12: random.weighted([(.processing, 10), (.shipped, 55), (.completed, 30), (.cancelled, 5)])
        case ..<35: random.weighted([(.shipped, 12), (.completed, 80), (.cancelled, 4), (.refunded, 4)])
        // A few very old orders are stuck in shipping: exactly what triage should find.
        default: random.weighted([(.shipped, 1), (.completed, 87), (.cancelled, 6), (.refunded, 6)])
        }
    }

    /// How long after creation an order in this status was last touched, within its age.
    private static func secondsOfProgress(_ status: OrderStatus, age: TimeInterval, random: inout SplitMix64) -> TimeInterval {
        let typicalDays: Double = switch status {
        case .pending: 0
        case .processing: 0.5
        case .shipped: 2
        case .completed: 7
        case .cancelled: 1
        case .refunded: 20
        }
        let seconds = typicalDays * 86_400 * (0.5 + random.unit())
        return min(seconds, age * 0.99).rounded(.down)
    }

    // MARK: Money in integer minor units (exact), converted to Decimal only at the end.

    private static func minorScale(_ currency: Currency) -> Int {
        var scale = 1
        for _ in 0..<currency.minorUnits { scale *= 10 }
        return scale
    }

    /// A shop price in the currency's minor units: ".99" endings for cents, round
    /// tens for yen, round hundreds for won.
    static func localPrice(usdCents: Int, in currency: Currency) -> Int {
        let units = Double(usdCents) / 100 * DemoCatalog.unitsPerDollar(currency)
        switch currency.minorUnits {
        case 0:
            let step = units >= 10_000 ? 100.0 : 10.0
            return max(Int((units / step).rounded()) * Int(step), Int(step))
        default:
            let scale = minorScale(currency)
            let whole = Int(units.rounded())
            return whole <= 1 ? Int((units * Double(scale)).rounded()) : whole * scale - 1
        }
    }

    static func decimal(minorUnits: Int, of currency: Currency) -> Decimal {
        Decimal(sign: minorUnits < 0 ? .minus : .plus, exponent: -currency.minorUnits,
                significand: Decimal(minorUnits.magnitude))
    }

    static func minorUnits(of amount: Decimal, in currency: Currency) -> Int {
        NSDecimalNumber(decimal: amount * Decimal(minorScale(currency))).intValue
    }

    /// value × numerator ÷ denominator, rounded half to even, in integers.
    static func roundHalfEven(_ value: Int, times numerator: Int, over denominator: Int) -> Int {
        let product = value * numerator
        let quotient = product / denominator
        let remainder = product % denominator
        if remainder * 2 > denominator { return quotient + 1 }
        if remainder * 2 == denominator { return quotient % 2 == 0 ? quotient : quotient + 1 }
        return quotient
    }
}
