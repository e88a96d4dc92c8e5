import Foundation

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
        var changes: [ActionRecord.Change] = []
        var refusals: [String] = []
        var writes: [PendingWrite] = []
        for id in ids {
            guard let slot = index.slot(of: id) else {
                refusals.append("\(id) is not loaded")
                continue
            }
            do {
                let mutations = try action.mutations(forStatus: index.status(slot), actor: environment.actor)
                if let change = try applyOptimistically(mutations, forward: mutations, to: slot) {
                    changes.append(change)
                    writes.append(PendingWrite(id: id, mutations: mutations, rollback: change.backward))
                }
            } catch {
                refusals.append("\(id): \(OrderAction.refusal(error))")
            }
        }
        return record(action, changes: changes, writes: writes, refusals: refusals)
    }

    /// Records an action the detail screen has already applied to the real order (`before` →
    /// `after`, validated there once by `Order.apply`): the row takes the new fields, and the write,
    /// the undo history and the messages go as for any list action.
    @discardableResult
    func perform(_ action: OrderAction, appliedAs mutations: [OrderMutation], from before: Order, to after: Order) -> Int {
        guard let slot = index.slot(of: after.id) else {
            return record(action, changes: [], writes: [], refusals: ["\(after.id) is not loaded"])
        }
        index.setMutableFields(of: slot, MutableOrderFields(after))
        let change = Self.change(id: after.id, mutations: mutations, from: MutableOrderFields(before), to: MutableOrderFields(after))
        return record(action, changes: [change],
                      writes: [PendingWrite(id: after.id, mutations: mutations, rollback: change.backward)], refusals: [])
    }

    /// Sets the messages, pushes the undo record and starts the writes of one action.
    private func record(_ action: OrderAction, changes: [ActionRecord.Change], writes: [PendingWrite],
                        refusals: [String]) -> Int {
        errorMessage = refusals.isEmpty ? nil : Self.summarize(refusals, action: action.name)
        guard !changes.isEmpty else {
            statusMessage = refusals.isEmpty ? "Nothing to change" : nil
            return 0
        }
        nextRecordSerial += 1
        let record = ActionRecord(serial: nextRecordSerial, name: action.name, changes: changes)
        undoStack.append(record)
        redoStack.removeAll()
        historyChanged()
        statusMessage = changes.count == 1 ? "\(action.name): \(changes[0].id)" : "\(action.name): \(changes.count) orders"
        persist(writes, record: record.serial, label: action.name)
        return changes.count
    }

    /// Changes the indexed row at once through the domain rules; returns the change with its
    /// inverse, or nil if it changes nothing. Throws the domain's refusal.
    func applyOptimistically(_ mutations: [OrderMutation], forward: [OrderMutation], to slot: OrderIndex.Slot) throws -> ActionRecord.Change? {
        let id = index.id(slot)
        let before = index.mutableFields(slot)
        var order = indexedOrder(slot)
        let entries = try order.apply(mutations, actor: environment.actor, at: environment.now())
        guard !entries.isEmpty || mutations.contains(where: \.changesNotes) else { return nil }
        let after = MutableOrderFields(order)
        index.setMutableFields(of: slot, after)
        return Self.change(id: id, mutations: forward, from: before, to: after)
    }

    /// A row's change and its inverse. Notes are not in the index; their effect is only known to
    /// the store, so their inverse is taken from the mutations.
    private static func change(id: OrderID, mutations: [OrderMutation], from before: MutableOrderFields,
                               to after: MutableOrderFields) -> ActionRecord.Change {
        let undoNotes: [OrderMutation] = mutations.reversed().compactMap {
            switch $0 {
            case .addNote(let text): .removeNote(text)
            case .removeNote(let text): .addNote(text)
            default: nil
            }
        }
        return ActionRecord.Change(id: id, forward: mutations, backward: after.mutations(to: before, workflow: false) + undoNotes)
    }

    /// The order the index holds for a row (its workflow fields, currency and date).
    private func indexedOrder(_ slot: OrderIndex.Slot) -> Order {
        index.mutableFields(slot).order(id: index.id(slot), currency: index.currency(slot), createdAt: index.createdAt(slot))
    }

    /// One order's write: what to send, and how to take it off the row if it fails.
    /// Rolling back undoes only this write's own changes, so an earlier or later
    /// optimistic change to the same order is neither lost nor resurrected.
    struct PendingWrite {
        var id: OrderID
        var mutations: [OrderMutation]
        var rollback: [OrderMutation]
    }

    /// Writes changes in the background, one order at a time, each at the version
    /// the list last saw. A failed write rolls its row back (a conflict shows the
    /// stored order instead), drops that order from the undo history, and shows one error.
    func persist(_ writes: [PendingWrite], record serial: Int, label: String) {
        for write in writes { pendingWrites[write.id, default: 0] += 1 }
        rowsChanged(writes.compactMap { index.slot(of: $0.id) })
        enqueue { [weak self] in
            guard let self else { return }
            var failures: [String] = []
            var touched: [OrderIndex.Slot] = []
            for write in writes {
                defer { self.writeFinished(write.id) }
                guard let slot = self.index.slot(of: write.id) else { continue }
                do {
                    let stored = try await self.store.update(write.id, expectedVersion: self.index.version(slot),
                                                             mutations: write.mutations, actor: self.environment.actor)
                    guard let slot = self.index.slot(of: write.id) else { continue }
                    if (self.pendingWrites[write.id] ?? 0) > 1 {
                        // A later optimistic change is already on the row: keep it, learn the version.
                        self.index.setVersion(of: slot, stored.version)
                    } else {
                        self.index.upsert(stored)
                    }
                    touched.append(slot)
                } catch let error as OrderStoreError {
                    failures.append(error.description)
                    if case .conflict(let current, _, _) = error {
                        touched.append(self.index.upsert(current))
                    } else if let slot = self.rollBack(write) {
                        touched.append(slot)
                    }
                    self.dropFromHistory(write.id, serial: serial)
                } catch {
                    failures.append("\(write.id): \(error)")
                    if let slot = self.rollBack(write) { touched.append(slot) }
                    self.dropFromHistory(write.id, serial: serial)
                }
            }
            self.rowsChanged(touched)
            if !failures.isEmpty {
                self.errorMessage = Self.summarize(failures, action: label)
            }
        }
    }

    /// Applies a failed write's inverse to its row; returns the row's slot.
    private func rollBack(_ write: PendingWrite) -> OrderIndex.Slot? {
        guard let slot = index.slot(of: write.id) else { return nil }
        var order = indexedOrder(slot)
        _ = try? order.apply(write.rollback, actor: environment.actor, at: environment.now())
        index.setMutableFields(of: slot, MutableOrderFields(order))
        return slot
    }

    private func writeFinished(_ id: OrderID) {
        let remaining = (pendingWrites[id] ?? 1) - 1
        pendingWrites[id] = remaining > 0 ? remaining : nil
    }

    /// "cancel: ORD-0000001: a shipped order can only become completed (and 2 more)".
    static func summarize(_ problems: [String], action: String) -> String {
        guard let first = problems.first else { return "" }
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        return "\(action): \(first)\(more)"
    }
}
