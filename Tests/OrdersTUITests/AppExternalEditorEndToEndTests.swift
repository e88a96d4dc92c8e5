import Foundation
import TerminalTestSupport
import Testing

/// Ctrl-O in the note editor hands the draft to `$EDITOR` on the real terminal: the app gives the
/// screen back (normal screen, the shell's line mode), the editor gets the keys, and what it saved
/// comes back into the note, which then saves as usual.
@Suite("orders app: a note in $EDITOR")
struct AppExternalEditorEndToEndTests {
    /// A small editor: shows the draft's first line and the terminal's line mode, reads one line
    /// from the keyboard, and appends it to the file.
    static let editor = """
        #!/bin/sh
        printf 'EDITING [%s]\\n' "$(head -n 1 "$1")"
        printf 'MODE %s\\n' "$(stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon)"
        IFS= read -r line
        printf '%s\\n' "$line" >> "$1"
        """

    @Test("Ctrl-O: the editor runs on the normal screen in line mode, reads the keys, and its line joins the note")
    func editorAppendsALine() throws {
        let app = try AppFixture()
        defer { app.stop() }
        let script = app.binary.path("editor.sh")
        try Data(Self.editor.utf8).write(to: URL(fileURLWithPath: script))
        chmod(script, 0o755)
        try app.start(environment: ["EDITOR": script, "VISUAL": ""])
        try app.pane.send("e")
        try app.pane.waitFor(text: "Note on \(AppFixture.id(12))")
        try app.pane.waitFor(text: "ctrl-o $EDITOR")
        try app.pane.send("call back", literal: true)
        try app.pane.send("C-o")
        let shown = try app.pane.waitFor(text: "MODE ")
        #expect(shown.contains("EDITING [call back]"))
        #expect(shown.contains("MODE icanon"), "the terminal is in the shell's line mode: \(shown)")
        #expect(try app.pane.format("#{alternate_on}") == "0")
        try app.pane.send("added in the editor", literal: true)
        try app.pane.send("Enter")
        // Back in the app: the whole screen is drawn again, the note editor holding both lines. The editor's own
        // echo of the line shows it first on the normal screen, so the wait is for the app's redraw (its title).
        let back = try app.pane.waitFor("the note editor drawn again with the editor's line") { rows in
            rows.contains { $0.contains("Note on \(AppFixture.id(12))") } && rows.contains { $0.contains("added in the editor") }
        }
        #expect(back.contains { $0.contains("call back") })
        #expect(try app.pane.format("#{alternate_on}") == "1")
        try app.pane.send("C-s")
        let deadline = Date().addingTimeInterval(10)
        var notes: [[String: Any]] = []
        while Date() < deadline, notes.isEmpty {
            notes = try app.stored(12)["notes"] as? [[String: Any]] ?? []
            usleep(100_000)
        }
        #expect(notes.first?["text"] as? String == "call back\nadded in the editor")
    }

    @Test("an editor that fails leaves the note as it was and says so")
    func failingEditor() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start(environment: ["EDITOR": "false", "VISUAL": ""])
        try app.pane.send("e")
        try app.pane.waitFor(text: "Note on \(AppFixture.id(12))")
        try app.pane.send("keep me", literal: true)
        try app.pane.send("C-o")
        let screen = try app.pane.waitFor(text: "The editor (false) exited with status 1; the note is as it was")
        #expect(screen.contains { $0.contains("keep me") })
    }
}
