/// One status tab as the tab bar shows it, with its count, from its full form down to its
/// narrowest: the count is in every form (the tab bar shortens the label, never the number).
public struct StatusTabLabel: Hashable, Sendable {
    public var tab: StatusTab
    /// " Pending 16 "
    public var full: String
    /// " Pend 16 "
    public var compact: String
    /// "Pe 16": the two-letter title, no padding.
    public var tiny: String
    public var isSelected: Bool

    public init(tab: StatusTab, count: String, isSelected: Bool) {
        self.init(tab: tab, full: " \(tab.tabTitle) \(count) ", compact: " \(tab.compactTitle) \(count) ",
                  tiny: "\(tab.tinyTitle) \(count)", isSelected: isSelected)
    }

    public init(tab: StatusTab, full: String, compact: String, tiny: String, isSelected: Bool) {
        self.tab = tab
        self.full = full
        self.compact = compact
        self.tiny = tiny
        self.isSelected = isSelected
    }

    /// "Pend 16": the short title without its padding.
    public var tight: String { String(compact.dropFirst().dropLast()) }
}
