import Observation
import OrdersCore
import OrdersScreens
import TermRender

/// What the app shell shows that no presentation model owns: the text fields,
/// the focused dialog button, help scrolling and the current toast. Observed,
/// so changing it redraws.
@MainActor @Observable
final class AppUIState {
    /// The search field; `searching` says whether it has the keyboard.
    var search = TextFieldState(maximumLength: SearchQueryParser.maximumLength)
    var searching = false
    var paletteField = TextFieldState()
    var noteField = TextFieldState(maximumLength: OrderNote.maximumLength, pasteLimit: OrderNote.maximumLength)
    /// Narrows the help overlay's list as the operator types.
    var helpFilter = TextFieldState()
    /// The confirmation dialog's focused button: the safe choice unless moved.
    var confirmButton = ConfirmDialog.Button.keep
    var toast: ToastNotice?
    var mouseCapture = true

    /// The keymap context of a modal.
    func modalContext(_ modal: Modal?) -> String? {
        switch modal {
        case nil: nil
        case .help: AppKeymap.Context.help
        case .commandPalette: AppKeymap.Context.palette
        case .noteEditor: AppKeymap.Context.note
        case .confirm: AppKeymap.Context.confirm
        case .error: AppKeymap.Context.alert
        }
    }
}
