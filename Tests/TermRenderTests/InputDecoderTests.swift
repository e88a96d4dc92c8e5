import Testing
@testable import TermRender

private func key(_ key: Key, _ modifiers: KeyModifiers = []) -> InputEvent {
    .key(KeyPress(key, modifiers: modifiers))
}

private func char(_ character: Character, _ modifiers: KeyModifiers = []) -> InputEvent {
    .key(KeyPress(.character(character), modifiers: modifiers))
}

/// Decodes one string of bytes as a single read, then flushes, the way the run
/// loop would after the escape timeout.
private func decodeAll(_ bytes: [UInt8]) -> [InputEvent] {
    var decoder = InputDecoder()
    return decoder.decode(bytes) + decoder.flush()
}

private func decodeAll(_ text: String) -> [InputEvent] { decodeAll(Array(text.utf8)) }

@Suite("InputDecoder")
struct InputDecoderTests {
    @Test("plain keys and control bytes", arguments: [
        ("a", [char("a")]),
        ("Ab", [char("A"), char("b")]),
        ("\r", [key(.enter)]),
        ("\n", [key(.enter)]),
        ("\t", [key(.tab)]),
        ("\u{7F}", [key(.backspace)]),
        ("\u{08}", [key(.backspace)]),
        ("\u{01}", [char("a", .control)]),
        ("\u{04}", [char("d", .control)]),
        ("\u{1A}", [char("z", .control)]),
        ("\u{00}", [char(" ", .control)]),
        ("\u{1F}", [char("_", .control)]),
        (" ", [char(" ")]),
    ] as [(String, [InputEvent])])
    func plainKeys(input: String, expected: [InputEvent]) {
        #expect(decodeAll(input) == expected)
    }

    @Test("cursor, editing and function keys in every common encoding", arguments: [
        ("\u{1B}[A", key(.up)), ("\u{1B}[B", key(.down)), ("\u{1B}[C", key(.right)), ("\u{1B}[D", key(.left)),
        ("\u{1B}OA", key(.up)), ("\u{1B}OB", key(.down)), ("\u{1B}OC", key(.right)), ("\u{1B}OD", key(.left)),
        ("\u{1B}[H", key(.home)), ("\u{1B}OH", key(.home)), ("\u{1B}[1~", key(.home)), ("\u{1B}[7~", key(.home)),
        ("\u{1B}[F", key(.end)), ("\u{1B}OF", key(.end)), ("\u{1B}[4~", key(.end)), ("\u{1B}[8~", key(.end)),
        ("\u{1B}[5~", key(.pageUp)), ("\u{1B}[6~", key(.pageDown)),
        ("\u{1B}[2~", key(.insert)), ("\u{1B}[3~", key(.delete)),
        ("\u{1B}[Z", key(.backTab)),
        ("\u{1B}OP", key(.function(1))), ("\u{1B}OS", key(.function(4))),
        ("\u{1B}[11~", key(.function(1))), ("\u{1B}[15~", key(.function(5))),
        ("\u{1B}[17~", key(.function(6))), ("\u{1B}[21~", key(.function(10))),
        ("\u{1B}[23~", key(.function(11))), ("\u{1B}[24~", key(.function(12))),
        ("\u{1B}[[A", key(.function(1))), ("\u{1B}[[E", key(.function(5))),
        ("\u{1B}[1;5A", key(.up, .control)), ("\u{1B}[1;2B", key(.down, .shift)),
        ("\u{1B}[1;3C", key(.right, .alt)), ("\u{1B}[1;6D", key(.left, [.shift, .control])),
        ("\u{1B}[3;5~", key(.delete, .control)), ("\u{1B}[1;2P", key(.function(1), .shift)),
        ("\u{1B}[15;5~", key(.function(5), .control)), ("\u{1B}O5A", key(.up, .control)),
        ("\u{1B}OM", key(.enter)),
    ] as [(String, InputEvent)])
    func specialKeys(input: String, expected: InputEvent) {
        #expect(decodeAll(input) == [expected])
    }

    @Test("Alt is ESC followed by a key in the same read")
    func altKeys() {
        #expect(decodeAll("\u{1B}x") == [char("x", .alt)])
        #expect(decodeAll("\u{1B}\u{7F}") == [key(.backspace, .alt)])
        #expect(decodeAll("\u{1B}\u{01}") == [char("a", [.alt, .control])])
        #expect(decodeAll("\u{1B}é") == [char("é", .alt)])
    }

