/// What a shop's file holds: the orders that read well, and every problem of those that did not
/// (each at its line or JSON index), in file order.
public struct ShopFileContents: Hashable, Sendable {
    public var orders: [ShopOrder]
    public var problems: [ImportProblem]
    /// The header's columns no reader takes (CSV formats), in header order: what the summary
    /// lists as not imported, so nothing the shop wrote vanishes unsaid.
    public var ignoredColumns: [String] = []
}

/// A reader of one order object of a JSON file (Shopify's Admin API and bulk lines, WooCommerce's
/// REST API): the order, and the problems met on the way.
package protocol ShopOrderObjectReader {
    var problems: [ImportProblem] { get }
    mutating func order() -> ShopOrder?
}

extension ShopFileContents {
    /// What `readers` read, each once and in order: an order is kept only when its reader met no
    /// problem, else its problems are listed, after the file's own `problems` met before them.
    package init(reading readers: some Sequence<some ShopOrderObjectReader>, after problems: [ImportProblem] = []) {
        self.init(orders: [], problems: problems)
        for var reader in readers {
            if let order = reader.order(), reader.problems.isEmpty { orders.append(order) } else { self.problems += reader.problems }
        }
    }
}
