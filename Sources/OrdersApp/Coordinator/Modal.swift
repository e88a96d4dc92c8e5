import OrdersCore
import OrdersScreens
import TermRender

/// What can sit over the current screen, at most one at a time, each with its own state.
public enum Modal: Hashable, Sendable {
    /// The key list; typing narrows it.
    case help(filter: TextFieldState)
    /// The command palette; its text and history live in `CommandPaletteModel`, the cursor here.
    case commandPalette(cursor: Int)
    case noteEditor(NoteDraft)
    /// Fulfil chosen lines of the detail's order with a tracking number, or refund them with a reason.
    case lineChooser(LineChooserDraft)
    case confirm(PendingConfirmation)
    case error(String)
    /// An import from `:import FILE`: its progress, then its summary; the state is `ImportModel`'s.
    case importing
    /// The shown orders counted by a column's values (`:freq COLUMN`, `%`).
    case frequency(FrequencySheetState)

    /// The keymap context of the modal.
    var keymapContext: KeymapContext {
        switch self {
        case .help: .help
        case .commandPalette: .palette
        case .noteEditor: .note
        case .lineChooser: .chooser
        case .confirm: .confirm
        case .error: .alert
        case .importing: .importing
        case .frequency: .frequency
        }
    }
}
