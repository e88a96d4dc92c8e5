import OrdersCore
import TermRender

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
