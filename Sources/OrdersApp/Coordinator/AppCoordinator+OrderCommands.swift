import Foundation
import OrdersCore
import OrdersScreens

extension AppCoordinator {
    /// Actions on orders: on the list the marked orders (else the selected one), on the detail its order.
    func perform(_ command: OrderCommand) -> [AppEffect] {
        switch command {
        case .advance: act(.advance)
        case .cancel: act(.cancel)
        case .refund: act(.refund)
        case .flag:
            if let detail, currentRoute != .list {
                act(detail.order?.flagged == true ? .unflag : .flag)
            } else {
                act(list.toggleFlagAction)
            }
        case .assignToMe: act(.assignToMe)
        case .tag: openPalette(with: ":tag ")
        case .note: beginNote()
        case .undo:
            guard list.canUndo else { return [showNotice("Nothing to undo")] }
            list.undo()
            return detail == nil ? [] : [.reloadDetail]
        case .redo:
            guard list.canRedo else { return [showNotice("Nothing to redo")] }
            list.redo()
            return detail == nil ? [] : [.reloadDetail]
        case .copy: return copy()
        }
        return []
    }

    /// What the current screen acts on: the detail's order, or the list's marked/selected orders.
    private var actionTargets: [OrderID] {
        if case .detail(let id) = currentRoute { return [id] }
        return list.actionTargets
    }

    /// Applies an action to what the current screen acts on, asking first for destructive
    /// actions and for bulk actions over the environment's threshold. On the list, a
    /// single-order action from a key then moves the selection to the next order.
    public func act(_ action: OrderAction, advancing: Bool = true) {
        let targets = actionTargets
        guard !targets.isEmpty else { return }
        let single = advancing && currentRoute == .list && list.markedCount == 0
        let advanceFrom = single ? list.selectedOrderID : nil
        let threshold = list.environment.bulkConfirmationThreshold
        guard action.isDestructive || targets.count > threshold else {
            apply(action, to: targets)
            advance(from: advanceFrom)
            return
        }
        let what = targets.count == 1 ? targets[0].description : "\(targets.count) orders"
        let verb = action.name.prefix(1).uppercased() + action.name.dropFirst()
        let request = ConfirmationRequest(
            title: "\(verb) \(what)?",
            message: action.isDestructive ? "This cannot be undone in the workflow (undo restores it only while the history lasts)."
                : "This changes \(targets.count) orders.",
            confirmLabel: "\(verb) \(what)")
        present(.confirm(PendingConfirmation(request: request, action: action, targets: targets, advanceFrom: advanceFrom)))
    }

    /// The user answered the confirmation dialog: on yes the action is applied.
    func answerConfirmation(_ accepted: Bool) {
        guard case .confirm(let pending) = modal else { return }
        modal = nil
        guard accepted else { return }
        apply(pending.action, to: pending.targets)
        advance(from: pending.advanceFrom)
    }

    private func apply(_ action: OrderAction, to targets: [OrderID]) {
        if let detail, case .detail(let id) = currentRoute, targets == [id] {
            detail.perform(action)
        } else {
            list.perform(action, on: targets)
        }
    }

    /// Opens the note editor for what the current screen acts on.
    func beginNote() {
        let targets = actionTargets
        guard !targets.isEmpty else { return }
        present(.noteEditor(NoteDraft(targets: targets)))
    }

    /// Saves the note being written on its orders and closes the editor (a blank note is dropped).
    func submitNote() {
        guard case .noteEditor(let draft) = modal else { return }
        modal = nil
        let text = draft.field.text
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        apply(.addNote(text), to: draft.targets)
    }

    /// y: the marked orders as CSV (fetched first), else the order's id.
    private func copy() -> [AppEffect] {
        if currentRoute == .list, list.markedCount > 0 { return [.copyAsCSV(list.markedIDs)] }
        let id: OrderID? = if case .detail(let id) = currentRoute { id } else { list.selectedOrderID }
        guard let id else { return [] }
        return [.copy(text: id.description, what: id.description)]
    }

    /// Opens the command palette with `text` typed, the cursor at its end.
    func openPalette(with text: String) {
        palette.reset()
        palette.textChanged(text)
        present(.commandPalette(cursor: text.count))
    }
}
