import Foundation
import OrdersCore
import OrdersStorage

/// The orders an action or an undo applies to that the served list's window does not hold
/// (marked on another page). Their rows are read from the server first (`withOrdersHeld`), then
/// join the index outside the window: acted on, written, rolled back and undone like held rows, but
/// never shown, since a served list shows only the window's slots (`ListPipeline.showInOrder`).
/// They stay until the window is installed again, which keeps only those with writes still under
/// way; the window is read again after their writes, which brings the new counts and drops them.
/// The indexed source holds every order, so none of this applies to it.
extension ServedListSource {
    var isReadingOrdersNotHeld: Bool { outsideWindowRead != nil }

    /// Runs `body` at once when the index holds every order of `ids`; else reads the missing ones off
    /// the main actor, saying so, holds them outside the window and then runs it with those the store
    /// no longer has (`gone`). While a read runs, another call is refused with an error, so two actions
    /// never interleave.
    func withOrdersHeld(_ ids: [OrderID], for what: String, gone: Set<OrderID>,
                        _ body: @escaping @MainActor (_ gone: Set<OrderID>) -> Void) {
        guard outsideWindowRead == nil else {
            list.errorMessage = "\(what): orders not on screen are still being read; nothing was done, try again"
            return
        }
        let missing = ids.filter { !gone.contains($0) && list.index.slot(of: $0) == nil }
        guard !missing.isEmpty else {
            body(gone)
            return
        }
        list.errorMessage = nil
        list.statusMessage = missing.count == 1 ? "Reading 1 order not on screen…" : "Reading \(missing.count) orders not on screen…"
        let server = self.server
        outsideWindowRead = list.environment.work.onMain { [weak self, weak list = self.list] in
            let read: Result<[OrderIndexRow], any Error>
            do { read = .success(try await server.listRows(ids: missing)) } catch { read = .failure(error) }
            guard let self, let list, !Task.isCancelled else { return }
            self.outsideWindowRead = nil
            // What the read said is over; the action says what it did (a confirmation may come first).
            list.statusMessage = nil
            switch read {
            case .success(let rows):
                self.holdRead(rows)
                let found = Set(rows.map(\.id))
                // Again, for orders the window dropped while they were read (the operator moved on); a
                // reload may have brought the indexed source meanwhile (the store shrank), which holds them all.
                list.withOrdersHeld(ids, for: what, gone: gone.union(missing.filter { !found.contains($0) }), body)
            case .failure(let error):
                list.errorMessage = "\(what): could not read the orders not on screen: \(error)"
            }
        }
    }

    /// Rows just read from the server join the index outside the window; an order the window holds
    /// meanwhile, or one with a write under way (its row holds that change), keeps its row.
    private func holdRead(_ rows: [OrderIndexRow]) {
        guard list.source === self else { return }
        let inWindow = Set(window.rows.map(\.id))
        var slots: [OrderIndex.Slot] = []
        for row in rows where !inWindow.contains(row.id) && !list.writer.isPending(row.id) {
            slots.append(holdOutsideWindow(row))
        }
        list.rowsChanged(slots)
    }

    /// A row joins the index outside the window: acted on like a held row, never shown.
    private func holdOutsideWindow(_ row: OrderIndexRow) -> OrderIndex.Slot {
        rowsOutsideWindow[row.id] = row
        return list.index.upsert(row)
    }

    /// The order a detail screen shows and acts on, when the window does not hold it (opened from
    /// the customer's other orders, say): its row, made from the order as the screen showed it, joins
    /// the index outside the window, so the action is recorded, written and undone like any row's
    /// (the store still refuses it if the order changed meanwhile).
    func hold(shown order: Order) -> OrderIndex.Slot? {
        let slot = holdOutsideWindow(OrderIndexRow(order))
        list.rowsChanged([slot])
        return slot
    }

    func holdsOnlyForAction(_ id: OrderID) -> Bool { rowsOutsideWindow[id] != nil }

    /// Marks an order: in place when the window holds it, else by id with what was last seen of it.
    func mark(_ order: ListMark) {
        if rowsOutsideWindow[order.id] == nil, let slot = list.index.slot(of: order.id) {
            list.marks.insert(slot)
        } else {
            list.marksOutsideWindow[order.id] = order
        }
    }

    /// Every marked order with what the list last showed of it (held marks at the version shown
    /// now), for a window about to replace the index.
    func marksAsLastShown() -> [ListMark] {
        var marked = Array(list.marksOutsideWindow.values)
        let index = list.index
        list.marks.forEach { slot in
            marked.append(ListMark(id: index.id(slot), version: index.version(slot), number: index.number(slot)))
        }
        return marked
    }

    /// An order's row outside the window as the index holds it: the row read, with the fields and
    /// version its optimistic changes gave it.
    struct RowOutsideWindow {
        var row: OrderIndexRow
        var fields: MutableOrderFields
        var version: Int
    }

    /// The rows with writes under way that a new window (`inWindow`) will not hold: they must stay
    /// in the index until their writes settle (a write finds its row, and its version, there).
    func rowsWithWritesUnderWay(outside inWindow: Set<OrderID>) -> [RowOutsideWindow] {
        let pending = list.writer.pending.keys.filter { !inWindow.contains($0) }
        guard !pending.isEmpty else { return [] }
        let windowRows = Dictionary(window.rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return pending.compactMap { id in
            guard let slot = list.index.slot(of: id), let row = rowsOutsideWindow[id] ?? windowRows[id] else { return nil }
            return RowOutsideWindow(row: row, fields: list.index.mutableFields(slot), version: list.index.version(slot))
        }
    }

    /// Puts rows back into a new window's index, outside the window (called before marks are placed).
    func holdOutsideWindow(_ rows: [RowOutsideWindow]) {
        rowsOutsideWindow = [:]
        for kept in rows {
            let slot = holdOutsideWindow(kept.row)
            list.index.setMutableFields(of: slot, kept.fields)
            list.index.setVersion(of: slot, kept.version)
        }
    }

    /// The window and the counts read again around the selection: after writes to orders outside the
    /// window (they moved tabs and sums; this also lets their rows go) and after another operator's change.
    func reread() async {
        guard list.source === self, !list.writer.isWriting else { return }
        do {
            try await refresh(anchor: list.selectedRowCursor, fallbackPosition: list.selectedIndex ?? 0)
        } catch is CancellationError {
            return
        } catch {
            list.errorMessage = "Could not refresh the list: \(error)"
        }
    }
}
