/// The shop's fraud assessment as the detail shows it: the words, and whether to show it like a
/// flag (high risk), so it reads without colour too.
public struct DetailRisk: Hashable, Sendable {
    /// `⚠ high risk`, `medium`, `low`.
    public var text: String
    public var isAlarming: Bool

    public init(text: String, isAlarming: Bool) {
        self.text = text
        self.isAlarming = isAlarming
    }
}
