import OrdersApp
import OrdersCore
import OrdersScreens
import Testing

/// The note editor writes several lines: Enter starts a new one, Ctrl-S or Alt-Enter saves, and
/// the note is stored with its line breaks. Keys typed as the terminal sends them.
@Suite("Shell: a note of several lines")
@MainActor
struct NoteEditorLinesTests {
    @Test("typed: Enter starts a line, Ctrl-S (byte 19) saves the note with its line break",
          arguments: [("\u{13}", "Ctrl-S"), ("\u{1B}\r", "Alt-Enter")])
    func typedNote(_ save: (bytes: String, name: String)) async {
        let store = await ShellStore.start()
        await ShellCommandTests.selectOrder1(store)
        await store.send(.list(.order(.note))) { $0.modal = .noteEditor(NoteDraft(targets: [OrderID(1)])) }
        await store.type("Called\rback Monday") {
            $0.modal = .noteEditor(NoteDraft(targets: [OrderID(1)], text: "Called\nback Monday"))
        }
        await store.type(save.bytes) {
            $0.modal = nil
            $0.orders[0] = "1 pending vip notes:Called\nback Monday"
        }
        let stored = try? await store.store.order(OrderID(1))
        #expect(stored?.notes.map(\.text) == ["Called\nback Monday"], "\(save.name)")
    }

    @Test("a pasted note keeps its line breaks (CRLF and CR become one line feed)")
    func pastedLines() async {
        let store = await ShellStore.start()
        await ShellCommandTests.selectOrder1(store)
        await store.send(.list(.order(.note))) { $0.modal = .noteEditor(NoteDraft(targets: [OrderID(1)])) }
        await store.type("\u{1B}[200~one\r\ntwo\rthree\nfour\u{1B}[201~") {
            $0.modal = .noteEditor(NoteDraft(targets: [OrderID(1)], text: "one\ntwo\nthree\nfour"))
        }
    }
}
