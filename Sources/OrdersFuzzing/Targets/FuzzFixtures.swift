import Foundation
import OrdersCore
import OrdersInterchange

/// The fixed world the targets run in: a clock and the orders a store already holds.
enum FuzzFixtures {
    static let now = Date(millisecondsSince1970: 1_790_000_000_000)

    /// Already stored before each import, so a file's ids can clash with them (ORD-0000001 is among them).
    static let storedOrders: [Order] = DemoDataGenerator(seed: 17, now: now).orders(count: 3)

    /// A few orders of every shape the formats carry: several lines, notes, tags, 0 and 2 decimals.
    static let sampleOrders: [Order] = {
        var orders = DemoDataGenerator(seed: 1_717, now: now).orders(count: 6)
        for index in orders.indices { orders[index].id = OrderID(100 + index) }
        orders[0].customerName = "O'Brien, \"Bud\" 佐藤"
        orders[0].notes = [OrderNote(createdAt: now, author: "ines", text: "Line one,\nline \"two\"")]
        return orders
    }()

    /// Export files to start from: several orders, one order, and one that clashes with a stored order.
    static func corpus(_ format: OrderFileFormat) -> [[UInt8]] {
        var clashing = sampleOrders[1]
        clashing.id = OrderID(1)
        return [exported(sampleOrders, as: format), exported([sampleOrders[2]], as: format),
                exported(Array(sampleOrders[3...]) + [clashing], as: format)]
    }

    static func exported(_ orders: [Order], as format: OrderFileFormat) -> [UInt8] {
        var exporter = OrderExporter(format: format)
        return Array((exporter.prologue() + exporter.text(for: orders) + exporter.epilogue()).utf8)
    }
}
