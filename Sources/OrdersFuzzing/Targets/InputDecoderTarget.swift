import OrdersCore
import OrdersInterchange
import TermRender

/// Fuzzes the terminal input decoder (what was `InputDecoderFuzzTests`): bytes arrive
/// in chunks of any size; the decoder must never trap, must keep at most one
/// sequence's worth of bytes pending outside a paste, and must resolve everything
/// pending when the escape timer fires.
public struct InputDecoderTarget: FuzzTarget {
    public let name = "input-decoder"
    public let corpus: [[UInt8]] = [
        "a", "é😀", "\u{1B}[A", "\u{1B}OP", "\u{1B}[1;5C", "\u{1B}[<0;3;4M", "\u{1B}[<64;10;20m", "\u{1B}[3~", "\r\u{7F}",
        "\u{1B}[200~pasted\ntext\u{1B}[201~", "\u{1B}[I\u{1B}[O", "\u{03}\u{1A}", "\u{1B}[M !!", "\u{1B}x", "\u{1B}\u{1B}[B",
    ].map { Array($0.utf8) }
    /// ESC, CSI parameters and finals, UTF-8 leads and continuations, controls.
    public let structuralBytes: [UInt8] = [0x1B, 0x1B, 0x1B] + Array("[O<;~Mm0123456789".utf8) + [0x80, 0xBF, 0xC3, 0xE2, 0xF0, 0x00, 0x07, 0x0D, 0x7F]

    public init() {}

    public func check(_ input: [UInt8]) async -> String? {
        var decoder = InputDecoder()
        // The chunk sizes come from the input itself, so a case replays exactly.
        var random = SplitMix64(seed: input.reduce(0xC0FFEE) { ($0 &* 31) &+ UInt64($1) })
        var index = 0
        while index < input.count {
            let end = min(input.count, index + 1 + random.below(12))
            _ = decoder.decode(input[index..<end])
            index = end
            let limit = decoder.isReadingPaste ? InputDecoder.maximumPasteBytes + 16 : InputDecoder.maximumSequenceBytes + 8
            if decoder.pendingByteCount > limit {
                return "\(decoder.pendingByteCount) bytes pending after \(index) of \(input.count)"
            }
            if random.below(8) == 0 {
                _ = decoder.flush()
                if decoder.hasPendingInput || decoder.pendingByteCount != 0 { return "input still pending after the escape timer" }
            }
        }
        _ = decoder.flush()
        return decoder.hasPendingInput ? "input still pending after the final flush" : nil
    }
}
