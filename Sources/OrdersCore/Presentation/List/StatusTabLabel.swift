/// One status tab as the tab bar shows it, with its count, in a full and a narrow form.
public struct StatusTabLabel: Hashable, Sendable {
    public var tab: StatusTab
    /// " Pending 16 "
    public var full: String
    /// " Pend 16 "
    public var compact: String
    public var isSelected: Bool
}
