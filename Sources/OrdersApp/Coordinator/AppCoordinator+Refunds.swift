import Foundation
import OrdersCore
import OrdersPresentation

extension AppCoordinator {
    /// `:refund AMOUNT|all [REASON]`: on the detail, which holds the whole order, the refund is checked
    /// by the order's rules and then asked about, naming the amount, its currency and what stays
    /// outstanding; yes records it (undoable). The list's rows hold no refunds, so there it only says where to go.
    func proposeRefund(amount: Decimal?, reason: String?) -> [AppEffect] {
        guard let detail, case .detail = currentRoute else {
            return [showNotice("Open the order (Enter) to refund it")]
        }
        guard let proposal = detail.proposeRefund(amount: amount, reason: reason) else { return [] }
        askToRefund(proposal, on: detail)
        return []
    }

    /// `%` or `:refund lines [REASON]` on the detail: the line chooser for refunding, the reason typed
    /// in when given; when nothing can be given back, the order's reason on the detail instead.
    func chooseLinesToRefund(reason: String?) -> [AppEffect] {
        guard let detail, case .detail = currentRoute else {
            return [showNotice("Open the order (Enter) to refund it")]
        }
        guard let chooser = detail.chooseLinesToRefund() else { return [] }
        present(.lineChooser(LineChooserDraft(chooser: chooser, text: reason ?? "")))
        return []
    }

    /// Enter in the refund chooser: the refund its lines make, checked by the order's rules, asked
    /// about in place of the chooser; a refusal stays in the chooser.
    func confirmRefund(of draft: LineChooserDraft) -> [AppEffect] {
        guard let detail else { return [] }
        do throws(RefundError) {
            let proposal = try detail.proposeRefund(of: draft.chooser, reason: draft.field.text)
            askToRefund(proposal, on: detail)
        } catch {
            var refused = draft
            refused.refusal = error.reason
            modal = .lineChooser(refused)
        }
        return []
    }

    /// The confirmation of a refund: the amount, its currency, what comes back (a refund of lines)
    /// and what stays outstanding; yes gives it back on the version it was checked on.
    private func askToRefund(_ proposal: RefundProposal, on detail: OrderDetailModel) {
        guard case .detail(let id) = currentRoute else { return }
        let returned = proposal.returnedText.map { "Gives back \($0). " } ?? ""
        let request = ConfirmationRequest(
            title: "Refund \(proposal.amountText) on \(detail.numberText)?",
            message: "\(returned)Outstanding after the refund: \(proposal.outstandingText).",
            confirmLabel: "Refund \(proposal.amountText)")
        present(.confirm(PendingConfirmation(request: request, action: .giveBack(proposal.refund), targets: [id],
                                             advanceFrom: nil, seenVersions: [id: proposal.version])))
    }
}
