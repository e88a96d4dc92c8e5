import Foundation

/// A decimal's own integer parts — sign, mantissa and power of ten — read without arithmetic
/// or text, for the money paths that convert millions of amounts (imports, `orders demo`):
/// `Decimal.description`, which the exact conversion otherwise reads, was a fifth of the
/// demo's time.
///
/// Foundation keeps these parts private. They are read from the decimal's storage, whose
/// layout is NSDecimal's (one byte of exponent; a byte whose high four bits are the length in
/// 16-bit words, then the sign and compact bits; two reserved bytes; eight 16-bit words of
/// mantissa, least significant first, little-endian), and that
/// reading is trusted only after it gave the known parts of sample decimals; otherwise
/// `of(_:)` always answers nil and callers use the text.
struct DecimalParts: Equatable {
    var isNegative: Bool
    /// The decimal is `mantissa × 10^exponent`.
    var mantissa: UInt64
    var exponent: Int

    /// The parts, or nil when the mantissa is wider than 64 bits or the layout is not the one known.
    static func of(_ value: Decimal) -> DecimalParts? {
        guard layoutIsKnown else { return nil }
        return read(value)
    }

    private static func read(_ value: Decimal) -> DecimalParts? {
        guard MemoryLayout<Decimal>.size == 20 else { return nil }
        return withUnsafeBytes(of: value) { bytes -> DecimalParts? in
            let length = bytes[1] >> 4
            guard length <= 4 else { return nil }
            var mantissa: UInt64 = 0
            for word in 0..<Int(length) {
                let low = UInt64(bytes[4 + 2 * word]), high = UInt64(bytes[5 + 2 * word])
                mantissa |= (low | high << 8) << (16 * word)
            }
            return DecimalParts(isNegative: bytes[1] & 0x08 != 0, mantissa: mantissa,
                                exponent: Int(Int8(bitPattern: bytes[0])))
        }
    }

    /// Whether `read` gives the parts of decimals whose parts are known (little-endian words).
    static let layoutIsKnown: Bool = {
        let samples: [(Decimal, DecimalParts)] = [
            (Decimal(sign: .minus, exponent: -2, significand: 12_345), DecimalParts(isNegative: true, mantissa: 12_345, exponent: -2)),
            (Decimal(sign: .plus, exponent: 3, significand: Decimal(UInt64(0x0123_4567_89AB_CDEF))),
             DecimalParts(isNegative: false, mantissa: 0x0123_4567_89AB_CDEF, exponent: 3)),
            (Decimal(0), DecimalParts(isNegative: false, mantissa: 0, exponent: 0)),
        ]
        return samples.allSatisfy { read($0.0) == $0.1 && $0.0.exponent == $0.1.exponent }
    }()
}
