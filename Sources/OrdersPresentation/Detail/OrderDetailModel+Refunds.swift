import Foundation
import OrdersCore
import TerminalText

extension OrderDetailModel {
    /// A refund of `amount` (everything still outstanding when nil) for this order as shown, checked by
    /// the order's own refund rules before anything is asked; nil, with the refusal in `errorMessage`,
    /// when they refuse it or no order is loaded. Confirmed, it is done with `perform(.giveBack(…))`.
    public func proposeRefund(amount: Decimal?, reason: String?) -> RefundProposal? {
        guard let order else { return nil }
        var refund = order.refundOfEverythingOutstanding(at: environment.now(), reason: reason)
        if let amount { refund.amount = amount }
        do throws(RefundError) {
            let proposal = try Self.proposal(for: refund, on: order, environment: environment)
            errorMessage = nil
            return proposal
        } catch {
            errorMessage = "refund: \(error.reason)"
            return nil
        }
    }

    /// The line chooser for refunding this order as shown: every line with units not yet returned,
    /// each preset to none. Nil, with the order's own reason in `errorMessage`, when nothing can be
    /// given back (unpaid, already refunded in full) or every unit has come back already.
    public func chooseLinesToRefund() -> LineChooser? {
        guard let order else { return nil }
        let everything = order.refundOfEverythingOutstanding(at: environment.now())
        do throws(RefundError) {
            _ = try Self.proposal(for: everything, on: order, environment: environment)
        } catch {
            errorMessage = "refund: " + (order.outstanding == 0 ? "nothing is left to give back" : error.reason)
            return nil
        }
        guard let chooser = LineChooser(refunding: order) else {
            errorMessage = "refund: every unit has come back already (:refund AMOUNT gives back an amount)"
            return nil
        }
        errorMessage = nil
        return chooser
    }

    /// The refund the chooser makes with `reason`, checked by the order's refund rules on the order
    /// as shown, with the words its confirmation shows; throws the order's refusal in words.
    public func proposeRefund(of chooser: LineChooser, reason: String) throws(RefundError) -> RefundProposal {
        guard let order else { throw RefundError(number: chooser.numberText, reason: "the order is no longer loaded") }
        return try Self.proposal(for: chooser.refund(at: environment.now(), reason: reason), on: order, environment: environment)
    }

    /// `refund` checked on `order` by applying it to a copy; its words for the confirmation.
    private static func proposal(for refund: Refund, on order: Order,
                                 environment: PresentationEnvironment) throws(RefundError) -> RefundProposal {
        var after = order
        do {
            _ = try after.apply([.refund(refund)], actor: environment.actor, at: environment.now())
        } catch {
            throw RefundError(number: TerminalText.neutralized(order.number),
                              reason: TerminalText.neutralized(OrderAction.refusal(error)))
        }
        let currency = order.currency
        func text(_ amount: Decimal) -> String { "\(currency.plainText(amount)) \(currency.code)" }
        var returned = refund.lines.map { "\($0.quantity) × \(TerminalText.neutralized(Order.lineName(order.items, at: $0.line)))" }
        if refund.shipping > 0 { returned.append("shipping \(text(refund.shipping))") }
        let restocked = refund.restock && !refund.lines.isEmpty ? ", restocked" : ""
        return RefundProposal(refund: refund, version: order.version, amountText: text(refund.amount),
                              outstandingText: "\(text(after.outstanding)) of \(text(after.total))",
                              returnedText: returned.isEmpty ? nil : returned.joined(separator: ", ") + restocked)
    }
}
