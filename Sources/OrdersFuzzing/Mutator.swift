import OrdersCore
import OrdersInterchange

/// Turns a well-formed input into a nearby broken one: byte flips, edge values
/// (huge, negative and many-decimal numbers, edge dates), empty input, NUL,
/// invalid UTF-8, truncation, duplicated and dropped lines, splices.
public enum Mutator {
    /// Numbers at and beyond the limits of every integer and of `MoneyLimits`.
    public static let edgeNumbers = [
        "1000000000000000", "922337203685477", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "18446744073709551616", "99999999999999999999999999999999999999999", "1000000000000", "1000000000000.01",
        "999999999999.99", "1000000", "1000001", "0", "-0", "-1", "0.001", "1.999", "0.0000000001", "1e400", "1E-400",
        "2147483648", "-2147483649", "340282366920938463463374607431768211456", "NaN", "Infinity", "1.", ".5", "00",
    ]

    /// Dates at the edges of what is plausible and of what parses.
    public static let edgeDates = [
        "0000-01-01", "0001-01-01T00:00:00Z", "1969-12-31T23:59:59.999Z", "1970-01-01T00:00:00Z", "2100-12-31T23:59:59.999Z",
        "2101-01-01T00:00:00Z", "9999-12-31T23:59:59+14:00", "2024-02-29", "2023-02-29", "2026-03-01T24:00:00Z",
    ]

    /// Byte sequences that are never valid UTF-8.
    static let invalidUTF8: [[UInt8]] = [[0xFF], [0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]]

    /// One to four mutations of a corpus entry (or a splice of two).
    public static func mutate(_ input: [UInt8], corpus: [[UInt8]], structural: [UInt8], random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0...random.below(4) {
            bytes = mutateOnce(bytes, corpus: corpus, structural: structural, random: &random)
        }
        return bytes
    }

    static func mutateOnce(_ input: [UInt8], corpus: [[UInt8]], structural: [UInt8], random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        let position = bytes.isEmpty ? 0 : random.below(bytes.count + 1)
        switch random.below(13) {
        case 0: // flip a byte to anything
            if !bytes.isEmpty { bytes[min(position, bytes.count - 1)] = UInt8(truncatingIfNeeded: random.next()) }
        case 1: // flip one bit
            if !bytes.isEmpty { bytes[min(position, bytes.count - 1)] ^= 1 << UInt8(random.below(8)) }
        case 2, 3: // a number becomes an edge value
            return replacingRun(in: bytes, of: isNumberByte, with: random.pick(edgeNumbers), random: &random)
        case 4: // a date becomes an edge date
            return replacingRun(in: bytes, of: isDateByte, with: random.pick(edgeDates), random: &random)
        case 5:
            bytes.insert(0, at: position)
        case 6:
            bytes.insert(contentsOf: random.pick(invalidUTF8), at: position)
        case 7: // cut short
            bytes.removeSubrange(position...)
        case 8: // a line twice
            let lines = lineRanges(bytes)
            if let line = lines.isEmpty ? nil : random.pick(lines) { bytes.insert(contentsOf: bytes[line], at: line.upperBound) }
        case 9: // a line dropped
            let lines = lineRanges(bytes)
            if let line = lines.isEmpty ? nil : random.pick(lines) { bytes.removeSubrange(line) }
        case 10:
            if !structural.isEmpty { bytes.insert(random.pick(structural), at: position) }
        case 11: // splice: the start of this with the end of another
            let other = random.pick(corpus)
            let cut = other.isEmpty ? 0 : random.below(other.count)
            return Array(bytes[..<position]) + other[cut...]
        default:
            if random.below(20) == 0 { return [] }
            if !bytes.isEmpty { bytes.remove(at: min(position, bytes.count - 1)) }
        }
        return bytes
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    private static func isDateByte(_ byte: UInt8) -> Bool {
        isNumberByte(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "T") || byte == UInt8(ascii: "Z")
            || byte == UInt8(ascii: "+")
    }

    /// Replaces one run of bytes matching `belongs` (chosen at random) with `text`.
    private static func replacingRun(in bytes: [UInt8], of belongs: (UInt8) -> Bool, with text: String,
                                     random: inout SplitMix64) -> [UInt8] {
        var runs: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            guard belongs(bytes[index]) else { index += 1; continue }
            let start = index
            while index < bytes.count, belongs(bytes[index]) { index += 1 }
            runs.append(start..<index)
        }
        guard !runs.isEmpty else { return bytes }
        var result = bytes
        result.replaceSubrange(random.pick(runs), with: Array(text.utf8))
        return result
    }

    /// Each line with its line break.
    private static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            ranges.append(start..<index + 1)
            start = index + 1
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        return ranges
    }
}
