import Foundation
import OrdersCore
import OrdersStorage

extension OrderListModel {
    /// Applies an action to the marked orders, or to the selected one when none is marked.
    @discardableResult
    public func perform(_ action: OrderAction) -> Int {
        perform(action, on: actionTargets)
    }

    /// Applies an action to these orders: rows change at once, the store is updated
    /// in the background, and any order whose write fails or conflicts is rolled
    /// back (or refreshed) with an error. Orders the action does not apply to are
    /// skipped with a message. Returns how many orders changed.
    @discardableResult
    public func perform(_ action: OrderAction, on ids: [OrderID]) -> Int {
        perform(action, on: ids, seenVersions: [:])
    }

    /// Applies an action to these orders as the operator saw them: an order whose
    /// version in `seenVersions` is not the one the list holds now (someone else
    /// changed it meanwhile) is refused with its new state, never acted on; doing it
    /// again from that state is the operator's deliberate choice. Orders without a
    /// seen version are taken as the list shows them. Returns how many orders changed.
    ///
    /// On a server-served list, marked orders the window does not hold are read first
    /// (`withOrdersHeld`) and taken at the version they had when they were marked; the
    /// action is then applied to every order at once, and this returns 0.
    @discardableResult
    public func perform(_ action: OrderAction, on ids: [OrderID], seenVersions: [OrderID: Int]) -> Int {
        var changed = 0
        withOrdersHeld(ids, for: action.name) { [weak self] gone in
            changed = self?.apply(action, on: ids, seenVersions: seenVersions, gone: gone) ?? 0
        }
        return changed
    }

    /// `perform` once the index holds every order it can: `gone` are those the store no longer has.
    private func apply(_ action: OrderAction, on ids: [OrderID], seenVersions: [OrderID: Int], gone: Set<OrderID>) -> Int {
        var changes: [ActionRecord.Change] = []
        var refusals: [String] = []
        var writes: [PendingWrite] = []
        for id in ids {
            guard let slot = index.slot(of: id) else {
                refusals.append(gone.contains(id) ? "\(numberText(of: id)) is no longer in the database" : "\(id) is not loaded")
                continue
            }
            do {
                let mutations = try action.mutations(forStatus: index.status(slot), actor: environment.actor)
                // The rows hold no refunds or lines, so they cannot judge them: those are made on the detail.
                if mutations.contains(where: \.changesRefunds) {
                    refusals.append("\(numberText(of: id)): open the order to refund it")
                    continue
                }
                if mutations.contains(where: \.changesLines) {
                    refusals.append("\(numberText(of: id)): open the order to choose its lines")
                    continue
                }
                if let refusal = staleRefusal(id, slot: slot, seen: seenVersions[id] ?? marksOutsideWindow[id]?.version,
                                              mutations: mutations) {
                    refusals.append(refusal)
                    continue
                }
                if let change = try applyOptimistically(mutations, forward: mutations, to: slot) {
                    changes.append(change)
                    writes.append(PendingWrite(id: id, mutations: mutations, rollback: change.backward,
                                               seenVersion: index.version(slot)))
                }
            } catch {
                refusals.append("\(numberText(of: id)): \(OrderAction.refusal(error))")
            }
        }
        return record(action, on: ids, changes: changes, writes: writes, refusals: refusals)
    }

    /// Records an action the detail screen has already applied to the real order (`before` →
    /// `after`, validated there once by `Order.apply`): the row takes the new fields, and the write,
    /// the undo history and the messages go as for any list action. Refused, like any action, when
    /// the list holds another version than the one the screen showed (`before.version`).
    @discardableResult
    func perform(_ action: OrderAction, appliedAs mutations: [OrderMutation], from before: Order, to after: Order) -> Int {
        guard let slot = index.slot(of: after.id) ?? source.hold(shown: before) else {
            return record(action, on: [after.id], changes: [], writes: [], refusals: ["\(after.id) is not loaded"])
        }
        if let refusal = staleRefusal(after.id, slot: slot, seen: before.version, mutations: mutations) {
            return record(action, on: [after.id], changes: [], writes: [], refusals: [refusal])
        }
        index.setMutableFields(of: slot, MutableOrderFields(after))
        let change = Self.change(id: after.id, mutations: mutations, from: MutableOrderFields(before), to: MutableOrderFields(after))
        return record(action, on: [after.id], changes: [change],
                      writes: [PendingWrite(id: after.id, mutations: mutations, rollback: change.backward,
                                                   seenVersion: before.version)], refusals: [])
    }

