import Testing
@testable import TermRender

/// A small deterministic PRNG (SplitMix64), so a failure can be replayed by seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("InputDecoder fuzzing")
struct InputDecoderFuzzTests {
    /// Bytes biased towards what makes decoding interesting: ESC, CSI
    /// parameters and finals, UTF-8 leads and continuations, controls.
    static func randomByte(_ generator: inout SplitMix64) -> UInt8 {
        switch generator.next() % 10 {
        case 0, 1: return 0x1B
        case 2: return [UInt8(ascii: "["), UInt8(ascii: "O"), UInt8(ascii: "<"), UInt8(ascii: ";"),
                        UInt8(ascii: "~"), UInt8(ascii: "M"), UInt8(ascii: "m")][Int(generator.next() % 7)]
        case 3: return UInt8(ascii: "0") + UInt8(generator.next() % 10)
        case 4: return 0x80 + UInt8(generator.next() % 0x40)
        case 5: return 0xC0 + UInt8(generator.next() % 0x40)
        case 6: return UInt8(generator.next() % 0x20)
        default: return UInt8(truncatingIfNeeded: generator.next())
        }
    }

    @Test("hundreds of thousands of random sequences: no trap, progress, bounded state")
    func randomInput() {
        var generator = SplitMix64(seed: 0x5EED_0F_7E57)
        var decoder = InputDecoder()
        var sequences = 0
        var totalEvents = 0
        for _ in 0..<300_000 {
            let length = Int(generator.next() % 12) + 1
            let chunk = (0..<length).map { _ in Self.randomByte(&generator) }
            totalEvents += decoder.decode(chunk).count
            sequences += 1
            // Without a paste open, only an unfinished sequence may wait: at most
            // one escape sequence's worth of bytes plus an X10 payload.
            if !decoder.isReadingPaste {
                #expect(decoder.pendingByteCount <= InputDecoder.maximumSequenceBytes + 8,
                        "pending \(decoder.pendingByteCount) after \(sequences) chunks")
            } else {
                #expect(decoder.pendingByteCount <= InputDecoder.maximumPasteBytes + 16)
            }
            // Now and then the escape timer fires: everything pending resolves.
            if generator.next() % 8 == 0 {
                totalEvents += decoder.flush().count
                #expect(!decoder.hasPendingInput)
                #expect(decoder.pendingByteCount == 0)
            }
        }
        #expect(sequences == 300_000)
        #expect(totalEvents > 300_000)
    }

    @Test("splitting the same bytes anywhere never changes the keys decoded")
    func splitInvariance() {
        var generator = SplitMix64(seed: 42)
        for round in 0..<2_000 {
            // Well-formed input only: splitting ambiguous bytes (a lone ESC
            // followed later by a key) legitimately depends on timing.
            let pieces = ["a", "é", "😀", "\u{1B}[A", "\u{1B}OP", "\u{1B}[1;5C", "\u{1B}[<0;3;4M", "\u{1B}[3~", "\r",
                          "\u{7F}", "\u{1B}[200~x\u{1B}[Ay\u{1B}[201~", "\u{1B}[I", "\u{03}"]
            let text = (0..<8).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let bytes = Array(text.utf8)
            var whole = InputDecoder()
            let expected = whole.decode(bytes) + whole.flush()
            var split = InputDecoder()
            var events: [InputEvent] = []
            var index = 0
            while index < bytes.count {
                let size = Int(generator.next() % 5) + 1
                let end = min(index + size, bytes.count)
                events += split.decode(bytes[index..<end])
                index = end
            }
            events += split.flush()
            #expect(events == expected, "round \(round): \(text.debugDescription)")
            if events != expected { return }
        }
    }
}
