/// One step of strict UTF-8 decoding, with the "maximal subpart" rule for errors
/// so that one bad byte costs one U+FFFD and never swallows the valid text after it.
enum UTF8Step: Equatable {
    case scalar(Unicode.Scalar, length: Int)
    /// Invalid bytes to replace with one U+FFFD.
    case invalid(length: Int)
    /// A valid prefix cut off by the end of the bytes; `available` bytes of it are present.
    case incomplete(available: Int)

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UTF8Step {
        let lead = bytes[start]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return .scalar(Unicode.Scalar(lead), length: 1)
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0: length = 3; value = 0; secondRange = 0xA0...0xBF
        case 0xED: length = 3; value = 0x0D; secondRange = 0x80...0x9F
        case 0xE1...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0: length = 4; value = 0; secondRange = 0x90...0xBF
        case 0xF4: length = 4; value = 4; secondRange = 0x80...0x8F
        case 0xF1...0xF3: length = 4; value = UInt32(lead & 0x07)
        default: return .invalid(length: 1)
        }
        for offset in 1..<length {
            let index = start + offset
            guard index < bytes.count else { return .incomplete(available: offset) }
            let byte = bytes[index]
            let range: ClosedRange<UInt8> = offset == 1 ? secondRange : 0x80...0xBF
            guard range.contains(byte) else { return .invalid(length: offset) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        // The ranges above exclude surrogates and values past U+10FFFF.
        guard let scalar = Unicode.Scalar(value) else { return .invalid(length: length) }
        return .scalar(scalar, length: length)
    }
}

extension UTF8Step {
    /// U+FFFD, what invalid input becomes.
    static let replacementScalar: Unicode.Scalar = "\u{FFFD}"
}