    /// Why an action on a row must not go ahead, when the operator saw another version of it
    /// (`seen`) than the list holds now; nil when it may (or when no version was given). Appends
    /// (a note, a tag) commute with whatever changed meanwhile, so they always go ahead.
    private func staleRefusal(_ id: OrderID, slot: OrderIndex.Slot, seen: Int?, mutations: [OrderMutation]) -> String? {
        guard let seen, !mutations.allSatisfy(\.isAppend),
              !writer.hasSeen(id, version: seen, current: index.version(slot)) else { return nil }
        // A list behind what the screen showed is still catching up with the change feed.
        if seen > index.version(slot) { return "\(numberText(of: id)) is being refreshed; nothing was done, try again" }
        if marksOutsideWindow[id] != nil {
            // Not on screen: the refusal shows its new state, and the mark takes it as seen, so doing it
            // again applies it (as for a shown row, whose new state the screen shows).
            marksOutsideWindow[id]?.version = index.version(slot)
            return "\(numberText(of: id)) was changed by someone else since you marked it (now \(formatter.label(index.status(slot)))); "
                + "nothing was done, do it again to apply it to its new state"
        }
        return "\(numberText(of: id)) was changed by someone else since you saw it (now \(formatter.label(index.status(slot)))); "
            + "nothing was done, do it again to apply it to what is shown now"
    }

    /// Sets the messages, pushes the undo record and starts the writes of one action. A note that
    /// could not be written is kept for the editor (`unsavedNotes`), so the operator's text is not lost.
    private func record(_ action: OrderAction, on ids: [OrderID], changes: [ActionRecord.Change], writes: [PendingWrite],
                        refusals: [String]) -> Int {
        if case .addNote(let text) = action {
            for id in ids where !writes.contains(where: { $0.id == id }) { unsavedNotes[id] = text }
        }
        errorMessage = refusals.isEmpty ? nil : Self.summarize(refusals, action: action.name)
        guard !changes.isEmpty else {
            statusMessage = refusals.isEmpty ? "Nothing to change" : nil
            return 0
        }
        let record = history.record(action.name, changes: changes)
        historyChanged()
        statusMessage = changes.count == 1 ? "\(action.name): \(numberText(of: changes[0].id))" : "\(action.name): \(changes.count) orders"
        persist(writes, record: record.serial, label: action.name)
        return changes.count
    }

    /// Changes the indexed row at once through the domain rules; returns the change with its
    /// inverse, or nil if it changes nothing. Throws the domain's refusal.
    func applyOptimistically(_ mutations: [OrderMutation], forward: [OrderMutation], to slot: OrderIndex.Slot) throws -> ActionRecord.Change? {
        let id = index.id(slot)
        let before = index.mutableFields(slot)
        var order = indexedOrder(slot)
        // Refunds and shipments are judged by the store on the whole order (a failed write rolls the
        // row back); the row only takes their effect on the payment or fulfilment, which the change
        // carries (`change`).
        let entries = try order.apply(mutations.filter { !$0.needsWholeOrder }, actor: environment.actor, at: environment.now())
        guard !entries.isEmpty || mutations.contains(where: { $0.changesNotes || $0.needsWholeOrder }) else { return nil }
        let after = MutableOrderFields(order)
        index.setMutableFields(of: slot, after)
        return Self.change(id: id, mutations: forward, from: before, to: after)
    }

    /// A row's change and its inverse. Notes, refunds and shipments are not in the index; their effect
    /// is only known to the store, so their inverse is taken from the mutations. A refund's effect on
    /// the payment is carried as `restorePayment` after it, and a shipment's on the fulfilment as
    /// `restoreFulfillment`, so a redo gives the row its payment and fulfilment too (in the store it
    /// changes nothing: the refund or shipment has already moved them there). A shipment is taken
    /// back before the fulfilment is put back, so the lines hold their units when an undo to
    /// unfulfilled clears them (`Order.alignLines`).
    private static func change(id: OrderID, mutations: [OrderMutation], from before: MutableOrderFields,
                               to after: MutableOrderFields) -> ActionRecord.Change {
        let undoShipments: [OrderMutation] = mutations.reversed().compactMap {
            if case .fulfilLines(let shipment) = $0 { .unfulfilLines(shipment) } else { nil }
        }
        let undoUnindexed: [OrderMutation] = mutations.reversed().compactMap {
            switch $0 {
            case .addNote(let text): .removeNote(text)
            case .removeNote(let text): .addNote(text)
            case .refund(let refund): .removeRefund(refund.id)
            default: nil
            }
        }
        var forward = mutations
        let givesBack = mutations.contains { if case .refund = $0 { true } else { false } }
        if givesBack && after.payment != before.payment { forward.append(.restorePayment(after.payment)) }
        if !undoShipments.isEmpty && after.fulfillment != before.fulfillment { forward.append(.restoreFulfillment(after.fulfillment)) }
        return ActionRecord.Change(id: id, forward: forward,
                                   backward: undoShipments + after.mutations(to: before, workflow: false) + undoUnindexed)
    }

    /// The order the index holds for a row (its workflow fields, currency and date).
    private func indexedOrder(_ slot: OrderIndex.Slot) -> Order {
        index.mutableFields(slot).order(id: index.id(slot), currency: index.currency(slot), createdAt: index.createdAt(slot))
    }

