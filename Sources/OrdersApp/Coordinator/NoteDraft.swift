import OrdersCore
import TermRender

/// A note being written, and the orders it will be added to. The editor keeps it, text
/// and all, until the note is stored: `isSaving` while the write is under way.
public struct NoteDraft: Hashable, Sendable {
    public var targets: [OrderID]
    public var field: TextFieldState
    /// Saved and waiting for the store (a locked database can make that take a while).
    public var isSaving: Bool

    public init(targets: [OrderID], text: String = "", isSaving: Bool = false) {
        self.targets = targets
        // A note may be pasted whole: the paste limit is the note's own length limit. Its line
        // breaks are kept, typed (Enter) or pasted.
        field = TextFieldState(text: text, maximumLength: OrderNote.maximumLength, pasteLimit: OrderNote.maximumLength,
                               keepsLineBreaks: true)
        self.isSaving = isSaving
    }
}
