/// How many terminal columns text takes: wide East Asian characters take two,
/// combining marks and zero-width characters none. Enough for aligning the CLI's
/// plain-text tables; the full-screen app measures text with TermRender.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// Cuts text to at most `width` columns, ending in "…" when it had to cut.
    static func truncated(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = of(String(character))
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }

    /// Pads with spaces to exactly `width` columns (after truncating if needed).
    static func padded(_ text: String, to width: Int, rightAligned: Bool = false) -> String {
        let cut = truncated(text, to: width)
        let padding = String(repeating: " ", count: max(0, width - of(cut)))
        return rightAligned ? padding + cut : cut + padding
    }
}