    /// Writes changes in the background, many orders to a transaction (`OrderUpdateChunks`), each
    /// at the version the list last saw. A failed write rolls its row back (a conflict shows the
    /// stored order instead), drops that order from the undo history, and shows one error.
    func persist(_ writes: [PendingWrite], record serial: Int, label: String) {
        writer.begin(writes)
        writesStarted()
        rowsChanged(writes.compactMap { index.slot(of: $0.id) })
        enqueue { [weak self] in
            guard let self else { return }
            var failures: [String] = []
            var touched: [OrderIndex.Slot] = []
            var unknown: [OrderID] = []
            // An order comes at most once in a chunk: a second write to it is sent in a later chunk,
            // at the version the first one stored, as when the writes went one at a time.
            for chunk in OrderUpdateChunks.split(writes, id: \.id) {
                var sent: [(write: PendingWrite, expectedVersion: Int)] = []
                for write in chunk {
                    guard let slot = self.index.slot(of: write.id) else {
                        self.writeFinished(write.id)
                        continue
                    }
                    // The version the action was taken on, moved on only by this list's own writes since
                    // (an earlier action on the same order): never a version someone else wrote meanwhile.
                    let current = self.index.version(slot)
                    sent.append((write, self.writer.hasSeen(write.id, version: write.seenVersion, current: current)
                        ? current : write.seenVersion))
                }
                let outcomes = await OptimisticWriter.send(sent, to: self.store, actor: self.environment.actor)
                for ((write, expected), outcome) in zip(sent, outcomes) {
                    defer { self.writeFinished(write.id) }
                    switch outcome {
                    case .stored(let stored):
                        self.writer.stored(write.id, from: expected, to: stored.version)
                        if stored.version > expected, !write.isUndo {
                            self.history.stored(write.id, inRecord: serial, version: stored.version)
                        }
                        if write.note != nil { self.unsavedNotes[write.id] = nil }
                        guard let slot = self.index.slot(of: write.id) else { continue }
                        if self.writer.hasLaterWrite(write.id) {
                            // A later optimistic change is already on the row: keep it, learn the version.
                            self.index.setVersion(of: slot, stored.version)
                        } else {
                            self.index.upsert(stored)
                        }
                        touched.append(slot)
                    case .conflict(let current, let message):
                        failures.append(message)
                        if let note = write.note { self.unsavedNotes[write.id] = note }
                        touched.append(self.index.upsert(current))
                        self.dropFromHistory(write.id, serial: serial)
                    case .failed(let message):
                        failures.append(message)
                        if let note = write.note { self.unsavedNotes[write.id] = note }
                        if let slot = self.rollBack(write) { touched.append(slot) }
                        self.dropFromHistory(write.id, serial: serial)
                    case .outcomeUnknown(let message):
                        // Shown as failed and rolled back, then read again below: if the server did
                        // store it, the row shows it stored, so the operator sees the truth.
                        failures.append(message)
                        if let note = write.note { self.unsavedNotes[write.id] = note }
                        if let slot = self.rollBack(write) { touched.append(slot) }
                        self.dropFromHistory(write.id, serial: serial)
                        unknown.append(write.id)
                    }
                }
            }
            self.rowsChanged(touched)
            await self.source.writesSettled(writes, unknown: unknown)
            if !failures.isEmpty {
                self.errorMessage = Self.summarize(failures, action: label)
            }
        }
    }

    /// Applies a failed write's inverse to its row; returns the row's slot.
    private func rollBack(_ write: PendingWrite) -> OrderIndex.Slot? {
        guard let slot = index.slot(of: write.id) else { return nil }
        var order = indexedOrder(slot)
        // The row holds no refunds or lines: their inverses would be refused there, and the rest with them.
        _ = try? order.apply(write.rollback.filter { !$0.needsWholeOrder }, actor: environment.actor, at: environment.now())
        index.setMutableFields(of: slot, MutableOrderFields(order))
        return slot
    }

    /// Shows "saving…" at once, and "waiting for the database…" if the writes are
    /// still under way after `slowWriteNotice` (another process holds the write lock,
    /// or the disk is slow). The screen stays usable all the while.
    private func writesStarted() {
        guard writeState == .idle else { return }
        writeState = .saving
        let delay = environment.slowWriteNotice, sleep = environment.sleep
        slowWriteTimer = environment.work.timer { [weak self] in
            try? await sleep(.seconds(delay))
            guard !Task.isCancelled, let self, self.writer.isWriting else { return }
            self.writeState = .waitingForDatabase
        }
    }

    private func writeFinished(_ id: OrderID) {
        writer.finish(id)
        guard !writer.isWriting else { return }
        slowWriteTimer?.cancel()
        slowWriteTimer = nil
        writeState = .idle
    }

    /// Drops the kept notes of these orders: the editor is saving its text again, so what
    /// `unsavedNotes` holds afterwards is only what this save could not store.
    public func forgetUnsavedNotes(of ids: [OrderID]) {
        for id in ids { unsavedNotes[id] = nil }
    }

    /// "cancel: ORD-0000001: a shipped order can only become completed (and 2 more)".
    static func summarize(_ problems: [String], action: String) -> String {
        guard let first = problems.first else { return "" }
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        // A note is the operator's own text: say plainly that it was not saved (the editor keeps it).
        if action == OrderAction.addNote("").name { return "The note was not saved: \(first)\(more)" }
        return "\(action): \(first)\(more)"
    }
}
