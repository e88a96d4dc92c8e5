/// The one home of two rules every text path shares: which characters are made inert before text
/// reaches a terminal (or a clipboard, or a file a person will `cat`), and how many cells text takes.
///
/// It depends on nothing, so both TermRender (screen cells) and OrdersCore (formatted values,
/// messages, clipboard and exports) use it without knowing of each other.
///
/// Neutralising, chosen so that nothing in data can move the cursor, change modes, retitle the
/// window, ring the bell or reorder what the reader sees:
/// - C0 controls (U+0000–U+001F, including ESC, BEL, BS, CR, LF, TAB) and DEL become their visible
///   Control Pictures (`␀`…`␟`, `␡`), one cell each. An escape sequence (CSI, OSC, DCS…) therefore
///   shows as `␛[31m` or `␛]0;title␇`: its introducer is gone, so the rest is plain text.
/// - C1 controls (U+0080–U+009F, among them the 8-bit CSI U+009B and OSC U+009D) and every bidi
///   control — ARABIC LETTER MARK U+061C, LRM/RLM U+200E/U+200F, embeddings and overrides
///   U+202A–U+202E, isolates U+2066–U+2069 — become `�` U+FFFD, one cell. They have no standard
///   visible picture; `�` says "something was here" without inviting a reader to retype it.
/// Each neutralised code point becomes exactly one code point, so a line keeps its shape.
public enum TerminalText {
    /// `text` with every control and bidi control replaced by its visible placeholder.
    /// `keepingLineBreaks` keeps LF and TAB as they are, for multi-line text printed line by line
    /// (a note on standard output); a single line or a screen cell never keeps them.
    public static func neutralized(_ text: some StringProtocol, keepingLineBreaks: Bool = false) -> String {
        if isPrintableASCII(text) { return String(text) }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if keepingLineBreaks, scalar == "\n" || scalar == "\t" {
                result.append(scalar)
            } else {
                result.append(placeholder(for: scalar) ?? scalar)
            }
        }
        return String(result)
    }

    /// Whether `text` holds nothing `neutralized` would replace.
    public static func isNeutral(_ text: some StringProtocol) -> Bool {
        isPrintableASCII(text) || !text.unicodeScalars.contains { placeholder(for: $0) != nil }
    }

    /// The visible stand-in for a control or bidi control, or nil for any other code point.
    public static func placeholder(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x00..<0x20: controlPictures[Int(scalar.value)]
        case 0x7F: "\u{2421}"
        case 0x80..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: replacement
        default: nil
        }
    }

    /// Stands in for C1 and bidi controls, and (as a cell) for code points the terminal cannot draw.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// "␀" … "␟" (U+2400 + code) for the C0 controls.
    private static let controlPictures: [Unicode.Scalar] = (0..<0x20).map { code in
        // U+2400…U+241F are all valid scalars; the fallback is never used.
        Unicode.Scalar(0x2400 + UInt32(code)) ?? replacement
    }

    /// True when `text` is printable ASCII only: the common case, needing no work at all.
    static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
}
