/// What a shop's file holds: the orders that read well, and every problem of those that did not
/// (each at its line or JSON index), in file order.
public struct ShopFileContents: Hashable, Sendable {
    public var orders: [ShopOrder]
    public var problems: [ImportProblem]
    /// The header's columns no reader takes (CSV formats), in header order: what the summary
    /// lists as not imported, so nothing the shop wrote vanishes unsaid.
    public var ignoredColumns: [String] = []
}
