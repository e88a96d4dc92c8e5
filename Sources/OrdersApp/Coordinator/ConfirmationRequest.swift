/// The words of a confirmation dialog.
public struct ConfirmationRequest: Hashable, Sendable {
    public var title: String
    public var message: String
    /// The label of the accepting button, e.g. "Cancel 12 orders".
    public var confirmLabel: String
    /// The label of the safe button, e.g. "Keep draft".
    public var keepLabel: String

    public init(title: String, message: String, confirmLabel: String, keepLabel: String = "Keep") {
        self.title = title
        self.message = message
        self.confirmLabel = confirmLabel
        self.keepLabel = keepLabel
    }
}
