/// Finds the first byte that makes a text invalid UTF-8, so a refusal can say where
/// (a decoder only says that the whole text is invalid).
enum UTF8Check {
    struct Failure: Equatable {
        /// Offset from the start of the file (counted from 0) where the first invalid sequence starts.
        var offset: Int
        /// The line it is on (1-based), for opening the file in an editor.
        var line: Int
    }

    /// Nil if `bytes` are valid UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
    static func firstInvalidByte(in bytes: [UInt8]) -> Failure? {
        var index = 0
        var line = 1
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0x0A { line += 1 }
                index += 1
                continue
            }
            // The allowed range of the second byte depends on the lead (Table 3-7 of the Unicode standard).
            let length: Int, second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return Failure(offset: index, line: line)
            }
            guard index + 1 < bytes.count, second.contains(bytes[index + 1]) else { return Failure(offset: index, line: line) }
            for next in index + 2 ..< index + length where next >= bytes.count || !(0x80...0xBF).contains(bytes[next]) {
                return Failure(offset: index, line: line)
            }
            index += length
        }
        return nil
    }
}
