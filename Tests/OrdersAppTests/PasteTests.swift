import OrdersApp
import OrdersCore
import TermRender
import Testing

/// Big pastes stay cheap: each field cuts a paste to its limit before anything else sees
/// it, and the app says so in a notice.
@Suite("Shell: pastes are cut to a field's limit, with a notice")
@MainActor
struct PasteTests {
    /// The bytes a terminal sends for a bracketed paste of `text`.
    static func bracketed(_ text: String) -> String { "\u{1B}[200~\(text)\u{1B}[201~" }

    @Test("a paste on the list searches for it, cut at the query's maximum length")
    func searchPaste() async {
        let store = await ShellStore.start()
        let limit = SearchQueryParser.maximumLength
        await store.type(Self.bracketed(String(repeating: "x", count: limit + 200))) {
            $0.focus = .searchField(cursor: limit)
            $0.list.search = String(repeating: "x", count: limit)
            $0.list.shown = []
            $0.list.selected = nil
            $0.notice = "Cut at 1,000 characters, the most this field holds"
        }
    }

    @Test("a paste in the palette is cut to the default paste limit")
    func palettePaste() async {
        let store = await ShellStore.start()
        await store.send(.global(.palette)) {
            $0.modal = .commandPalette(cursor: 0)
            $0.paletteSuggestion = 0
        }
        let limit = 4_096
        await store.type(Self.bracketed(":" + String(repeating: "y", count: limit + 10))) {
            $0.modal = .commandPalette(cursor: limit)
            $0.paletteText = ":" + String(repeating: "y", count: limit - 1)
            $0.paletteSuggestion = nil
            $0.notice = "Paste cut to its first 4,096 characters"
        }
    }

    @Test("a note may be pasted whole up to the note's own limit; more is cut with a notice")
    func notePaste() async {
        let store = await ShellStore.start()
        await ShellCommandTests.selectOrder1(store)
        await store.send(.list(.order(.note))) { $0.modal = .noteEditor(NoteDraft(targets: [OrderID(1)])) }
        let limit = OrderNote.maximumLength
        let kept = String(repeating: "z", count: limit)
        // The draft as it is after that paste: the text cut, and the field's notice until the next key.
        var draft = NoteDraft(targets: [OrderID(1)])
        _ = draft.field.handle(.paste(kept + "overflow"))
        #expect(draft.field.text == kept)
        await store.type(Self.bracketed(kept + "overflow")) {
            $0.modal = .noteEditor(draft)
            $0.notice = "Cut at 10,000 characters, the most this field holds"
        }
    }
}
