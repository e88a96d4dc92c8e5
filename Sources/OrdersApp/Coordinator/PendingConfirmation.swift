import OrdersCore
import OrdersPresentation
import OrdersScreens

/// A question before an action that cannot be taken back, and what happens on yes.
public struct PendingConfirmation: Hashable, Sendable {
    public var request: ConfirmationRequest
    public var action: OrderAction
    public var targets: [OrderID]
    /// The list selection to move on from once it is done (a single-order action on the list).
    public var advanceFrom: OrderID?
    /// The versions of the targets the screen showed when the question was asked: a change
    /// arriving while the operator answers is refused with the new state, never applied unseen.
    public var seenVersions: [OrderID: Int]
    /// The focused button: the safe choice unless moved.
    public var focusedButton: ConfirmDialog.Button = .keep
    /// A change of a saved view to make on yes instead of an order action (`action` and `targets`
    /// are then unused: no order is involved).
    public var viewChange: SavedViewChange?
    /// A note to discard on yes, or to keep as a draft on no, instead of an order action.
    public var noteDraft: NoteDraft?

    public init(request: ConfirmationRequest, action: OrderAction, targets: [OrderID], advanceFrom: OrderID?,
                seenVersions: [OrderID: Int], focusedButton: ConfirmDialog.Button = .keep) {
        self.request = request
        self.action = action
        self.targets = targets
        self.advanceFrom = advanceFrom
        self.seenVersions = seenVersions
        self.focusedButton = focusedButton
    }

    /// A question about a saved view: replacing one by `:save`, deleting one.
    public static func about(_ change: SavedViewChange, request: ConfirmationRequest) -> PendingConfirmation {
        var pending = PendingConfirmation(request: request, action: .advance, targets: [], advanceFrom: nil, seenVersions: [:])
        pending.viewChange = change
        return pending
    }

    /// Whether to throw away the note being written (Esc in the note editor).
    public static func discarding(_ draft: NoteDraft, request: ConfirmationRequest) -> PendingConfirmation {
        var pending = PendingConfirmation(request: request, action: .advance, targets: [], advanceFrom: nil, seenVersions: [:])
        pending.noteDraft = draft
        return pending
    }
}
