import Foundation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// The shop's lines a fact's lines name: the one rule every sender checks before it sends units of lines
/// (a shipment, a refund). A fact names a line by its position in the order, as the pull keeps the
/// shop's order of lines, and records the line's SKU; the shop's order must still have as many lines as
/// ours (`more`: the shop said more are left than it listed) and the same SKU at each position named,
/// else the order changed in the shop since it was pulled and the fact is refused, saying so.
enum ShopLines {
    static func named(by fact: ShopFact, in shopLines: [JSONValue], more: Bool = false, of order: Order) throws
        -> [(line: ShopFact.Line, shop: JSONValue)] {
        guard !more, shopLines.count == order.items.count else {
            throw ShopPushError.refused("the shop's order has \(shopLines.count) lines where \(order.number) has \(order.items.count); pull it again")
        }
        return try fact.lines.map { line in
            let shopLine = shopLines[line.line]
            guard (shopLine["sku"]?.text ?? "") == line.sku else {
                throw ShopPushError.refused("the shop's line \(line.line + 1) is \(shopLine["sku"]?.text ?? "without a SKU"), not \(line.sku); pull the order again")
            }
            return (line, shopLine)
        }
    }

    /// The fact's units of each of the shop's lines, by the line's id: what a record the shop made of
    /// it (a fulfilment, a refund) holds, after a lost answer.
    static func units(of fact: ShopFact, in shopLines: [JSONValue]) -> [String: Int] {
        var units: [String: Int] = [:]
        for line in fact.lines where shopLines.indices.contains(line.line) {
            units[shopLines[line.line]["id"]?.text ?? "", default: 0] += line.quantity
        }
        return units
    }

    /// The units of each line a shop's record holds (`{quantity, lineItem {id}}` entries), by the line's id.
    static func units(in items: [JSONValue]) -> [String: Int] {
        var units: [String: Int] = [:]
        for item in items {
            units[item["lineItem"]?["id"]?.text ?? "", default: 0] += Int(item["quantity"]?.text ?? "") ?? 0
        }
        return units
    }
}
