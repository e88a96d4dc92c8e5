@testable import OrdersCore
@testable import OrdersInterchange
import Testing

/// `ByteSearch.contains` against the plain definition ("some position where every byte of the
/// needle follows"), on both of its paths: texts searched byte by byte and with memchr.
@Suite("Byte search: a folded needle in a row's text")
struct ByteSearchTests {
    static func naive(_ text: [UInt8], _ needle: [UInt8]) -> Bool {
        needle.isEmpty || (needle.count <= text.count && (0...(text.count - needle.count)).contains {
            Array(text[$0..<$0 + needle.count]) == needle
        })
    }

    /// Searches `text` placed between bytes that would match, so a search reading outside
    /// its range is caught.
    static func contains(_ text: [UInt8], _ needle: [UInt8]) -> Bool {
        let padding = needle.isEmpty ? [UInt8(0x61)] : needle
        let buffer = padding + text + padding
        return buffer.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                ByteSearch.contains(haystack, start: padding.count, length: text.count, needle: needle)
            }
        }
    }

    @Test("chosen cases: at the start, at the end, overlapping near-misses, longer than the text")
    func chosenCases() {
        let cases: [(String, String, Bool)] = [
            ("ana.lima@example.com", "ana", true), ("ana.lima@example.com", ".com", true),
            ("ana.lima@example.com", "lima@", true), ("aab", "ab", true), ("aaab", "aab", true),
            ("abab", "abb", false), ("ab", "abc", false), ("", "a", false), ("x", "x", true),
            ("müller", "ü", true), ("gmail.com", "gm", true), ("gmail.com", "mg", false),
        ]
        for (text, needle, expected) in cases {
            #expect(Self.contains(Array(text.utf8), Array(needle.utf8)) == expected, "\(needle) in \(text)")
        }
    }

    @Test("random texts of every length around the two paths' border agree with the definition")
    func randomTextsAgree() {
        var generator = SplitMix64(seed: 31)
        let alphabet = Array("abc.@".utf8)
        for _ in 0..<20_000 {
            let length = Int(generator.next() % UInt64(ByteSearch.shortText * 2 + 2))
            let text = (0..<length).map { _ in alphabet[Int(generator.next() % 3)] }
            let needleLength = 1 + Int(generator.next() % 4)
            let needle = (0..<needleLength).map { _ in alphabet[Int(generator.next() % 3)] }
            #expect(Self.contains(text, needle) == Self.naive(text, needle), "\(needle) in \(text)")
        }
    }
}
