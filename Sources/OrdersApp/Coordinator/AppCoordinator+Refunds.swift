import Foundation
import OrdersCore

extension AppCoordinator {
    /// `:refund AMOUNT|all [REASON]`: on the detail, which holds the whole order, the refund is checked
    /// by the order's rules and then asked about, naming the amount, its currency and what stays
    /// outstanding; yes records it (undoable). The list's rows hold no refunds, so there it only says where to go.
    func proposeRefund(amount: Decimal?, reason: String?) -> [AppEffect] {
        guard let detail, case .detail(let id) = currentRoute else {
            return [showNotice("Open the order (Enter) to refund it")]
        }
        guard let proposal = detail.proposeRefund(amount: amount, reason: reason) else { return [] }
        let request = ConfirmationRequest(
            title: "Refund \(proposal.amountText) on \(detail.numberText)?",
            message: "Outstanding after the refund: \(proposal.outstandingText).",
            confirmLabel: "Refund \(proposal.amountText)")
        present(.confirm(PendingConfirmation(request: request, action: .giveBack(proposal.refund), targets: [id],
                                             advanceFrom: nil, seenVersions: [id: proposal.version])))
        return []
    }
}
