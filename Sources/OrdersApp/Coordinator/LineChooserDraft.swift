import OrdersCore
import TermRender

/// The line chooser as the dialog holds it: the choices (OrdersCore's `LineChooser`), the tracking
/// number being typed, and the order's refusal of the last Enter, shown until something changes.
public struct LineChooserDraft: Hashable, Sendable {
    public var chooser: LineChooser
    public var tracking: TextFieldState
    public var refusal: String?

    /// The longest tracking number the field takes; carriers' are well under it.
    public static let trackingLength = 100

    public init(chooser: LineChooser, tracking: String = "", refusal: String? = nil) {
        self.chooser = chooser
        self.tracking = TextFieldState(text: tracking, maximumLength: Self.trackingLength)
        self.refusal = refusal
    }
}
