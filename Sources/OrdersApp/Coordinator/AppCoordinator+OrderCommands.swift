import Foundation
import OrdersCore
import OrdersPresentation
import OrdersScreens

extension AppCoordinator {
    /// Actions on orders: on the list the marked orders (else the selected one), on the detail its order.
    func perform(_ command: OrderCommand) -> [AppEffect] {
        switch command {
        case .advance: act(.advance)
        case .cancel: act(.cancel)
        case .refund: act(.refund)
        case .markPaid: act(.markPaid)
        case .fulfil:
            // On the detail, which holds the lines, the operator chooses them; on the list every remaining line is sent.
            if detail != nil, currentRoute != .list { return chooseLinesToFulfil() }
            act(.fulfil)
        case .hold:
            if let detail, currentRoute != .list {
                act(detail.order?.fulfillment == .onHold ? .release : .hold)
            } else {
                // The toggle judges every marked order, so those the window does not hold are read first.
                list.whenTargetsHeld(for: "hold") { [weak self] in
                    guard let self else { return }
                    self.act(self.list.toggleHoldAction)
                }
            }
        case .flag:
            if let detail, currentRoute != .list {
                act(detail.order?.flagged == true ? .unflag : .flag)
            } else {
                list.whenTargetsHeld(for: "flag") { [weak self] in
                    guard let self else { return }
                    self.act(self.list.toggleFlagAction)
                }
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
    var actionTargets: [OrderID] {
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
            // What the screen shows now travels with the action: a change arriving before it is applied is refused.
            apply(action, to: targets, seen: shownVersions(of: targets))
            advance(from: advanceFrom)
            return
        }
        let what = targets.count == 1 ? list.numberText(of: targets[0]) : "\(targets.count) orders"
        let verb = action.name.prefix(1).uppercased() + action.name.dropFirst()
        let request = ConfirmationRequest(
            title: "\(verb) \(what)?",
            message: action.isDestructive ? "This cannot be undone in the workflow (undo restores it only while the history lasts)."
                : "This changes \(targets.count) orders.",
            confirmLabel: "\(verb) \(what)")
        // What the operator sees now; a change arriving while they confirm is not acted on unseen.
        present(.confirm(PendingConfirmation(request: request, action: action, targets: targets, advanceFrom: advanceFrom,
                                             seenVersions: shownVersions(of: targets))))
    }

    /// The user answered the confirmation dialog: on yes the action is applied.
    func answerConfirmation(_ accepted: Bool) {
        guard case .confirm(let pending) = modal else { return }
        modal = nil
        if let draft = pending.noteDraft {
            answerDiscard(of: draft, accepted)
            return
        }
        guard accepted else { return }
        if let change = pending.viewChange {
            perform(change)
            return
        }
        apply(pending.action, to: pending.targets, seen: pending.seenVersions)
        advance(from: pending.advanceFrom)
    }

    /// The versions of `targets` the current screen shows (the detail's order, or the list's rows).
    private func shownVersions(of targets: [OrderID]) -> [OrderID: Int] {
        if let detail, case .detail(let id) = currentRoute, targets == [id] {
            return detail.order.map { [id: $0.version] } ?? [:]
        }
        return list.shownVersions(of: targets)
    }

    /// Applies an action; with `seen`, orders changed since those versions are refused with their new state.
    private func apply(_ action: OrderAction, to targets: [OrderID], seen: [OrderID: Int] = [:]) {
        if let detail, case .detail(let id) = currentRoute, targets == [id] {
            detail.perform(action, seenVersion: seen[id])
        } else {
            list.perform(action, on: targets, seenVersions: seen)
        }
    }

    /// Opens the note editor for what the current screen acts on, with the draft kept for them.
    func beginNote() {
        let targets = actionTargets
        guard !targets.isEmpty else { return }
        present(.noteEditor(NoteDraft(targets: targets, text: noteDrafts.text(for: targets) ?? "")))
    }

    /// Esc in the note editor: a blank note just closes; a written one asks whether to discard
    /// it or keep it as a draft (the safe answer, also Esc again), so a reflex Esc loses nothing.
    func closeNote() {
        guard case .noteEditor(let draft) = modal, !draft.isSaving else { return }
        guard !draft.field.text.allSatisfy(\.isWhitespace) else {
            noteDrafts.forget(draft.targets)
            modal = nil
            return
        }
        let subject = noteSubject(draft)
        let request = ConfirmationRequest(
            title: "Discard the note on \(subject)?",
            message: "Discarding loses what you wrote. Keeping it makes it a draft: the note key on \(subject) brings it back.",
            confirmLabel: "Discard note", keepLabel: "Keep draft")
        present(.confirm(.discarding(draft, request: request)))
    }

    /// The answer to "Discard the note?": yes forgets the text, no keeps it as the orders' draft.
    private func answerDiscard(of draft: NoteDraft, _ accepted: Bool) {
        if accepted {
            noteDrafts.forget(draft.targets)
        } else {
            noteDrafts.keep(draft)
        }
    }

    /// Saves the note being written on its orders (a blank note is dropped, closing the editor).
    /// The editor stays open, with the text, until the note is stored: the returned effect
    /// waits for the write and then calls `noteSaveFinished`.
    func submitNote() -> [AppEffect] {
        guard case .noteEditor(var draft) = modal, !draft.isSaving else { return [] }
        let text = draft.field.text
        noteDrafts.forget(draft.targets)
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            modal = nil
            return []
        }
        draft.isSaving = true
        modal = .noteEditor(draft)
        list.forgetUnsavedNotes(of: draft.targets)
        apply(.addNote(text), to: draft.targets)
        return [.finishNote(draft.targets)]
    }

    /// The operator's editor is done with the note on `targets`: its text replaces the draft (the
    /// cursor at its end), or a notice says why nothing came back, the draft as it was.
    func noteEdited(_ outcome: ExternalEditor.Outcome, for targets: [OrderID]) -> [AppEffect] {
        switch outcome {
        case .kept(let reason):
            return [showNotice(reason, kind: .failure, for: .seconds(8))]
        case .edited(let text):
            let draft = NoteDraft(targets: targets, text: text)
            if case .noteEditor(let open) = modal, open.targets == targets, !open.isSaving {
                modal = .noteEditor(draft)
            } else {
                noteDrafts.keep(draft)
            }
            return []
        }
    }

    /// The note's writes are done: the editor closes, or stays on the orders whose save
    /// failed, with the text and the list's error (unless the operator closed it meanwhile).
    public func noteSaveFinished(_ targets: [OrderID]) {
        guard case .noteEditor(var draft) = modal, draft.isSaving, draft.targets == targets else { return }
        let unsaved = targets.filter { list.unsavedNotes[$0] != nil }
        guard !unsaved.isEmpty else {
            modal = nil
            return
        }
        draft.targets = unsaved
        draft.isSaving = false
        modal = .noteEditor(draft)
    }

    /// y: the marked orders as CSV (fetched first), else the order's number.
    private func copy() -> [AppEffect] {
        if currentRoute == .list, list.markedCount > 0 { return [.copyAsCSV(list.markedIDs)] }
        let id: OrderID? = if case .detail(let id) = currentRoute { id } else { list.selectedOrderID }
        guard let id else { return [] }
        let number = list.numberText(of: id)
        return [.copy(text: number, what: number)]
    }

    /// Opens the command palette with `text` typed, the cursor at its end.
    func openPalette(with text: String) {
        palette.reset()
        palette.operators = list.operators
        palette.tags = list.knownTags
        palette.viewNames = views?.names ?? []
        palette.textChanged(text)
        present(.commandPalette(cursor: text.count))
    }
}
