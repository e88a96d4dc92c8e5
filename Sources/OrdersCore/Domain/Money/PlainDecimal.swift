import Foundation

/// Money as files write it: plain decimals like `1234.50`, `-3`, `0.1`.
public enum PlainDecimal {
    /// The exact value of `text`, or nil unless it is an optional minus sign, digits,
    /// and optionally a point and more digits (no exponents, spaces or grouping).
    public static func parse(_ text: String) -> Decimal? {
        var utf8 = text
        return utf8.withUTF8 { parse(bytes: $0, text: text) }
    }

    /// The same from the text's UTF-8 bytes. Up to 18 digits (every amount within `MoneyLimits`)
    /// the value is built from its digits as an integer and a power of ten, which is what
    /// `Decimal(string:)` makes of them (the same mantissa and exponent, trailing zeros dropped), without
    /// its `Scanner` and `Locale`: those were a large part of an import's CPU, every amount of every line.
    static func parse(bytes: UnsafeBufferPointer<UInt8>, text: @autoclosure () -> String) -> Decimal? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var wholeDigits = 0, fractionDigits = 0
        while index < bytes.count, let digit = digit(bytes[index]) {
            if wholeDigits < 19 { mantissa = mantissa &* 10 &+ UInt64(digit) }
            wholeDigits += 1
            index += 1
        }
        guard wholeDigits > 0, wholeDigits <= 30 else { return nil }
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: ".") else { return nil }
            index += 1
            while index < bytes.count, let digit = digit(bytes[index]) {
                if wholeDigits + fractionDigits < 19 { mantissa = mantissa &* 10 &+ UInt64(digit) }
                fractionDigits += 1
                index += 1
            }
            guard index == bytes.count, fractionDigits > 0, fractionDigits <= 10 else { return nil }
        }
        guard wholeDigits + fractionDigits <= 18 else {
            return Decimal(string: text(), locale: Locale(identifier: "en_US_POSIX"))
        }
        // Zero keeps the quirks of `Decimal(string:)` (`0.00` is stored with its exponent, `-0.00` without): from a table made by it.
        if mantissa == 0 { return negative ? negativeZero : zeros[fractionDigits] }
        var exponent = -fractionDigits
        while mantissa % 10 == 0 {
            mantissa /= 10
            exponent += 1
        }
        return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(mantissa))
    }

    private static func digit(_ byte: UInt8) -> UInt8? {
        byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : nil
    }

    /// `0`, `0.0`, … `0.0000000000` as `Decimal(string:)` reads them.
    private static let zeros: [Decimal] = (0...10).map { digits in
        Decimal(string: digits == 0 ? "0" : "0." + String(repeating: "0", count: digits), locale: Locale(identifier: "en_US_POSIX"))!
    }
    private static let negativeZero = Decimal(string: "-0", locale: Locale(identifier: "en_US_POSIX"))!
}
