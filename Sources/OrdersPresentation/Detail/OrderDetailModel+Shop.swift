import Foundation
import OrdersCore
import TerminalText

/// The order as its shop knows it, formatted for the detail screen: where it came from, and
/// payment and fulfilment apart with what is known of their times.
extension OrderDetailModel {
    /// `shopify, shop id 820982911946154508`; `local` for orders made here.
    public var sourceText: String? {
        guard let order else { return nil }
        let source = TerminalText.neutralized(order.source)
        guard let shopID = order.shopOrderID, !shopID.isEmpty else { return source }
        return "\(source), shop id \(TerminalText.neutralized(shopID))"
    }

    /// The payment status in words: `partially refunded`.
    public var paymentText: String? { order.map { OrderStatusWords.name($0.payment) } }

    /// The fulfilment status in words: `on hold`.
    public var fulfillmentText: String? { order.map { OrderStatusWords.name($0.fulfillment) } }

    /// The shop's own status word as it gave it, when it gave one (always shown: it may say more
    /// than the two statuses, such as WooCommerce's `checkout-draft`).
    public var sourceStatusText: String? {
        guard let word = order?.sourceStatus, !word.isEmpty else { return nil }
        return TerminalText.neutralized(word)
    }

    /// When the order was cancelled and why: `21 Sep 2026, 14:13 UTC: customer changed mind`; nil
    /// while it is not cancelled.
    public var cancelledText: String? {
        guard let order, let date = order.cancelledAt else { return nil }
        let when = formatter.absoluteDate(date)
        guard let reason = order.cancelReason, !reason.isEmpty else { return when }
        return "\(when): \(TerminalText.neutralized(reason))"
    }

    /// `closed` when the shop archived the order (nothing more to do), else nil.
    public var closedText: String? { order?.isClosed == true ? "closed (archived)" : nil }
}
