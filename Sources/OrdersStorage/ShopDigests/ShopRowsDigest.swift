/// What a shop's file said about one order: a 128-bit FNV-1a digest of the fields of its rows,
/// begun from a `ShopRowsDigest.Stamp` (in OrdersInterchange, where the rows are read) of everything
/// else that decides what those rows become.
/// A re-import compares it with the digest stored for the order (`ShopDigestStore`) and counts a
/// match unchanged without reading the rows into a `ShopOrder`, mapping or merging them.
///
/// Why the rows and not the mapped order: reading and mapping are where an unchanged re-import's
/// time goes (issue 31), and a digest of the mapped order would need them first. Why the fields
/// (after CSV unquoting) and not the raw bytes: the fields are all the readers see, so quoting that
/// changes no value changes nothing. FNV-1a is not a cryptographic hash; the file is the shop's own
/// export, and a wrong "unchanged" needs one order's two texts to agree in all 128 bits.
public struct ShopRowsDigest: Hashable, Sendable {
    /// The digest itself; `ShopRowsDigest.Stamp` (where a shop's rows are read) computes it.
    public let value: UInt128

    public init(value: UInt128) {
        self.value = value
    }

    /// 32 lowercase hex digits: how both engines store it. Written nibble by nibble: a first
    /// import writes one per order, and `String(_:radix:)` of a 128-bit integer divides.
    public var text: String {
        let high = UInt64(truncatingIfNeeded: value &>> 64), low = UInt64(truncatingIfNeeded: value)
        return String(unsafeUninitializedCapacity: 32) { digits in
            for position in 0..<32 {
                let half = position < 16 ? high : low
                let nibble = UInt8(truncatingIfNeeded: half &>> UInt64(60 - 4 * (position % 16))) & 0xF
                digits[position] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            return 32
        }
    }

    public init?(text: String) {
        guard text.utf8.count == 32, let value = UInt128(text, radix: 16) else { return nil }
        self.value = value
    }
}
