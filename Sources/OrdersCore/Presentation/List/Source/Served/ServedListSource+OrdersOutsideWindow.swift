import Foundation

/// The orders an action or an undo applies to that a server-served list's window does not hold
/// (marked on another page). Their rows are read from the server first (`withOrdersHeld`), then
/// join the index outside the window: acted on, written, rolled back and undone like held rows, but
/// never shown, since a served list shows only the window's slots (`ListPipeline.showInOrder`).
/// They stay until the window is installed again, which keeps only those with writes still under
/// way; the window is read again after their writes, which brings the new counts and drops them.
/// The in-memory list holds every order, so none of this applies to it.
extension OrderListModel {
    /// Whether orders the window does not hold are being read for an action (no other action runs meanwhile).
    public var isReadingOrdersOutsideWindow: Bool { outsideWindowRead != nil }

    /// Runs `body` once the list holds every order of the current targets (the marked orders, or the
    /// selected one): at once unless a server-served window misses some, else after reading them.
    /// For what judges the targets before acting, as the flag and hold toggles do.
    public func whenTargetsHeld(for what: String, _ body: @escaping @MainActor () -> Void) {
        withOrdersHeld(actionTargets, for: what) { _ in body() }
    }

    /// Runs `body` at once when the index holds every order of `ids` (always, on the in-memory list);
    /// else reads the missing ones off the main actor, saying so, holds them outside the window and
    /// then runs it with those the store no longer has (`gone`). While a read runs, another call is
    /// refused with an error, so two actions never interleave.
    func withOrdersHeld(_ ids: [OrderID], for what: String, gone: Set<OrderID> = [],
                        _ body: @escaping @MainActor (_ gone: Set<OrderID>) -> Void) {
        guard outsideWindowRead == nil else {
            errorMessage = "\(what): orders not on screen are still being read; nothing was done, try again"
            return
        }
        let missing = serverWindow == nil ? [] : ids.filter { !gone.contains($0) && index.slot(of: $0) == nil }
        guard !missing.isEmpty, let server = store as? any ServerListStore else {
            body(gone)
            return
        }
        errorMessage = nil
        statusMessage = missing.count == 1 ? "Reading 1 order not on screen…" : "Reading \(missing.count) orders not on screen…"
        outsideWindowRead = Task { [weak self] in
            let read: Result<[OrderIndexRow], any Error>
            do { read = .success(try await server.listRows(ids: missing)) } catch { read = .failure(error) }
            guard let self, !Task.isCancelled else { return }
            self.outsideWindowRead = nil
            // What the read said is over; the action says what it did (a confirmation may come first).
            self.statusMessage = nil
            switch read {
            case .success(let rows):
                // A reload may have brought the in-memory index (the store shrank), which holds them all.
                if self.serverWindow != nil { self.holdRead(rows) }
                let found = Set(rows.map(\.id))
                // Again, for orders the window dropped while they were read (the operator moved on).
                self.withOrdersHeld(ids, for: what, gone: gone.union(missing.filter { !found.contains($0) }), body)
            case .failure(let error):
                self.errorMessage = "\(what): could not read the orders not on screen: \(error)"
            }
        }
    }

    /// Rows just read from the server join the index outside the window; an order the window holds
    /// meanwhile, or one with a write under way (its row holds that change), keeps its row.
    private func holdRead(_ rows: [OrderIndexRow]) {
        let inWindow = Set(serverWindow?.rows.map(\.id) ?? [])
        var slots: [OrderIndex.Slot] = []
        for row in rows where !inWindow.contains(row.id) && !writer.isPending(row.id) {
            slots.append(holdOutsideWindow(row))
        }
        rowsChanged(slots)
    }

    /// A row joins the index outside the window: acted on like a held row, never shown.
    private func holdOutsideWindow(_ row: OrderIndexRow) -> OrderIndex.Slot {
        rowsOutsideWindow[row.id] = row
        return index.upsert(row)
    }

    /// The order a detail screen shows and acts on, when a server-served window does not hold it
    /// (opened from the customer's other orders, say): its row, made from the order as the screen
    /// showed it, joins the index outside the window, so the action is recorded, written and undone
    /// like any row's (the store still refuses it if the order changed meanwhile). Nil on the
    /// in-memory list, which holds every order it can act on.
    func holdOutsideWindow(shown order: Order) -> OrderIndex.Slot? {
        guard serverWindow != nil else { return nil }
        let slot = holdOutsideWindow(OrderIndexRow(order))
        rowsChanged([slot])
        return slot
    }

    /// Marks an order: in place when the window holds it, else by id with what was last seen of it.
    func mark(_ order: ListMark) {
        if rowsOutsideWindow[order.id] == nil, let slot = index.slot(of: order.id) {
            marks.insert(slot)
        } else {
            marksOutsideWindow[order.id] = order
        }
    }

    /// Every marked order with what the list last showed of it (held marks at the version shown
    /// now), for a window about to replace the index.
    func marksAsLastShown() -> [ListMark] {
        var marked = Array(marksOutsideWindow.values)
        marks.forEach { slot in
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
        let pending = writer.pending.keys.filter { !inWindow.contains($0) }
        guard !pending.isEmpty else { return [] }
        let windowRows = Dictionary(serverWindow?.rows.map { ($0.id, $0) } ?? [], uniquingKeysWith: { first, _ in first })
        return pending.compactMap { id in
            guard let slot = index.slot(of: id), let row = rowsOutsideWindow[id] ?? windowRows[id] else { return nil }
            return RowOutsideWindow(row: row, fields: index.mutableFields(slot), version: index.version(slot))
        }
    }

    /// Puts rows back into a new window's index, outside the window (called before marks are placed).
    func holdOutsideWindow(_ rows: [RowOutsideWindow]) {
        rowsOutsideWindow = [:]
        for kept in rows {
            let slot = holdOutsideWindow(kept.row)
            index.setMutableFields(of: slot, kept.fields)
            index.setVersion(of: slot, kept.version)
        }
    }

    /// The window and the counts read again around the selection: after writes to orders outside the
    /// window (they moved tabs and sums; this also lets their rows go) and after another operator's change.
    func rereadServerWindow() async {
        guard let server = store as? any ServerListStore, serverWindow != nil, !writer.isWriting else { return }
        do {
            try await refreshFromServer(server, anchor: selectedRowCursor, fallbackPosition: selectedIndex ?? 0)
        } catch is CancellationError {
            return
        } catch {
            errorMessage = "Could not refresh the list: \(error)"
        }
    }
}
