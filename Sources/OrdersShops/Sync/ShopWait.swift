import Foundation

/// A pull waiting before it asks its shop again: the shop asked it to (a `Retry-After`, Shopify's
/// cost bucket or a `THROTTLED` answer), or a request failed and is tried again after a pause.
/// Reported as it starts, so the app's status bar can say why nothing arrives meanwhile.
public struct ShopWait: Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        /// The shop's rate limit: its `Retry-After`, or the cost bucket refilling.
        case rateLimited
        /// A 5xx, a timeout or a dropped connection, tried again after a growing pause.
        case retrying
    }

    public var shop: String
    public var reason: Reason
    /// How long the wait is.
    public var seconds: Double

    public init(shop: String, reason: Reason, seconds: Double) {
        self.shop = shop
        self.reason = reason
        self.seconds = seconds
    }
}
