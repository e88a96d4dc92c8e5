import Foundation
import OrdersInterchange
import OrdersStorage

/// Pulls a WooCommerce shop's changed orders through REST API v3: `GET /wp-json/wc/v3/orders`
/// modified after a moment (UTC, `dates_are_gmt`), oldest change first, 100 a page (WordPress's
/// most), page by page up to `X-WP-TotalPages`, with HTTP Basic `KEY:SECRET` over https. Each page
/// is read by the REST JSON reader the file import uses.
struct WooCommerceOrderSource: ShopOrderSource {
    let shop: ConnectedShop
    let credentials: ShopCredentials
    let requester: ShopRequester
    static let pageSize = 100

    func pull(since: Date?, page: (ShopPullBatch) async throws -> Void) async throws {
        guard credentials.keyAndSecret != nil else {
            throw ShopSyncError.credentials("\(shop.name)'s credentials file holds no KEY:SECRET (WooCommerce's consumer key and secret, with a colon between).")
        }
        let authorization = "Basic " + Data(credentials.secret.utf8).base64EncodedString()
        var number = 1
        var index = 0
        while true {
            var query = ["dates_are_gmt=true", "per_page=\(Self.pageSize)", "page=\(number)", "orderby=modified", "order=asc"]
            // Exclusive and to whole seconds: the caller's overlap covers both.
            if let since { query.insert("modified_after=\(String(ShopDate.isoSeconds(since).dropLast()))", at: 0) }
            let request = HTTPRequest(method: "GET", url: "\(shop.url)/wp-json/wc/v3/orders?" + query.joined(separator: "&"),
                                      headers: [HTTPHeader("Authorization", authorization), HTTPHeader("Accept", "application/json")])
            let response = try await requester.send(request, shop: shop.name)
            guard case .array(let objects)? = try? JSONDecoder().decode(JSONValue.self, from: Data(response.body)) else {
                throw ShopSyncError.unexpectedAnswer("\(shop.name) answered the orders list with something that is not a JSON array.")
            }
            let contents = WooCommerceJSONReader.orders(in: objects, file: shop.name, firstIndex: index, zone: TimeZone(identifier: "UTC")!)
            let newest = objects.compactMap { ShopDate.apiDate($0["date_modified_gmt"]?.text) }.max()
            try await page(ShopPullBatch(contents: contents, newestUpdate: newest))
            index += objects.count
            let pages = response.header("X-WP-TotalPages").flatMap { Int($0) } ?? number
            guard number < pages, !objects.isEmpty else { return }
            number += 1
        }
    }
}
