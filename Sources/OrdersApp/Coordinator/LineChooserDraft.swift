import OrdersCore
import OrdersPresentation
import TermRender

/// The line chooser as the dialog holds it: the choices (OrdersCore's `LineChooser`), the text being
/// typed (the tracking number when fulfilling, the reason when refunding), and the order's refusal of
/// the last Enter, shown until something changes.
public struct LineChooserDraft: Hashable, Sendable {
    public var chooser: LineChooser
    public var field: TextFieldState
    public var refusal: String?

    /// The longest tracking number the field takes; carriers' are well under it.
    public static let trackingLength = 100
    /// The longest refund reason the field takes: a sentence or two for the history.
    public static let reasonLength = 500

    public init(chooser: LineChooser, text: String = "", refusal: String? = nil) {
        self.chooser = chooser
        let length = switch chooser.purpose {
        case .fulfil: Self.trackingLength
        case .refund: Self.reasonLength
        }
        field = TextFieldState(text: text, maximumLength: length)
        self.refusal = refusal
    }
}