    @Test("a lone ESC waits for the timer, then is Escape")
    func loneEscape() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [key(.escape)])
        #expect(!decoder.hasPendingInput)
        #expect(decoder.flush().isEmpty)
    }

    @Test("an escape sequence split across reads is one key")
    func splitSequence() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.decode(Array("[1;".utf8)).isEmpty)
        #expect(decoder.decode(Array("5A".utf8)) == [key(.up, .control)])
        #expect(!decoder.hasPendingInput)
    }

    @Test("a cut-off sequence at the timeout gives back every keystroke it held")
    func cutSequenceFlushesAsKeys() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1B}[1;".utf8)).isEmpty)
        #expect(decoder.flush() == [char("[", .alt), char("1"), char(";")])
        var other = InputDecoder()
        #expect(other.decode(Array("\u{1B}O".utf8)).isEmpty)
        #expect(other.flush() == [char("O", .alt)])
    }

    @Test("two ESCs are Escape then whatever follows")
    func doubleEscape() {
        #expect(decodeAll("\u{1B}\u{1B}[A") == [key(.escape), key(.up)])
        #expect(decodeAll("\u{1B}\u{1B}") == [key(.escape), key(.escape)])
    }

    @Test("UTF-8 split at every possible point decodes to the same text")
    func splitUTF8() {
        let text = "aé€😀👍🏽z"
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            var decoder = InputDecoder()
            let events = decoder.decode(bytes[..<cut]) + decoder.decode(bytes[cut...])
            let characters = events.compactMap { event -> Character? in
                guard case .key(let press) = event, case .character(let c) = press.key, press.modifiers.isEmpty
                else { return nil }
                return c
            }
            #expect(events.count == characters.count, "cut at \(cut)")
            let typed = String(characters)
            // A grapheme split exactly between its scalars arrives as two keys;
            // the text is what matters.
            #expect(typed == text, "cut at \(cut)")
        }
    }

    @Test("graphemes in one read are one key each")
    func graphemes() {
        #expect(decodeAll("e\u{301}👍🏽") == [char("e\u{301}"), char("👍🏽")])
    }

    @Test("invalid UTF-8 becomes U+FFFD and the text after it survives", arguments: [
        ([0xFF, 0x61], [char("\u{FFFD}"), char("a")]),
        ([0xC3, 0x28], [char("\u{FFFD}"), char("(")]),
        ([0xE2, 0x82, 0x41], [char("\u{FFFD}"), char("A")]),
        ([0xED, 0xA0, 0x80], [char("\u{FFFD}"), char("\u{FFFD}"), char("\u{FFFD}")]),
        ([0xC0, 0xAF], [char("\u{FFFD}"), char("\u{FFFD}")]),
        ([0xE2, 0x82], [char("\u{FFFD}")]),
        ([0xC2, 0x9B, 0x41], [char("\u{FFFD}"), char("A")]),
        ([0xF0, 0x9F, 0x98, 0x0D], [char("\u{FFFD}"), key(.enter)]),
    ] as [([UInt8], [InputEvent])])
    func invalidUTF8(bytes: [UInt8], expected: [InputEvent]) {
        #expect(decodeAll(bytes) == expected)
    }

    @Test("an incomplete UTF-8 lead waits for its continuation bytes")
    func incompleteUTF8Waits() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x61, 0xE2, 0x82]) == [char("a")])
        #expect(decoder.hasPendingInput)
        #expect(decoder.decode([0xAC]) == [char("€")])
    }

    @Test("SGR mouse reports", arguments: [
        ("\u{1B}[<0;10;5M", MouseEvent(kind: .press, button: .left, position: Point(x: 9, y: 4))),
        ("\u{1B}[<0;10;5m", MouseEvent(kind: .release, button: .left, position: Point(x: 9, y: 4))),
        ("\u{1B}[<2;1;1M", MouseEvent(kind: .press, button: .right, position: Point(x: 0, y: 0))),
        ("\u{1B}[<64;3;4M", MouseEvent(kind: .press, button: .wheelUp, position: Point(x: 2, y: 3))),
        ("\u{1B}[<65;3;4M", MouseEvent(kind: .press, button: .wheelDown, position: Point(x: 2, y: 3))),
        ("\u{1B}[<32;300;200M", MouseEvent(kind: .motion, button: .left, position: Point(x: 299, y: 199))),
        ("\u{1B}[<35;7;8M", MouseEvent(kind: .motion, button: .none, position: Point(x: 6, y: 7))),
        ("\u{1B}[<16;2;2M", MouseEvent(kind: .press, button: .left, position: Point(x: 1, y: 1), modifiers: .control)),
    ] as [(String, MouseEvent)])
    func sgrMouse(input: String, expected: MouseEvent) {
        #expect(decodeAll(input) == [.mouse(expected)])
    }

    @Test("X10 mouse reports")
    func x10Mouse() {
        // Press left at column 10, row 5 (1-based): bytes are value + 32.
        #expect(decodeAll([0x1B, 0x5B, 0x4D, 32, 42, 37]) ==
                [.mouse(MouseEvent(kind: .press, button: .left, position: Point(x: 9, y: 4)))])
        #expect(decodeAll([0x1B, 0x5B, 0x4D, 35, 42, 37]) ==
                [.mouse(MouseEvent(kind: .release, button: .none, position: Point(x: 9, y: 4)))])
        #expect(decodeAll([0x1B, 0x5B, 0x4D, 96, 33, 33]) ==
                [.mouse(MouseEvent(kind: .press, button: .wheelUp, position: Point(x: 0, y: 0)))])
        // Split after the final byte: waits for the payload.
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B, 0x5B, 0x4D, 32]).isEmpty)
        #expect(decoder.decode([42, 37]) == [.mouse(MouseEvent(kind: .press, button: .left, position: Point(x: 9, y: 4)))])
    }

    @Test("focus in and out")
    func focus() {
        #expect(decodeAll("\u{1B}[I\u{1B}[O") == [.focus(true), .focus(false)])
    }

    @Test("a bracketed paste is one event with its text intact")
    func paste() {
        let events = decodeAll("x\u{1B}[200~hello\u{1B}[A\tworld\u{1B}[201~y")
        #expect(events == [char("x"), .paste("hello\u{1B}[A\tworld"), char("y")])
    }

    @Test("a paste split across many reads, including inside both markers, is one event")
    func pasteSplitEverywhere() {
        let body = "line one\rline two é€😀 \u{1B}[201 not the end"
        let bytes = Array("\u{1B}[200~\(body)\u{1B}[201~q".utf8)
        for chunkSize in 1...9 {
            var decoder = InputDecoder()
            var events: [InputEvent] = []
            var index = 0
            while index < bytes.count {
                let end = min(index + chunkSize, bytes.count)
                events += decoder.decode(bytes[index..<end])
                index = end
            }
            #expect(events == [.paste("line one\nline two é€😀 \u{1B}[201 not the end"), char("q")],
                    "chunk size \(chunkSize)")
            #expect(!decoder.hasPendingInput)
        }
    }

    @Test("paste line breaks are normalised to \\n")
    func pasteNewlines() {
        #expect(decodeAll("\u{1B}[200~a\r\nb\rc\nd\u{1B}[201~") == [.paste("a\nb\nc\nd")])
    }

    @Test("a paste whose end marker never comes is delivered by flush and input resumes")
    func unterminatedPaste() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~abc".utf8)).isEmpty)
        #expect(decoder.isReadingPaste)
        #expect(decoder.flush() == [.paste("abc")])
        #expect(!decoder.isReadingPaste)
        #expect(decoder.decode(Array("q".utf8)) == [char("q")])
    }

    @Test("kitty and modifyOtherKeys reports")
    func extendedKeyReports() {
        #expect(decodeAll("\u{1B}[97;5u") == [char("a", .control)])
        #expect(decodeAll("\u{1B}[13;2u") == [key(.enter, .shift)])
        #expect(decodeAll("\u{1B}[27;5;13~") == [key(.enter, .control)])
    }

    @Test("unknown and malformed sequences are dropped without taking the next key")
    func unknownSequences() {
        #expect(decodeAll("\u{1B}[?1;2cA") == [char("A")])
        #expect(decodeAll("\u{1B}[99~b") == [char("b")])
        #expect(decodeAll("\u{1B}[201~c") == [char("c")])
        #expect(decodeAll("\u{1B}[12\rd") == [key(.enter), char("d")])
    }

    @Test("an endless parameter run is bounded")
    func endlessParameters() {
        var decoder = InputDecoder()
        _ = decoder.decode([0x1B, 0x5B] + Array(repeating: UInt8(ascii: "1"), count: 10_000))
        #expect(decoder.pendingByteCount <= InputDecoder.maximumSequenceBytes + 2)
    }
}
