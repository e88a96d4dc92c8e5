/// The note editor.
public enum NoteEditorCommand: KeyCommand, CaseIterable {
    case save, discard

    public static var all: [NoteEditorCommand] { allCases }

    public var info: CommandInfo {
        switch self {
        case .save: return CommandInfo("field.accept", ["enter"], "save", "Save the note", CommandGroup.act, footer: true)
        case .discard:
            return CommandInfo("field.cancel", ["esc"], "discard", "Discard the note", CommandGroup.act, footer: true)
        }
    }
}
