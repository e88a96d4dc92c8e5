import Foundation
import OrdersInterchange

/// One page of a shop's changed orders, read by the file import's readers: the orders that read
/// well, the problems of the others, and the newest `updated_at` among them (how far the pull has come).
struct ShopPullBatch: Sendable {
    var contents: ShopFileContents
    var newestUpdate: Date?
}

/// Where a pull's pages come from: Shopify's GraphQL Admin API or WooCommerce's REST API.
protocol ShopOrderSource: Sendable {
    /// Every order changed at or after `since` (all of them when nil), oldest change first, a page
    /// at a time, each handed to `page` before the next is asked for.
    func pull(since: Date?, page: (ShopPullBatch) async throws -> Void) async throws
}

extension ShopDate {
    /// A date the API wrote (ISO 8601 with an offset, or UTC without one), nil when it is not one.
    static func apiDate(_ text: String?) -> Date? {
        guard let text, case .success(let date) = parse(text, zone: TimeZone(identifier: "UTC")) else { return nil }
        return date
    }
}
