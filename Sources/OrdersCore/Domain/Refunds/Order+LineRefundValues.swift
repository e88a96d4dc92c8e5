/// What a line is worth when it is given back, in the currency's minor units: its price × quantity,
/// less its share of the order's discount, plus its share of the tax when the prices exclude it.
/// Shops refund a line with its taxes and its share of discounts; a refund that gave back only the
/// price would leave the line's tax owed to a customer who has nothing left of the order.
struct LineRefundValue: Hashable, Sendable {
    var price: Int64
    var discount: Int64
    var tax: Int64
    /// Whether the tax is inside the price (then it is not added again).
    var taxIncluded: Bool

    var value: Int64 { price - discount + (taxIncluded ? 0 : tax) }
}

extension Order {
    /// Each line's refund value (`LineRefundValue`), nil when a price or charge is not a whole number
    /// of minor units or a sum does not fit in 64 bits.
    ///
    /// The discount is spread over the lines by their prices × quantities, and the tax over the lines by
    /// what they cost after their discount (tax is charged on the discounted price), each with
    /// `ProportionalShares` (largest remainder, earliest line first among equals). So the lines' values
    /// add up to exactly subtotal − discount + tax (tax only when prices exclude it): the order's total
    /// less its shipping and fees, which a refund names apart. All of the order's tax goes to its lines,
    /// as the order keeps one tax figure (a shop that taxes shipping folds that tax into it).
    var lineRefundValues: [LineRefundValue]? {
        var prices: [Int64] = []
        for item in items {
            // A stated line total is the line's exact price (`LineItem+StatedTotal.swift`); its units share it
            // as they share the discount and tax below (`refundValue(ofLine:)`), never at the rounded unit price.
            let price: Int64?
            if let stated = item.statedLineTotal {
                price = currency.minorUnits(of: stated)
            } else {
                price = currency.minorUnits(of: item.unitPrice).flatMap { $0.multipliedChecked(by: Int64(item.quantity)) }
            }
            guard let price, price >= 0 else { return nil }
            prices.append(price)
        }
        guard let discount = currency.minorUnits(of: discount), let tax = currency.minorUnits(of: tax),
              let discounts = ProportionalShares.split(discount, by: prices) else { return nil }
        let net = zip(prices, discounts).map { max($0 - $1, 0) }
        guard let taxes = ProportionalShares.split(tax, by: net) else { return nil }
        return prices.indices.map {
            LineRefundValue(price: prices[$0], discount: discounts[$0], tax: taxes[$0], taxIncluded: taxesIncluded)
        }
    }

    /// What giving back `count` units of the line at `index` is worth in minor units, when `earlier` of its
    /// units came back before: the line's value spread over its units, the first units carrying the
    /// minor units left over (`ProportionalShares.units`), so giving back every unit in any number of
    /// refunds gives back exactly the line's value.
    func refundValue(ofLine index: Int, units count: Int, after earlier: Int, values: [LineRefundValue]) -> Int64 {
        ProportionalShares.units(earlier, count: count, of: items[index].quantity, sharing: values[index].value)
    }
}
