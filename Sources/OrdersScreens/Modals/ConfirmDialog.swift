import TermRender

/// A question that needs an explicit answer before something hard to undo
/// ("Cancel ORD-0000042?"), with a safe and a dangerous button.
///
/// The shell decides which button has focus (the safe one first) and what each
/// does; this only says what to draw.
public struct ConfirmDialog: Hashable, Sendable {
    /// The question, in the sheet's top edge ("Cancel ORD-0000042?").
    public var title: String
    /// What happens if the operator goes ahead.
    public var message: String
    /// The button that does the dangerous thing, drawn in the danger style ("Cancel order").
    public var confirmLabel: String
    /// The button that leaves things as they are ("Keep order").
    public var keepLabel: String
    /// Which button is focused.
    public var focusedButton: Button
    /// The keys that answer without moving focus, from the keymap ("n", "y"), shown on their
    /// buttons ("[ Keep (n) ]"); nil shows none.
    public var keepKey: String?
    public var confirmKey: String?

    /// The two buttons, safe one first so it reads first and sits where focus starts.
    public enum Button: Int, Hashable, Sendable, CaseIterable {
        /// Leave things as they are.
        case keep
        /// Do the dangerous thing.
        case confirm
    }

    /// A confirmation whose focus starts on the safe choice unless `focusedButton` says otherwise.
    public init(title: String, message: String, confirmLabel: String, keepLabel: String, focusedButton: Button = .keep,
                keepKey: String? = nil, confirmKey: String? = nil) {
        self.title = title
        self.message = message
        self.confirmLabel = confirmLabel
        self.keepLabel = keepLabel
        self.focusedButton = focusedButton
        self.keepKey = keepKey
        self.confirmKey = confirmKey
    }

    /// A button's label with its key: "Cancel order (y)".
    private static func label(_ label: String, key: String?) -> String { key.map { "\(label) (\($0))" } ?? label }

    /// The toolkit dialog that draws this confirmation.
    @MainActor public var alertDialog: AlertDialog {
        AlertDialog(
            title: title, message: message,
            buttons: [AlertDialog.Button(Self.label(keepLabel, key: keepKey), role: .cancel),
                      AlertDialog.Button(Self.label(confirmLabel, key: confirmKey), role: .destructive)],
            selectedButton: focusedButton.rawValue
        )
    }
}

extension View {
    /// Shows `dialog` over this view, the screen behind dimmed, while it is not nil.
    public func confirmDialog(_ dialog: ConfirmDialog?) -> ModalView<Self, AlertDialog> {
        alert(isPresented: dialog != nil, dialog?.alertDialog ?? AlertDialog(title: "", message: ""))
    }
}
