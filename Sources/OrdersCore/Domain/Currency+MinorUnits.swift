import Foundation

extension Currency {
    /// 10 ^ minorUnits: how many minor units make one major unit.
    public var minorUnitScale: Int64 {
        var scale: Int64 = 1
        for _ in 0..<minorUnits { scale *= 10 }
        return scale
    }

    /// The amount as a whole number of minor units (cents, or yen for JPY), or nil
    /// if it has more decimals than the currency allows or does not fit in 64 bits.
    public func minorUnits(of amount: Decimal) -> Int64? {
        // Fast path (about 10× cheaper than Decimal arithmetic, and bulk imports convert
        // millions of amounts): guess through Double, then confirm exactly with Decimal.
        let guess = (NSDecimalNumber(decimal: amount).doubleValue * Double(minorUnitScale)).rounded()
        if guess.magnitude < 1e15 {
            let minor = Int64(guess)
            if self.amount(minorUnits: minor) == amount { return minor }
        }
        guard isRepresentable(amount) else { return nil }
        let scaled = amount * Decimal(minorUnitScale)
        guard scaled.magnitude < Decimal(Int64.max) else { return nil }
        // Whole and within range, so the conversion is exact.
        return NSDecimalNumber(decimal: scaled).int64Value
    }

    /// An amount from a whole number of minor units: 12345 cents → 123.45.
    public func amount(minorUnits: Int64) -> Decimal {
        Decimal(sign: minorUnits < 0 ? .minus : .plus, exponent: -self.minorUnits,
                significand: Decimal(minorUnits.magnitude))
    }

    /// The amount as plain decimal text with exactly this currency's decimals,
    /// as files and exports show money: "1234.50", "980" for JPY.
    public func plainText(_ amount: Decimal) -> String {
        guard let minor = minorUnits(of: rounded(amount)) else { return "\(amount)" }
        let sign = minor < 0 ? "-" : ""
        let magnitude = minor.magnitude
        guard minorUnits > 0 else { return sign + String(magnitude) }
        let scale = UInt64(minorUnitScale)
        let fraction = String(magnitude % scale)
        return sign + String(magnitude / scale) + "." + String(repeating: "0", count: minorUnits - fraction.count) + fraction
    }
}
