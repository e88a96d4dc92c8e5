import Foundation
import TerminalText

extension OrderDetailModel {
    /// A refund of `amount` (everything still outstanding when nil) for this order as shown, checked by
    /// the order's own refund rules before anything is asked; nil, with the refusal in `errorMessage`,
    /// when they refuse it or no order is loaded. Confirmed, it is done with `perform(.giveBack(…))`.
    public func proposeRefund(amount: Decimal?, reason: String?) -> RefundProposal? {
        guard let order else { return nil }
        let refund = Refund(id: order.nextRefundID, createdAt: environment.now(), reason: reason,
                            amount: amount ?? order.outstanding)
        var after = order
        do {
            _ = try after.apply([.refund(refund)], actor: environment.actor, at: environment.now())
        } catch {
            errorMessage = "refund: \(TerminalText.neutralized(OrderAction.refusal(error)))"
            return nil
        }
        errorMessage = nil
        let currency = order.currency
        func text(_ amount: Decimal) -> String { "\(currency.plainText(amount)) \(currency.code)" }
        return RefundProposal(refund: refund, version: order.version, amountText: text(refund.amount),
                              outstandingText: "\(text(after.outstanding)) of \(text(after.total))")
    }
}
