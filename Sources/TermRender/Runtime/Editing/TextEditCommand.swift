/// What a key does to the text of a field: readline's keys by default (Ctrl-A/E,
/// Ctrl-B/F, Alt-B/F, Ctrl-U/K/W, Alt-D), as a keymap so a program can list and
/// rebind them like its other keys. Typing a character is not a command: an
/// unmodified (or shifted) character is always inserted.
public enum TextEditCommand: String, CaseIterable, Hashable, Sendable {
    case moveLeft = "edit.left", moveRight = "edit.right"
    case moveToStart = "edit.start", moveToEnd = "edit.end"
    case moveWordLeft = "edit.word-left", moveWordRight = "edit.word-right"
    case deleteBackward = "edit.delete-backward", deleteForward = "edit.delete-forward"
    case deleteToStart = "edit.delete-to-start", deleteToEnd = "edit.delete-to-end"
    case deleteShellWordBackward = "edit.delete-shell-word"
    case deleteWordBackward = "edit.delete-word-backward", deleteWordForward = "edit.delete-word-forward"
    case historyBack = "edit.history-back", historyForward = "edit.history-forward"

    /// The context name of the editing keymap.
    public static let context = "edit"

    /// The default editing keymap.
    public static let defaultKeymap = Keymap(context: context, bindings: allCases.map(\.defaultBinding))

    private var defaultBinding: KeyBinding {
        KeyBinding(action: rawValue, keys: defaultKeys, label: label, help: help, group: "Text fields",
                   showsInFooter: false)
    }

    public var defaultKeys: [KeyPress] {
        let control = KeyModifiers.control, alt = KeyModifiers.alt
        switch self {
        case .moveLeft: return [KeyPress(.left), KeyPress(.character("b"), modifiers: control)]
        case .moveRight: return [KeyPress(.right), KeyPress(.character("f"), modifiers: control)]
        case .moveToStart: return [KeyPress(.home), KeyPress(.character("a"), modifiers: control)]
        case .moveToEnd: return [KeyPress(.end), KeyPress(.character("e"), modifiers: control)]
        case .moveWordLeft:
            return [KeyPress(.left, modifiers: control), KeyPress(.left, modifiers: alt),
                    KeyPress(.character("b"), modifiers: alt)]
        case .moveWordRight:
            return [KeyPress(.right, modifiers: control), KeyPress(.right, modifiers: alt),
                    KeyPress(.character("f"), modifiers: alt)]
        case .deleteBackward: return [KeyPress(.backspace)]
        case .deleteForward: return [KeyPress(.delete), KeyPress(.character("d"), modifiers: control)]
        case .deleteToStart: return [KeyPress(.character("u"), modifiers: control)]
        case .deleteToEnd: return [KeyPress(.character("k"), modifiers: control)]
        case .deleteShellWordBackward: return [KeyPress(.character("w"), modifiers: control)]
        case .deleteWordBackward: return [KeyPress(.backspace, modifiers: alt), KeyPress(.backspace, modifiers: control)]
        case .deleteWordForward: return [KeyPress(.character("d"), modifiers: alt), KeyPress(.delete, modifiers: control)]
        case .historyBack: return [KeyPress(.up)]
        case .historyForward: return [KeyPress(.down)]
        }
    }

    public var label: String {
        switch self {
        case .moveLeft: "left"
        case .moveRight: "right"
        case .moveToStart: "start"
        case .moveToEnd: "end"
        case .moveWordLeft: "word left"
        case .moveWordRight: "word right"
        case .deleteBackward: "delete"
        case .deleteForward: "delete forward"
        case .deleteToStart: "delete to start"
        case .deleteToEnd: "delete to end"
        case .deleteShellWordBackward: "delete word"
        case .deleteWordBackward: "delete word"
        case .deleteWordForward: "delete next word"
        case .historyBack: "history"
        case .historyForward: "history"
        }
    }

    public var help: String {
        switch self {
        case .moveLeft: "Cursor one character left"
        case .moveRight: "Cursor one character right"
        case .moveToStart: "Cursor to the start"
        case .moveToEnd: "Cursor to the end"
        case .moveWordLeft: "Cursor one word left"
        case .moveWordRight: "Cursor one word right"
        case .deleteBackward: "Delete the character before the cursor"
        case .deleteForward: "Delete the character under the cursor"
        case .deleteToStart: "Delete from the start to the cursor"
        case .deleteToEnd: "Delete from the cursor to the end"
        case .deleteShellWordBackward: "Delete back to the previous space"
        case .deleteWordBackward: "Delete back to the start of the word"
        case .deleteWordForward: "Delete to the end of the word"
        case .historyBack: "Previous entry of the field's history"
        case .historyForward: "Next entry of the field's history"
        }
    }
}
