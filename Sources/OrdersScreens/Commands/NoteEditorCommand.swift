/// The note editor: Enter starts a new line (a note may have several), Ctrl-S saves, Ctrl-O
/// edits the note in the operator's `$VISUAL`/`$EDITOR`, Esc closes (asking before it discards). Ctrl-S
/// reaches the app over ssh and in tmux (raw mode turns off the terminal's XON/XOFF, so it is not
/// taken as "stop output"); Alt-Enter saves too, for terminals where the hand is used to it.
public enum NoteEditorCommand: KeyCommand, CaseIterable {
    case save, newLine, externalEditor, discard

    public static var all: [NoteEditorCommand] { allCases }

    public var info: CommandInfo {
        switch self {
        case .save:
            return CommandInfo("field.accept", ["ctrl-s", "alt-enter"], "save", "Save the note", CommandGroup.act, footer: true)
        case .newLine:
            return CommandInfo("note.new-line", ["enter"], "new line", "Start a new line in the note", CommandGroup.act,
                               footer: true)
        case .externalEditor:
            return CommandInfo("note.editor", ["ctrl-o"], "$EDITOR", "Edit the note in $VISUAL or $EDITOR (else vi)",
                               CommandGroup.act, footer: true)
        case .discard:
            return CommandInfo("field.cancel", ["esc"], "close",
                               "Close the note: asks whether to discard the text or keep it as the order's draft",
                               CommandGroup.act, footer: true)
        }
    }
}
