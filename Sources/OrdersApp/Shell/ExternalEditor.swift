import Foundation
import OrdersCore
import TermRender

/// The operator's own editor for a note (neomutt's way): the draft goes to a private temporary
/// file, `$VISUAL` (else `$EDITOR`, else `vi`) edits it on the terminal while the app waits,
/// and the file's text comes back into the draft. The editor's command line is run by `/bin/sh`,
/// as git and mutt do, so `EDITOR="code --wait"` or one with options works.
public enum ExternalEditor {
    /// What came back from the editor.
    public enum Outcome: Equatable, Sendable {
        /// The file's text (without the one final line break editors add).
        case edited(String)
        /// Nothing came back: why, for the notice; the draft is as it was.
        case kept(String)
    }

    /// Runs a program on the terminal and returns its exit status (`Application.runInForeground`).
    typealias Runner = Application.ForegroundRunner

    /// The editor's command line: `VISUAL`, else `EDITOR`, else `vi` (blank values count as unset).
    public static func command(environment: [String: String]) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.allSatisfy(\.isWhitespace) { return value }
        }
        return "vi"
    }

    /// Edits `text` in the operator's editor through `run`.
    static func edit(_ text: String, environment: [String: String], run: Runner) -> Outcome {
        let editor = command(environment: environment)
        let file: URL
        do {
            // A note may say anything: a file only this user can read.
            file = try PrivateTemporaryFile.write(text.hasSuffix("\n") || text.isEmpty ? text : text + "\n",
                                                  prefix: "note", suffix: "txt")
        } catch {
            return .kept("Could not write the note for the editor: \(error.localizedDescription)")
        }
        let status: Int32
        switch run(["/bin/sh", "-c", editor + " \"$1\"", "sh", file.path], environment) {
        case .failure(let error):
            try? FileManager.default.removeItem(at: file)
            return .kept("Could not start the editor (\(editor)): \(error)")
        case .success(let exit): status = exit
        }
        guard status == 0 else {
            try? FileManager.default.removeItem(at: file)
            return .kept("The editor (\(editor)) exited with status \(status); the note is as it was")
        }
        guard let data = try? Data(contentsOf: file), let edited = String(data: data, encoding: .utf8) else {
            return .kept("The editor's file \(file.path) is not UTF-8 text; the note is as it was (the file is kept)")
        }
        let note = edited.replacingOccurrences(of: "\r\n", with: "\n")
        let trimmed = note.hasSuffix("\n") ? String(note.dropLast()) : note
        guard trimmed.count <= OrderNote.maximumLength else {
            // Nothing the operator wrote is cut: the file stays for them to shorten or keep.
            return .kept("The note from the editor is longer than \(OrderNote.maximumLength) characters; "
                + "the note is as it was, and the text is kept in \(file.path)")
        }
        try? FileManager.default.removeItem(at: file)
        return .edited(trimmed)
    }
}
