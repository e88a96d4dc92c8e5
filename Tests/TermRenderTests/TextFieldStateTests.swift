import Testing
@testable import TermRender

private func press(_ name: String) throws -> InputEvent {
    .key(try KeyPress(name: name))
}

/// Applies key names in order (single characters are typed).
private func apply(_ names: [String], to field: inout TextFieldState) throws {
    for name in names {
        _ = field.handle(try press(name))
    }
}

@Suite("TextFieldState")
struct TextFieldStateTests {
    @Test("typing inserts at the cursor")
    func typing() throws {
        var field = TextFieldState()
        try apply(["h", "e", "l", "o", "left", "l"], to: &field)
        #expect(field.text == "hello")
        #expect(field.cursor == 4)
    }

    @Test("the cursor moves by grapheme, never inside one")
    func graphemeCursor() throws {
        var field = TextFieldState(text: "ae\u{301}👍🏽b")
        #expect(field.count == 4)
        #expect(field.cursor == 4)
        try apply(["left", "left", "backspace"], to: &field)
        #expect(field.text == "a👍🏽b")
        #expect(field.cursor == 1)
        try apply(["delete"], to: &field)
        #expect(field.text == "ab")
    }

    @Test("editing keys", arguments: [
        // (initial text, cursor, keys, expected text, expected cursor)
        ("hello world", 11, ["home"], "hello world", 0),
        ("hello world", 0, ["end"], "hello world", 11),
        ("hello world", 11, ["ctrl-a"], "hello world", 0),
        ("hello world", 0, ["ctrl-e"], "hello world", 11),
        ("hello world", 5, ["ctrl-u"], " world", 0),
        ("hello world", 5, ["ctrl-k"], "hello", 5),
        ("cp a/b/c d", 8, ["ctrl-w"], "cp  d", 3),
        ("cp a/b/c d", 8, ["alt-backspace"], "cp a/b/ d", 7),
        ("foo bar.baz", 0, ["alt-d"], " bar.baz", 0),
        ("foo bar.baz", 11, ["ctrl-left"], "foo bar.baz", 8),
        ("foo bar.baz", 11, ["alt-b", "alt-b"], "foo bar.baz", 4),
        ("foo bar.baz", 0, ["ctrl-right", "alt-f"], "foo bar.baz", 7),
        ("abc", 0, ["backspace"], "abc", 0),
        ("abc", 3, ["delete", "ctrl-d"], "abc", 3),
        ("abc", 1, ["ctrl-d"], "ac", 1),
        ("abc", 2, ["ctrl-b", "ctrl-b", "ctrl-b", "ctrl-f"], "abc", 1),
    ] as [(String, Int, [String], String, Int)])
    func editingKeys(initial: String, cursor: Int, keys: [String], text: String, expectedCursor: Int) throws {
        var field = TextFieldState(text: initial)
        field.setCursor(cursor)
        try apply(keys, to: &field)
        #expect(field.text == text)
        #expect(field.cursor == expectedCursor)
    }

    @Test("keys the field does not own are left to its owner")
    func unhandledKeys() throws {
        var field = TextFieldState(text: "x")
        for name in ["enter", "esc", "tab", "shift-tab", "F5", "ctrl-x", "up", "down", "pgdn"] {
            #expect(field.handle(try press(name)) == .ignored, "\(name)")
        }
        #expect(field.text == "x")
    }

    @Test("a paste is inserted at the cursor, line breaks as spaces, controls dropped")
    func paste() {
        var field = TextFieldState(text: "[]")
        field.setCursor(1)
        #expect(field.handle(.paste("one\ntwo\r\nthree\tfour\u{1B}[31m")) == .handled)
        #expect(field.text == "[one two three four[31m]")
        #expect(field.cursor == 23)
        _ = field.handle(.paste("\u{202E}x\u{2066}\u{200F}\u{9B}"))
        #expect(field.text == "[one two three four[31mx]", "bidi and C1 controls are dropped like C0 ones")
    }

    @Test("maximum length truncates typing and pasting")
    func maximumLength() throws {
        var field = TextFieldState(text: "abc", maximumLength: 5)
        _ = field.handle(.paste("defgh"))
        #expect(field.text == "abcde")
        #expect(field.notice == "Cut at 5 characters, the most this field holds")
        try apply(["left"], to: &field)
        #expect(field.notice == nil, "a notice lasts one event")
        try apply(["x"], to: &field)
        #expect(field.text == "abcde")
    }

    @Test("a paste over the paste limit is cut to it, with a notice; one within it is whole")
    func pasteLimit() throws {
        var field = TextFieldState(text: "[]", pasteLimit: 6)
        field.setCursor(1)
        _ = field.handle(.paste("one\ntwo"))
        #expect(field.text == "[one tw]")
        #expect(field.cursor == 7)
        #expect(field.notice == "Paste cut to its first 6 characters")
        _ = field.handle(.paste("👍🏽e\u{301}"))
        #expect(field.text == "[one tw👍🏽é]")
        #expect(field.notice == nil)
    }

