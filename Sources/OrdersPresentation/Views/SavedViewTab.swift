import OrdersCore

/// One saved view as the tab bar and the palette show it.
public struct SavedViewTab: Hashable, Sendable {
    public var view: SavedView
    /// How many orders its query matches now; nil while loading or when the query does not parse.
    public var count: Int?
    /// Why its query or sort cannot be used, nil when it reads.
    public var problem: String?
    public var isSelected: Bool

    /// The marker before a personal view's name (ASCII, so every terminal shows it).
    public static let personalMarker = "@"

    /// The title on the tab: the name, after the marker when personal.
    public var title: String { (view.isPersonal ? Self.personalMarker : "") + view.name }

    /// " To fulfil 12 ", " Broken ! " for a view whose query does not parse, " Mine … " while counting.
    public var label: String {
        " \(title) " + (problem != nil ? "!" : count.map(String.init) ?? "…") + " "
    }
}
