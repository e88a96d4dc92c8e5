import Foundation
import OrdersCore
import OrdersInterchange
import OrdersShops
import OrdersStorage

/// `orders shop list`'s table and JSON: name, platform, URL, last pull, orders pulled, facts
/// waiting to be sent (`ShopFactState.waiting`), facts the shop refused, last error.
enum ShopListText {
    static func table(_ shops: [ConnectedShop], now: Date) -> String {
        guard !shops.isEmpty else { return ShopSync.noShopsConnected + "\n" }
        let header = ["Name", "Platform", "URL", "Last pull", "Pulled", "To send", "Refused", "Last error"]
        let rows = shops.map { shop in
            [shop.name, shop.platform.rawValue, shop.url, shop.lastPullAt.map { ISO8601Milliseconds.string(from: $0) } ?? "never",
             String(shop.ordersPulled), String(shop.factsWaiting), String(shop.factsRefused), shop.lastError ?? ""]
        }
        let widths = header.indices.map { column in ([header] + rows).map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).enumerated().map { index, pair in
                index == cells.count - 1 ? pair.0 : DisplayWidth.padded(pair.0, to: pair.1, rightAligned: (4...6).contains(index))
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    static func json(_ shops: [ConnectedShop]) -> String {
        let objects = shops.map { shop in
            JSONText.object([
                ("name", JSONText.string(shop.name)), ("platform", JSONText.string(shop.platform.rawValue)),
                ("url", JSONText.string(shop.url)),
                ("last_pull", JSONText.optionalString(shop.lastPullAt.map { ISO8601Milliseconds.string(from: $0) })),
                ("orders_pulled", String(shop.ordersPulled)), ("waiting_to_send", String(shop.factsWaiting)),
                ("refused", String(shop.factsRefused)),
                ("last_error", JSONText.optionalString(shop.lastError)),
            ])
        }
        return JSONText.array(objects) + "\n"
    }
}
