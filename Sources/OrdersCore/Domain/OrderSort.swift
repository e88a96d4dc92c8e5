/// A sort key and direction. Ties are always broken by ascending id, so equal
/// rows keep a predictable order whatever the direction.
public struct OrderSort: Hashable, Sendable {
    public var key: OrderSortKey
    public var ascending: Bool

    public init(_ key: OrderSortKey, ascending: Bool) {
        self.key = key
        self.ascending = ascending
    }

    /// Sorts by `key` in its default direction (see `OrderSortKey.sortsAscendingByDefault`).
    public init(_ key: OrderSortKey) {
        self.init(key, ascending: key.sortsAscendingByDefault)
    }

    /// Newest first: what an operator triaging a queue expects.
    public static let `default` = OrderSort(.date)
}
