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
        guard !amount.isNaN else { return nil }
        // Integer arithmetic only: imports and `orders demo` convert millions of amounts, and
        // Decimal arithmetic (or its text, which the fallback reads) costs several times more.
        if let parts = DecimalParts.of(amount) { return Self.minorUnits(parts, scaledBy: parts.exponent + minorUnits) }
        return minorUnitsFromText(of: amount)
    }

    /// mantissa × 10^power as a whole number: nil if that leaves a fraction (more decimals
    /// than the currency has) or does not fit, as `minorUnitsFromText` decides.
    private static func minorUnits(_ parts: DecimalParts, scaledBy power: Int) -> Int64? {
        var magnitude = parts.mantissa
        if power >= 0 {
            for _ in 0..<power where magnitude != 0 {
                let (scaled, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                magnitude = scaled
            }
        } else {
            for _ in 0..<(-power) where magnitude != 0 {
                // Digits below the minor unit must be zeros (12.500 EUR is fine, 12.505 is not).
                guard magnitude % 10 == 0 else { return nil }
                magnitude /= 10
            }
        }
        guard magnitude < UInt64(Int64.max) else { return nil }
        return parts.isNegative ? -Int64(magnitude) : Int64(magnitude)
    }

    /// The same read from the decimal's exact digits as text, for mantissas wider than 64 bits.
    func minorUnitsFromText(of amount: Decimal) -> Int64? {
        var whole: Int64 = 0
        var decimals = -1   // digits read after the point; -1 before it
        var negative = false
        for byte in amount.description.utf8 {
            switch byte {
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "."): decimals = 0
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int64(byte - UInt8(ascii: "0"))
                if decimals >= 0 {
                    decimals += 1
                    // Digits below the minor unit must be zeros (12.500 EUR is fine, 12.505 is not).
                    if decimals > minorUnits {
                        guard digit == 0 else { return nil }
                        continue
                    }
                }
                let (shifted, overflowA) = whole.multipliedReportingOverflow(by: 10)
                let (sum, overflowB) = shifted.addingReportingOverflow(digit)
                guard !overflowA, !overflowB else { return nil }
                whole = sum
            default: return nil   // not plain decimal digits: refuse rather than guess
            }
        }
        // Scale up for the decimals the text did not have ("12.5" EUR is 1250 cents).
        for _ in min(max(decimals, 0), minorUnits)..<minorUnits {
            let (scaled, overflow) = whole.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            whole = scaled
        }
        guard whole < Int64.max else { return nil }
        return negative ? -whole : whole
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
