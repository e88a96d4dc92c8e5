import Foundation
import OrdersCore

/// The shops' status words turned into the order's two statuses: the one home of that mapping.
/// A word with no exact match is never refused: the order keeps it as its source status and gets
/// the plainest statuses that do not claim more than the shop said (unpaid, unfulfilled).
struct ShopStatusWords: Hashable, Sendable {
    var payment: PaymentStatus
    var fulfillment: FulfillmentStatus
    /// Closed by the shop (WooCommerce's `completed`): nothing more to do.
    var isClosed: Bool
    /// Cancelled by the shop (WooCommerce's `cancelled`, which states no time of its own).
    var isCancelled: Bool
    /// The shop's own word, kept when the order should show it (`ShopOrder.sourceStatus` words
    /// always; Shopify words only when they have no exact match).
    var sourceStatus: String?

    /// Shopify's `Financial Status` and `Fulfillment Status` words (CSV and API alike).
    static func shopify(financial: String?, fulfilment: String?) -> ShopStatusWords {
        var unknown: [String] = []
        let payment: PaymentStatus
        switch financial?.lowercased() {
        case nil, "": payment = .pending
        case "pending": payment = .pending
        case "authorized": payment = .authorized
        case "partially_paid": payment = .partiallyPaid
        case "paid": payment = .paid
        case "partially_refunded": payment = .partiallyRefunded
        case "refunded": payment = .refunded
        case "voided": payment = .voided
        // An authorisation that lapsed: no money was taken and none will be.
        case "expired":
            payment = .voided
            unknown.append("expired")
        case let word?:
            payment = .pending
            unknown.append(word)
        }
        let fulfillment: FulfillmentStatus
        switch fulfilment?.lowercased() {
        case nil, "", "unfulfilled", "null": fulfillment = .unfulfilled
        case "fulfilled": fulfillment = .fulfilled
        case "partial", "partially_fulfilled": fulfillment = .partiallyFulfilled
        case "restocked", "returned": fulfillment = .returned
        case "on_hold": fulfillment = .onHold
        case let word?:
            fulfillment = .unfulfilled
            unknown.append(word)
        }
        return ShopStatusWords(payment: payment, fulfillment: fulfillment, isClosed: false, isCancelled: false,
                               sourceStatus: unknown.isEmpty ? nil : unknown.joined(separator: "/"))
    }

    /// WooCommerce's order status (without `wc-`). The word is always kept as the source status:
    /// WooCommerce has one status where the order has two, so the word says more than either.
    static func wooCommerce(status: String?, paid: Bool) -> ShopStatusWords {
        let word = status?.lowercased()
        var result = ShopStatusWords(payment: paid ? .paid : .pending, fulfillment: .unfulfilled, isClosed: false,
                                     isCancelled: false, sourceStatus: status)
        switch word {
        // Awaiting payment.
        case "pending": result.payment = .pending
        // Paid, to be sent.
        case "processing": result.payment = .paid
        // Awaiting a payment to clear (a bank transfer): held until it does.
        case "on-hold": result.fulfillment = .onHold
        case "completed":
            result.payment = .paid
            result.fulfillment = .fulfilled
            result.isClosed = true
        case "cancelled":
            result.payment = paid ? .paid : .voided
            result.isCancelled = true
        case "refunded": result.payment = .refunded
        case "failed": result.payment = .failed
        default: break
        }
        return result
    }
}