    @Test("a megabyte paste into a default field keeps the first 4,096 graphemes and says so")
    func megabytePaste() {
        var field = TextFieldState()
        let line = "pasted line with some text, 12345\n" // 34 graphemes
        _ = field.handle(.paste(String(repeating: line, count: 30_000)))
        #expect(TextFieldState.defaultPasteLimit == 4_096)
        let expected = String(String(repeating: line.replacingOccurrences(of: "\n", with: " "), count: 121).prefix(4_096))
        #expect(field.text == expected)
        #expect(field.cursor == 4_096)
        #expect(field.notice == "Paste cut to its first 4,096 characters")

        var short = TextFieldState(text: "ab", maximumLength: 1_000)
        _ = short.handle(.paste(String(repeating: line, count: 30_000)))
        #expect(short.text == "ab" + expected.prefix(998))
        #expect(short.notice == "Cut at 1,000 characters, the most this field holds")
    }

    @Test("history: Up recalls older entries, Down returns to the draft")
    func history() throws {
        var field = TextFieldState(history: ["first", "second"])
        try apply(["d", "r"], to: &field)
        try apply(["up"], to: &field)
        #expect(field.text == "second")
        try apply(["up", "up"], to: &field)
        #expect(field.text == "first")
        try apply(["down"], to: &field)
        #expect(field.text == "second")
        try apply(["down"], to: &field)
        #expect(field.text == "dr")
        #expect(field.handle(try press("down")) == .ignored)
    }

    @Test("commit records non-blank, non-repeated entries and clears")
    func commit() throws {
        var field = TextFieldState(history: ["a"])
        try apply(["b"], to: &field)
        #expect(field.commit() == "b")
        #expect(field.text.isEmpty)
        try apply(["b"], to: &field)
        field.commit()
        try apply(["space"], to: &field)
        field.commit()
        #expect(field.history == ["a", "b"])
    }

    @Test("without history, Up and Down are not handled")
    func noHistory() throws {
        var field = TextFieldState(text: "x")
        #expect(field.handle(try press("up")) == .ignored)
    }

    @Test("horizontal scroll keeps the cursor visible")
    func scrolling() throws {
        var field = TextFieldState(text: "abcdefghij")
        // Width 5: the cursor at the end needs a cell, so 4 characters show.
        var layout = field.layout(width: 5)
        #expect(layout == TextFieldLayout(visibleText: "ghij", cursorColumn: 4, scrollOffset: 6))
        field.scrollToCursor(width: 5)
        try apply(["home"], to: &field)
        layout = field.layout(width: 5)
        #expect(layout == TextFieldLayout(visibleText: "abcde", cursorColumn: 0, scrollOffset: 0))
        field.scrollToCursor(width: 5)
        // Moving right inside the visible part does not scroll.
        try apply(["right", "right", "right"], to: &field)
        #expect(field.layout(width: 5).scrollOffset == 0)
        try apply(["right", "right"], to: &field)
        #expect(field.layout(width: 5) == TextFieldLayout(visibleText: "bcdef", cursorColumn: 4, scrollOffset: 1))
    }

    @Test("deleting pulls text back into view")
    func scrollAfterDelete() throws {
        var field = TextFieldState(text: "abcdefghij")
        field.scrollToCursor(width: 5)
        #expect(field.scrollOffset == 6)
        try apply(["ctrl-w"], to: &field)
        #expect(field.layout(width: 5) == TextFieldLayout(visibleText: "", cursorColumn: 0, scrollOffset: 0))
    }

    @Test("wide characters scroll by their width")
    func wideScrolling() {
        let field = TextFieldState(text: "日本語テキスト")
        // Each is 2 cells; width 7 fits 3 of them plus the cursor cell.
        #expect(field.layout(width: 7) == TextFieldLayout(visibleText: "キスト", cursorColumn: 6, scrollOffset: 4))
    }

    @Test("a zero-width field shows nothing and does not trap")
    func zeroWidth() {
        let field = TextFieldState(text: "abc")
        #expect(field.layout(width: 0).visibleText == "")
    }

    @Test("a multi-line field keeps line breaks typed, pasted or given (CRLF and CR as one line feed); a one-line field makes them spaces")
    func lineBreaks() {
        var editor = TextFieldState(text: "a\r\nb", keepsLineBreaks: true)
        #expect(editor.text == "a\nb")
        editor.insertLineBreak()
        editor.paste("c\rd\te")
        #expect(editor.text == "a\nb\nc\nd e")
        #expect(editor.cursor == 9)
        var field = TextFieldState(text: "a\nb")
        field.insertLineBreak()
        field.paste("c\r\nd")
        #expect(field.text == "a bc d")
    }
}

