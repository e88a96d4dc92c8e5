/// One bar of a `BarChart` or one bucket of a `Histogram`: plain values, already formatted by the caller.
///
/// The chart only scales `value` against the largest value shown; it never formats anything, so
/// `label` and `valueText` are drawn as given (made safe like all text, and cut to fit).
public struct ChartBar: Hashable, Sendable {
    /// What the bar stands for ("<1d", a customer's name…).
    public var label: String
    /// The bar's length, relative to the other bars; negative values draw as zero.
    public var value: Int
    /// The number shown with the bar ("1,234", "€5,210.00"); empty for none.
    public var valueText: String
    /// Drawn in the theme's `danger` style (bold and underlined without colour), e.g. overdue.
    public var isHighlighted: Bool

    public init(label: String, value: Int, valueText: String = "", isHighlighted: Bool = false) {
        self.label = label
        self.value = value
        self.valueText = valueText
        self.isHighlighted = isHighlighted
    }
}
