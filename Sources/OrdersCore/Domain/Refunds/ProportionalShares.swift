/// Splits a whole number of minor units into shares proportional to weights, so that the shares
/// add up to exactly the amount: no minor unit lost or invented. The one home of how the order's
/// discount and tax are spread over its lines (`LineRefundValues`).
///
/// The rule (largest remainder): each share is first its exact proportion rounded down; the minor
/// units left over go one each to the shares whose proportions lost the most in rounding, the
/// earliest first among equals. With no weight at all, the amount is split evenly the same way.
enum ProportionalShares {
    /// The shares of `amount` by `weights`; nil when an amount or a weight is negative.
    static func split(_ amount: Int64, by weights: [Int64]) -> [Int64]? {
        guard amount >= 0, weights.allSatisfy({ $0 >= 0 }) else { return nil }
        guard !weights.isEmpty else { return [] }
        let total = weights.reduce(UInt64(0)) { $0 &+ UInt64($1) }
        let even = total == 0
        let divisor = even ? UInt64(weights.count) : total
        var shares: [Int64] = []
        var remainders: [(remainder: UInt64, index: Int)] = []
        shares.reserveCapacity(weights.count)
        for (index, weight) in weights.enumerated() {
            // amount × weight ÷ total in 128 bits: both fit in 63 bits, so the quotient fits in 64.
            let product = UInt64(amount).multipliedFullWidth(by: even ? 1 : UInt64(weight))
            let (quotient, remainder) = divisor.dividingFullWidth(product)
            shares.append(Int64(quotient))
            remainders.append((remainder, index))
        }
        var left = amount - shares.reduce(0, +)
        for entry in remainders.sorted(by: { $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index }) {
            guard left > 0 else { break }
            shares[entry.index] += 1
            left -= 1
        }
        return shares
    }

    /// What units `first..<first + count` of `units` equal parts of `share` come to, where the
    /// first `share % units` units carry one minor unit more: giving back every unit, in any number
    /// of steps, gives back exactly `share`.
    static func units(_ first: Int, count: Int, of units: Int, sharing share: Int64) -> Int64 {
        guard units > 0, count > 0 else { return 0 }
        let each = share / Int64(units)
        let heavier = Int(share % Int64(units))
        let end = first + count
        let heavierTaken = max(min(end, heavier) - min(first, heavier), 0)
        return each * Int64(count) + Int64(heavierTaken)
    }
}
