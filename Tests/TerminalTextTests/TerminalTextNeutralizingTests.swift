import Testing
import TerminalText

@Suite struct TerminalTextNeutralizingTests {
    /// Every code point the rule neutralises, with what it must become.
    static let neutralised: [(UInt32, Unicode.Scalar)] =
        (UInt32(0)..<0x20).map { ($0, Unicode.Scalar(0x2400 + $0)!) } // C0: control pictures ␀…␟
        + [(0x7F, "\u{2421}")] // DEL: ␡
        + (UInt32(0x80)..<0xA0).map { ($0, "\u{FFFD}") } // C1 controls, 8-bit CSI/OSC among them
        + [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
        .map { ($0, "\u{FFFD}") } // every bidi control: ALM, LRM, RLM, embeddings, overrides, isolates

    @Test func everyListedCodePointBecomesItsPlaceholderAndNothingElseChanges() {
        let expected = Dictionary(uniqueKeysWithValues: Self.neutralised)
        #expect(expected.count == 32 + 1 + 32 + 12)
        var wrong: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let want = expected[value] ?? scalar
            let got = TerminalText.neutralized("a" + String(Character(scalar)) + "b").unicodeScalars.map(\.value)
            if got != [0x61, want.value, 0x62] || TerminalText.placeholder(for: scalar) != expected[value],
               wrong.count < 10 {
                wrong.append("U+\(String(value, radix: 16, uppercase: true)) → \(got)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test(arguments: [
        ("Ana Lima", "Ana Lima"),
        ("José 山田 👨‍👩‍👧 e\u{301}", "José 山田 👨‍👩‍👧 e\u{301}"),
        ("evil\u{1B}[2Jname", "evil␛[2Jname"), // CSI: the introducer is gone, the rest is inert text
        ("t\u{1B}]52;c;aGk=\u{07}x", "t␛]52;c;aGk=␇x"), // OSC 52 ended by BEL
        ("t\u{1B}]0;title\u{1B}\\x", "t␛]0;title␛\\x"), // OSC ended by ST
        ("\u{1B}P+q\u{1B}\\", "␛P+q␛\\"), // DCS
        ("c1\u{9B}31m\u{9D}0;x\u{9C}", "c1\u{FFFD}31m\u{FFFD}0;x\u{FFFD}"), // 8-bit CSI, OSC, ST
        ("tab\there", "tab␉here"),
        ("line\r\nbreak", "line␍␊break"),
        ("bell\u{07}del\u{7F}nul\u{0}", "bell␇del␡nul␀"),
        ("rtl\u{202E}txt.exe", "rtl\u{FFFD}txt.exe"),
        ("iso\u{2066}x\u{2069}", "iso\u{FFFD}x\u{FFFD}"),
        ("m\u{200E}\u{200F}\u{061C}", "m\u{FFFD}\u{FFFD}\u{FFFD}"),
        ("", ""),
    ])
    func neutralizes(input: String, output: String) {
        #expect(TerminalText.neutralized(input) == output)
        #expect(TerminalText.neutralized(Substring(input)) == output)
        #expect(TerminalText.isNeutral(input) == (input == output))
        #expect(TerminalText.neutralized(output) == output, "neutralising twice changes nothing")
        #expect(output.unicodeScalars.count == input.unicodeScalars.count, "one code point for one")
    }

    @Test func keepingLineBreaksKeepsOnlyLineFeedAndTab() {
        #expect(TerminalText.neutralized("a\nb\tc\r\n\u{1B}[0m\u{202E}", keepingLineBreaks: true)
            == "a\nb\tc␍\n␛[0m\u{FFFD}")
    }
}
