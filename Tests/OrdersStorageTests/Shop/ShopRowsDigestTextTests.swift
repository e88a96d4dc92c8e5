@testable import OrdersCore
@testable import OrdersStorage
import Testing

/// A digest's text is what both engines store: 32 lowercase hex digits, leading zeros kept, and
/// read back to the same digest.
@Suite("Shop rows digest as text")
struct ShopRowsDigestTextTests {
    @Test(arguments: [
        (UInt128(0), "00000000000000000000000000000000"),
        (UInt128(1), "00000000000000000000000000000001"),
        (UInt128(0xabc), "00000000000000000000000000000abc"),
        (UInt128.max, "ffffffffffffffffffffffffffffffff"),
        (UInt128(0x0123_4567_89ab_cdef) << 64 | UInt128(0xfedc_ba98_7654_3210), "0123456789abcdeffedcba9876543210"),
    ])
    func theTextIsThirtyTwoLowercaseHexDigits(_ value: UInt128, _ text: String) {
        let digest = ShopRowsDigest(value: value)
        #expect(digest.text == text)
        #expect(ShopRowsDigest(text: text) == digest)
    }
}
