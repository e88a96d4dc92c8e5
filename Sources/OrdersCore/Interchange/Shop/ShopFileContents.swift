/// What a shop's file holds: the orders that read well, and every problem of those that did not
/// (each at its line or JSON index), in file order.
public struct ShopFileContents: Hashable, Sendable {
    public var orders: [ShopOrder]
    public var problems: [ImportProblem]
}
