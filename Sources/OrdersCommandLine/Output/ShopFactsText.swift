import Foundation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// `orders shop facts NAME`'s table and JSON: each fact's id (what `orders shop retry` and `drop`
/// take), its order's number, its state, what it says, and the shop's words when it refused it.
enum ShopFactsText {
    struct Row {
        var fact: QueuedShopFact
        /// The order's number, or `order ID` when the order is no longer in the database.
        var number: String
    }

    static func table(_ rows: [Row], shop: String, state: ShopFactState?) -> String {
        guard !rows.isEmpty else { return "\(shop) has no \(state.map { $0.rawValue + " " } ?? "")facts.\n" }
        let header = ["ID", "Order", "State", "Fact", "Shop's answer"]
        // One line a fact: a note's line breaks are shown as spaces here (the JSON keeps them).
        let cells = rows.map { row in
            [String(row.fact.id), row.number, row.fact.state.rawValue, row.fact.fact.summary, row.fact.refusal ?? ""]
                .map { $0.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ") }
        }
        let widths = header.indices.map { column in ([header] + cells).map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).enumerated().map { index, pair in
                index == cells.count - 1 ? pair.0 : DisplayWidth.padded(pair.0, to: pair.1, rightAligned: index == 0)
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        return ([line(header)] + cells.map(line)).joined(separator: "\n") + "\n"
    }

    static func json(_ rows: [Row]) -> String {
        let objects = rows.map { row in
            JSONText.object([
                ("id", String(row.fact.id)), ("order", JSONText.string(row.number)), ("state", JSONText.string(row.fact.state.rawValue)),
                ("kind", JSONText.string(row.fact.fact.kind.rawValue)), ("summary", JSONText.string(row.fact.fact.summary)),
                ("attempts", String(row.fact.attempts)), ("refusal", JSONText.optionalString(row.fact.refusal)),
            ])
        }
        return JSONText.array(objects) + "\n"
    }
}
