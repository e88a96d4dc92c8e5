import Foundation
import OrdersStorage

/// Sends a shop's requests with the platforms' documented manners: a 429 or 503 with
/// `Retry-After` waits that long; any other 5xx, a timeout or a dropped connection is tried
/// again after a growing pause (a read is safe to repeat); 401 and 403 stop at once (the
/// credential is wrong: trying again would not change that). Every error is one sentence.
struct ShopRequester: Sendable {
    let client: any HTTPClient
    /// How many times a request is sent at most.
    var attempts = 5
    /// The first pause after a failure; each next one doubles it.
    var firstPause: Double = 1
    /// The longest `Retry-After` obeyed; a shop asking for more is reported instead.
    var longestRetryAfter: Double = 120
    /// Told of each wait as it starts (the app's status bar says it).
    var waiting: @Sendable (ShopWait) -> Void = { _ in }

    /// `mayRepeat` is false for a write (a fact sent to the shop): then an answer that did not come
    /// (a 5xx, a timeout, a dropped connection) is `ShopPushError.lostAnswer`, never sent again blindly,
    /// as the shop may have taken it; a 4xx other than the credential's is `ShopPushError.refused` with
    /// the shop's words. A 429 is waited out and sent again either way: the shop says it took nothing.
    /// `refusal` names a 5xx answer to a write that the platform documents as its no (WooCommerce answers
    /// a refund it did not make with HTTP 500): then the shop's words are `ShopPushError.refused`.
    func send(_ request: HTTPRequest, shop: String, mayRepeat: Bool = true,
              refusal: (HTTPResponse) -> Bool = { _ in false }) async throws -> HTTPResponse {
        var pause = firstPause
        var lastFailure = ""
        var reason = ShopWait.Reason.retrying
        for attempt in 1...attempts {
            if attempt > 1 {
                waiting(ShopWait(shop: shop, reason: reason, seconds: pause))
                try await Task.sleep(for: .seconds(pause))
            }
            let response: HTTPResponse
            do {
                response = try await client.send(request)
            } catch {
                guard error.isTransient else { throw ShopSyncError.unreachable("\(shop): \(error)") }
                guard mayRepeat else { throw ShopPushError.lostAnswer("\(shop): \(error)") }
                lastFailure = error.description
                reason = .retrying
                pause = attempt == 1 ? firstPause : pause * 2
                continue
            }
            switch response.status {
            case 200..<300:
                return response
            case 401, 403:
                throw ShopSyncError.refused("\(shop) refused the credentials (HTTP \(response.status)); check the credentials file.")
            // Even a 503 with `Retry-After`: nothing documents that the shop took nothing then.
            case 500...599 where !mayRepeat && refusal(response):
                throw ShopPushError.refused(ShopPushError.words(in: response.body))
            case 500...599 where !mayRepeat:
                throw ShopPushError.lostAnswer("\(request.url) answered HTTP \(response.status).")
            case 429, 503, 500...599:
                lastFailure = "\(request.url) answered HTTP \(response.status)."
                if let wait = response.header("Retry-After").flatMap(Double.init), response.status == 429 || response.status == 503 {
                    guard wait <= longestRetryAfter else {
                        throw ShopSyncError.unreachable("\(shop) asked to wait \(Int(wait)) s before asking again (HTTP \(response.status)).")
                    }
                    pause = wait
                    reason = .rateLimited
                } else {
                    pause = attempt == 1 ? firstPause : pause * 2
                    reason = .retrying
                }
            case 400..<500 where !mayRepeat:
                throw ShopPushError.refused("HTTP \(response.status): " + ShopPushError.words(in: response.body))
            default:
                throw ShopSyncError.unexpectedAnswer("\(request.url) answered HTTP \(response.status).")
            }
        }
        throw ShopSyncError.unreachable("\(shop) could not be read after \(attempts) tries; the last: \(lastFailure)")
    }
}
