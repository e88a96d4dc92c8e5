import Testing
@testable import TermRender

@Suite("Key names")
struct KeyNameTests {
    @Test("names parse to the key the decoder produces", arguments: [
        ("ctrl-d", KeyPress(.character("d"), modifiers: .control)),
        ("Ctrl-D", KeyPress(.character("d"), modifiers: .control)),
        ("alt-x", KeyPress(.character("x"), modifiers: .alt)),
        ("shift-tab", KeyPress(.backTab)),
        ("backtab", KeyPress(.backTab)),
        ("F5", KeyPress(.function(5))),
        ("f12", KeyPress(.function(12))),
        ("pgdn", KeyPress(.pageDown)),
        ("PageUp", KeyPress(.pageUp)),
        ("space", KeyPress(.character(" "))),
        ("?", KeyPress(.character("?"))),
        ("G", KeyPress(.character("G"))),
        ("shift-g", KeyPress(.character("G"))),
        ("enter", KeyPress(.enter)),
        ("return", KeyPress(.enter)),
        ("esc", KeyPress(.escape)),
        ("ctrl-up", KeyPress(.up, modifiers: .control)),
        ("ctrl-alt-delete", KeyPress(.delete, modifiers: [.control, .alt])),
        ("ctrl--", KeyPress(.character("-"), modifiers: .control)),
        ("-", KeyPress(.character("-"))),
        ("é", KeyPress(.character("é"))),
        ("ctrl-i", KeyPress(.tab)),
        ("ctrl-m", KeyPress(.enter)),
        ("ctrl-h", KeyPress(.backspace)),
        ("ctrl-[", KeyPress(.escape)),
        ("ctrl-alt-h", KeyPress(.backspace, modifiers: .alt)),
    ] as [(String, KeyPress)])
    func parse(name: String, expected: KeyPress) throws {
        #expect(try KeyPress(name: name) == expected)
    }

    @Test("bad names are rejected with a reason", arguments: [
        ("", "the name is empty"),
        ("ctrl-", "unknown key \"ctrl-\""),
        ("hyper-x", "unknown modifier \"hyper\" (use ctrl, alt or shift)"),
        ("F13", "function keys go from F1 to F12"),
        ("pgdwn", "unknown key \"pgdwn\""),
        ("ctrl-ctrl-x", "modifier \"ctrl\" appears twice"),
    ])
    func reject(name: String, reason: String) {
        #expect(throws: KeyNameError(name: name, reason: reason)) { try KeyPress(name: name) }
    }

    @Test("descriptions round-trip through parsing", arguments: [
        "ctrl-d", "alt-x", "shift-tab", "F5", "pgdn", "space", "?", "G", "up", "ctrl-alt-delete", "esc", "enter",
        "backspace", "alt-shift-up",
    ])
    func roundTrip(name: String) throws {
        let press = try KeyPress(name: name)
        #expect(press.description == name)
        #expect(try KeyPress(name: press.description) == press)
    }
}
