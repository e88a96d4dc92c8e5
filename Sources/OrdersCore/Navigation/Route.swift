/// A screen in the navigation stack.
public enum Route: Hashable, Sendable {
    case list
    case detail(OrderID)
}

/// What can sit over the current screen; at most one at a time.
public enum Modal: Hashable, Sendable {
    case help
    case commandPalette
    case noteEditor(targets: [OrderID])
    case confirm(ConfirmationRequest)
    case error(String)
}

/// A question for the user before something that cannot be taken back.
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

/// Something only the app itself can do, asked for by a command.
public enum AppRequest: Hashable, Sendable {
    case export(path: String)
    case theme(String?)
    case quit
}
