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
    case confirm(PendingConfirmation)
    case error(String)

    /// The keymap context of the modal.
    var keymapContext: KeymapContext {
        switch self {
        case .help: .help
        case .commandPalette: .palette
        case .noteEditor: .note
        case .confirm: .confirm
        case .error: .alert
        }
    }
}

/// A note being written, and the orders it will be added to.
public struct NoteDraft: Hashable, Sendable {
    public var targets: [OrderID]
    public var field: TextFieldState

    public init(targets: [OrderID], text: String = "") {
        self.targets = targets
        field = TextFieldState(text: text, maximumLength: NoteDraft.maximumLength)
    }

    /// The longest note accepted, in characters.
    public static let maximumLength = 2_000
}

/// A question before an action that cannot be taken back, and what happens on yes.
public struct PendingConfirmation: Hashable, Sendable {
    public var request: ConfirmationRequest
    public var action: OrderAction
    public var targets: [OrderID]
    /// The list selection to move on from once it is done (a single-order action on the list).
    public var advanceFrom: OrderID?
    /// The focused button: the safe choice unless moved.
    public var focusedButton: ConfirmDialog.Button = .keep

    public init(request: ConfirmationRequest, action: OrderAction, targets: [OrderID], advanceFrom: OrderID?,
                focusedButton: ConfirmDialog.Button = .keep) {
        self.request = request
        self.action = action
        self.targets = targets
        self.advanceFrom = advanceFrom
        self.focusedButton = focusedButton
    }
}

/// The words of a confirmation dialog.
public struct ConfirmationRequest: Hashable, Sendable {
    public var title: String
    public var message: String
    /// The label of the accepting button, e.g. "Cancel 12 orders".
    public var confirmLabel: String

    public init(title: String, message: String, confirmLabel: String) {
        self.title = title
        self.message = message
        self.confirmLabel = confirmLabel
    }
}
