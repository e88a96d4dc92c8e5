import Foundation

/// Money as files write it: plain decimals like `1234.50`, `-3`, `0.1`.
public enum PlainDecimal {
    /// The exact value of `text`, or nil unless it is an optional minus sign, digits,
    /// and optionally a point and more digits (no exponents, spaces or grouping).
    public static func parse(_ text: String) -> Decimal? {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.count <= 30,
              whole.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.count <= 10, fraction.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}
