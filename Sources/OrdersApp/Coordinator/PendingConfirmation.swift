import OrdersCore
import OrdersScreens

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
