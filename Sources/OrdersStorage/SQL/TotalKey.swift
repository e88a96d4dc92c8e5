import Foundation

/// An order total as an integer number of 1/10 000ths, comparable across currencies
/// (none has more than four decimals) and exact for every representable total.
enum TotalKey {
    private static let scale = Decimal(10_000)

    static func of(_ total: Decimal) -> Int64 {
        floor(total)
    }

    /// The largest key ≤ amount × 10⁴, clamped to 64 bits.
    static func floor(_ amount: Decimal) -> Int64 {
        let scaled = amount * scale
        let nearest = roundedToWhole(scaled)
        return clamped(nearest > scaled ? nearest - 1 : nearest)
    }

    /// The smallest key ≥ amount × 10⁴, clamped to 64 bits.
    static func ceiling(_ amount: Decimal) -> Int64 {
        let scaled = amount * scale
        let nearest = roundedToWhole(scaled)
        return clamped(nearest < scaled ? nearest + 1 : nearest)
    }

    private static func roundedToWhole(_ value: Decimal) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, 0, .plain)
        return result
    }

    private static func clamped(_ whole: Decimal) -> Int64 {
        if whole >= Decimal(Int64.max) { return Int64.max }
        if whole <= Decimal(Int64.min) { return Int64.min }
        return NSDecimalNumber(decimal: whole).int64Value
    }
}
