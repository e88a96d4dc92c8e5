/// Which kinds of bytes a text contains, one bit per kind: a–z, digits, `.`, `@`,
/// `-`, other ASCII, non-ASCII. A row whose mask lacks a bit of the needle's mask
/// cannot contain the needle, so most rows skip the byte search entirely.
enum ByteClassMask {
    @inline(__always)
    static func bit(_ byte: UInt8) -> UInt32 {
        switch byte {
        case 0x61...0x7A: 1 << UInt32(byte - 0x61)
        case 0x30...0x39: 1 << 26
        case 0x2E: 1 << 27
        case 0x40: 1 << 28
        case 0x2D: 1 << 29
        case 0x80...: 1 << 31
        default: 1 << 30
        }
    }

    /// Whether the bit of this byte stands for this byte alone (a–z, `.`, `@`, `-`),
    /// so a set bit proves the byte is present.
    static func isExact(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || byte == 0x2E || byte == 0x40 || byte == 0x2D
    }

    static func of(_ bytes: some Sequence<UInt8>) -> UInt32 {
        bytes.reduce(0) { $0 | bit($1) }
    }
}
