import TermRender

/// Something went wrong that the operator must acknowledge: a plain message and OK.
public struct ErrorAlert: Hashable, Sendable {
    /// What failed, in the sheet's top edge.
    public var title: String
    /// Why, in plain words.
    public var message: String

    /// An alert titled `title` (by default "Error") saying `message`.
    public init(title: String = "Error", message: String) {
        self.title = title
        self.message = message
    }

    /// The toolkit dialog that draws this alert: one focused OK button.
    @MainActor public var alertDialog: AlertDialog {
        AlertDialog(title: title, message: message, buttons: [AlertDialog.Button("OK")], selectedButton: 0)
    }
}

extension View {
    /// Shows `error` over this view, the screen behind dimmed, while it is not nil.
    public func errorAlert(_ error: ErrorAlert?) -> ModalView<Self, AlertDialog> {
        alert(isPresented: error != nil, error?.alertDialog ?? AlertDialog(title: "", message: ""))
    }
}
