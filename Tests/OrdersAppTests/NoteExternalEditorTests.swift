import Foundation
import OrdersApp
import OrdersCore
import OrdersScreens
import Testing

/// Ctrl-O in the note editor: the draft goes to `$VISUAL`/`$EDITOR` (a real program here, run by
/// /bin/sh as in the app), and what it saved comes back into the draft; an editor that fails leaves
/// the draft as it was and says so. (The terminal hand-over is tested on the real binary in tmux:
/// AppExternalEditorEndToEndTests.)
@Suite("Shell: a note edited in $EDITOR")
@MainActor
struct NoteExternalEditorTests {
    static func editor(_ body: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("orders-editor-\(UUID().uuidString).sh").path
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return path
    }

    @Test("an editor that appends a line: the draft holds both lines, the cursor at the end, and saves them")
    func appends() async throws {
        let script = try Self.editor(#"printf 'back on Monday\n' >> "$1""#)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let store = await ShellStore.start(environment: ["VISUAL": "", "EDITOR": script])
        await NoteDraftTests.writeCalled(store)
        let edited = NoteDraft(targets: [OrderID(1)], text: "Called\nback on Monday")
        await store.send(.note(.externalEditor), effects: [.editNote(targets: [OrderID(1)], text: "Called")]) {
            $0.modal = .noteEditor(edited)
        }
        guard case .noteEditor(let draft) = store.coordinator.modal else { return }
        #expect(draft.field.cursor == "Called\nback on Monday".count)
        await store.send(.note(.save), effects: [.finishNote([OrderID(1)])]) {
            $0.modal = nil
            $0.orders[0] = "1 pending vip notes:Called\nback on Monday"
        }
    }

    @Test("$VISUAL comes before $EDITOR, with its arguments (run by /bin/sh)")
    func visualFirst() async throws {
        let script = try Self.editor(#"printf '%s' "$1" > /dev/null; printf 'from %s\n' "$2" >> "$3""#)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let store = await ShellStore.start(environment: ["VISUAL": "\(script) --flag visual", "EDITOR": "/bin/false"])
        await NoteDraftTests.writeCalled(store)
        await store.send(.note(.externalEditor), effects: [.editNote(targets: [OrderID(1)], text: "Called")]) {
            $0.modal = .noteEditor(NoteDraft(targets: [OrderID(1)], text: "Called\nfrom visual"))
        }
    }

    @Test("an editor that fails: the draft as it was, and a notice naming the editor and its status")
    func fails() async {
        let store = await ShellStore.start(environment: ["VISUAL": "", "EDITOR": "/bin/false"])
        await NoteDraftTests.writeCalled(store)
        await store.send(.note(.externalEditor), effects: [.editNote(targets: [OrderID(1)], text: "Called")]) {
            $0.notice = "The editor (/bin/false) exited with status 1; the note is as it was"
        }
    }

    @Test("the editor's command: VISUAL, else EDITOR, else vi; blank values count as unset")
    func command() {
        #expect(ExternalEditor.command(environment: [:]) == "vi")
        #expect(ExternalEditor.command(environment: ["EDITOR": "nano"]) == "nano")
        #expect(ExternalEditor.command(environment: ["EDITOR": "nano", "VISUAL": "vim -u NONE"]) == "vim -u NONE")
        #expect(ExternalEditor.command(environment: ["EDITOR": " ", "VISUAL": ""]) == "vi")
    }
}
