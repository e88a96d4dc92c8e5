import Foundation
import OrdersCore

/// Returning customers: about a third of demo orders come from someone who ordered before (one of the
/// 400 orders before theirs), so "the customer's other orders" has something to show. Who an order's
/// customer is depends only on the seed and the order numbers, so batches stay independent.
extension DemoDataGenerator {
    /// Who placed an order: the number of the customer's first order (their key) and how they are named.
    struct DemoCustomer {
        var firstOrder: Int
        var culture: DemoCulture
        var country: String
        var name: String
        var email: String
    }

    /// The first draws of order `number`'s main stream: its creation date, its customer's culture,
    /// country, currency and name. `order(number:of:)` goes on from here; `customer(ofOrder:)` replays it.
    struct Opening {
        var createdAt: Date
        var currency: Currency
        var customer: DemoCustomer
    }

    func opening(number: Int, of count: Int, random: inout SplitMix64) -> Opening {
        let createdAt = creationDate(number: number, of: count, random: &random)
        let culture = random.weighted(DemoCatalog.cultures.map { ($0, $0.weight) })
        let country = random.weighted(culture.countries.map { ($0.code, $0.weight) })
        // A few customers abroad pay in dollars or euros rather than their local currency.
        let currency = random.chance(4) ? random.pick([Currency.usd, .eur]) : DemoCatalog.currency(forCountry: country)
        let (name, email) = customer(of: culture, random: &random)
        return Opening(createdAt: createdAt, currency: currency,
                       customer: DemoCustomer(firstOrder: number, culture: culture, country: country, name: name, email: email))
    }

    /// The random numbers of order `number`'s main stream (its lines, money, status, notes).
    func mainRandom(_ number: Int) -> SplitMix64 {
        SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: number) &* 0xD1B5_4A32_D192_ED03))
    }

    /// The random numbers of order `number`'s shop details, apart from the main stream so that adding
    /// details leaves every earlier field of every order as it was.
    func shopRandom(_ number: Int) -> SplitMix64 {
        SplitMix64(seed: (seed &+ 0x5EED_0F_5409) ^ (UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15))
    }

    /// The first order of the customer who placed order `number`: itself, or (for a returning
    /// customer) the first order of whoever placed one of the orders shortly before it.
    func firstOrder(ofCustomerOf number: Int) -> Int {
        var current = number
        while current > 1 {
            var random = shopRandom(current)
            guard random.chance(35) else { break }
            current -= 1 + random.below(min(current - 1, 400))
        }
        return current
    }

    /// The customer who placed order `number`, whose own opening draws are `own`: a returning customer
    /// when the first order of theirs ships to the same country (so the currency and prices stay
    /// the country's), else a new one.
    func customer(ofOrder number: Int, of count: Int, own: DemoCustomer) -> DemoCustomer {
        let first = firstOrder(ofCustomerOf: number)
        guard first != number else { return own }
        var random = mainRandom(first)
        let earlier = opening(number: first, of: count, random: &random).customer
        return earlier.country == own.country ? earlier : own
    }
}
