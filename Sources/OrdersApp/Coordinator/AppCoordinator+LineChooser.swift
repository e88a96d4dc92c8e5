import OrdersCore
import OrdersScreens

extension AppCoordinator {
    /// The fulfil key on the detail: the line chooser over it, each line still to send preset to
    /// all that is left; when nothing can be sent, the order's reason on the detail instead.
    func chooseLinesToFulfil() -> [AppEffect] {
        guard let detail, let chooser = detail.chooseLinesToFulfil() else { return [] }
        present(.lineChooser(LineChooserDraft(chooser: chooser)))
        return []
    }

    /// The line chooser's keys. Enter sends the chosen units when the order's rules take them (the
    /// dialog closes and the detail shows the result), or, refunding, asks about the refund they
    /// make; otherwise the dialog stays with the reason.
    func perform(_ command: LineChooserCommand) -> [AppEffect] {
        guard case .lineChooser(var draft) = modal else { return [] }
        draft.refusal = nil
        switch command {
        case .cancel:
            modal = nil
            return []
        case .confirm:
            guard let detail else { return [] }
            switch draft.chooser.purpose {
            case .fulfil:
                if let refusal = detail.refusal(of: draft.chooser, trackingNumber: draft.field.text) {
                    draft.refusal = refusal
                    modal = .lineChooser(draft)
                    return []
                }
                modal = nil
                detail.fulfil(draft.chooser, trackingNumber: draft.field.text)
                return []
            case .refund:
                return confirmRefund(of: draft)
            }
        case .nextLine: draft.chooser.moveSelection(by: 1)
        case .previousLine: draft.chooser.moveSelection(by: -1)
        case .more: draft.chooser.increase()
        case .less: draft.chooser.decrease()
        case .skip: draft.chooser.toggleSkip()
        case .shipping: draft.chooser.toggleShipping()
        case .restock: draft.chooser.toggleRestock()
        }
        modal = .lineChooser(draft)
        return []
    }
}
