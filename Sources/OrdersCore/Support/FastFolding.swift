import Foundation

/// `SearchFolding.fold` with a fast path: ASCII text folds to its lowercase
/// bytes (a test checks this agrees with `SearchFolding` for every ASCII
/// character), so only non-ASCII strings pay for Foundation's folding.
package enum FastFolding {
    package static func foldedBytes(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte < 0x80 else { return Array(SearchFolding.fold(text).utf8) }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        return bytes
    }

    package static func fold(_ text: String) -> String {
        String(decoding: foldedBytes(text), as: UTF8.self)
    }

    /// Whether a byte-wise substring search over this folded text gives the same
    /// answer as `String.contains`: true when every character is one scalar and
    /// there is no NUL (the field separator). Anything else is checked the slow,
    /// exact way.
    package static func isByteSearchable(_ folded: [UInt8]) -> Bool {
        // "\r\n" is one character of two scalars: treat any CR as needing the exact path.
        if folded.allSatisfy({ $0 < 0x80 && $0 != 0 && $0 != 0x0D }) { return true }
        let text = String(decoding: folded, as: UTF8.self)
        return !text.utf8.contains(0) && text.allSatisfy { $0.unicodeScalars.count == 1 }
    }
}

/// Substring search on folded UTF-8 bytes.
package enum ByteSearch {
    /// Up to this many bytes a text is searched byte by byte, beyond it with memchr.
    @usableFromInline static let shortText = 64

    /// Whether `needle` occurs in `haystack[start..<start+length]`. Inlinable: the list's index
    /// (OrdersPresentation) calls it for up to a million rows per key typed, and a call across
    /// modules that cannot be inlined costs more than searching a short row.
    @inlinable @inline(__always)
    package static func contains(_ haystack: UnsafeBufferPointer<UInt8>, start: Int, length: Int,
                         needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard needle.count <= length, let base = haystack.baseAddress, let needleBase = needle.baseAddress else {
            return needle.isEmpty
        }
        let count = needle.count
        // A row's text is a few dozen bytes: comparing its bytes in place costs less than calling
        // memchr and memcmp for it, which a search does for up to a million rows per key typed.
        if length <= shortText {
            let text = base + start, firstByte = needleBase[0]
            for position in 0...(length - count) where text[position] == firstByte {
                var matched = 1
                while matched < count, text[position + matched] == needleBase[matched] { matched += 1 }
                if matched == count { return true }
            }
            return false
        }
        // memchr finds candidate first bytes with SIMD; memcmp confirms the rest.
        let first = Int32(needleBase.pointee)
        var cursor = UnsafeRawPointer(base + start)
        var remaining = length
        while remaining >= count {
            guard let hit = memchr(cursor, first, remaining - count + 1) else { return false }
            if count == 1 || memcmp(hit + 1, needleBase + 1, count - 1) == 0 { return true }
            let advance = cursor.distance(to: UnsafeRawPointer(hit)) + 1
            cursor += advance
            remaining -= advance
        }
        return false
    }
}
