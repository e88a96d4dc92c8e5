import OrdersCore

/// Which way a page key moves the selection.
public enum PageDirection: Sendable {
    case up, down
}

extension OrderListModel {
    /// The selected order, nil when the list is empty.
    public var selectedOrderID: OrderID? {
        guard let selectedIndex, let slot = slot(at: selectedIndex) else { return nil }
        return index.id(slot)
    }

    /// Selects a row; out-of-range positions are clamped (never traps, even when empty).
    public func select(at position: Int) {
        // A move of the operator's own replaces a wait for the end (`selectLast` while counting).
        cancelGoingToTheEnd()
        guard rowCount > 0 else { selectedIndex = nil; return }
        let clamped = min(max(position, 0), rowCount - 1)
        guard clamped != selectedIndex else { return }
        selectedIndex = clamped
        followSelection()
        revision += 1
        source.selectionMoved()
    }

    // MARK: Viewport

    /// How many rows the table shows: what a page is. Set by the app from the screen's
    /// size (before a frame, never while drawing).
    public var pageHeight: Int { viewport.height }

    /// The screen has room for `rows` table rows (on start and after a resize).
    public func setPageHeight(_ rows: Int) {
        guard rows != viewport.height else { return }
        viewport = viewport.following(selectedIndex, rowCount: rowCount, height: rows)
        revision += 1
    }

    /// The rows a table of `height` rows shows now: the kept viewport, moved to show the
    /// selection if the height differs from the page height. Reads only, so a view may
    /// call it while it is laid out.
    public func viewport(height: Int) -> ListViewport {
        _ = revision
        return viewport.following(selectedIndex, rowCount: rowCount, height: height)
    }

    /// Moves the viewport the least that keeps the selection in sight.
    func followSelection() {
        viewport = viewport.following(selectedIndex, rowCount: rowCount, height: viewport.height)
    }

    /// Selects an order if the list shows it; returns whether it does.
    @discardableResult
    public func select(id: OrderID) -> Bool {
        guard let position = position(of: id) else { return false }
        select(at: position)
        return true
    }

    /// Moves the selection by rows (negative is up), stopping at either end.
    public func moveSelection(by offset: Int) {
        select(at: (selectedIndex ?? 0) + offset)
    }

    public func selectFirst() { select(at: 0) }

    /// Selects the last row. A source that does not know where the end is yet (a served list still
    /// counting a new search) goes there once it does (`goToTheEndIfWaiting`).
    public func selectLast() {
        guard source.knowsTheEnd else {
            goingToTheEnd = true
            statusMessage = Self.goingToTheEnd
            return
        }
        select(at: rowCount - 1)
    }

    static let goingToTheEnd = "Going to the end once the orders are counted…"

    /// `G` was pressed before the list's length was known: now that it may be, the last row.
    func goToTheEndIfWaiting() {
        guard goingToTheEnd, source.knowsTheEnd else { return }
        cancelGoingToTheEnd()
        selectLast()
    }

    /// The selected row's place in any sort, as the list holds it (nil when not held): where a
    /// served list reads around, and where a range marked by `v` starts.
    var selectedRowCursor: PageCursor? {
        guard let position = selectedIndex, let slot = slot(at: position) else { return nil }
        return PageCursor(id: index.id(slot), createdAt: index.createdAt(slot),
                          customerKey: SearchFolding.fold(index.customerName(slot)), total: index.total(slot),
                          statusRank: index.status(slot).workflowRank, itemCount: index.itemCount(slot),
                          hasDueTime: index.hasDueTime(slot), dueClockStart: index.ageStart(slot))
    }

    /// Forgets a wait for the end (the operator moved, or searched again).
    func cancelGoingToTheEnd() {
        guard goingToTheEnd else { return }
        goingToTheEnd = false
        if statusMessage == Self.goingToTheEnd { statusMessage = nil }
    }

    /// Moves one page of `pageSize` rows up or down, stopping at either end.
    public func page(_ direction: PageDirection, pageSize: Int) {
        let step = max(pageSize, 1)
        moveSelection(by: direction == .down ? step : -step)
    }

    /// After the shown rows changed: the list's one rule (`KeptSelection`) over the slots shown
    /// before and now. The same row at the same position is the common case and costs no search.
    func restoreSelection(previousVisible: [OrderIndex.Slot], previousIndex: Int?) {
        let selected = previousIndex.flatMap { previousVisible.indices.contains($0) ? previousVisible[$0] : nil }
        // The neighbours only when the selected row is known (the positions are then within `previousVisible`).
        let at = selected == nil ? 0 : previousIndex ?? 0
        let after = selected == nil ? [] : previousVisible[(at + 1)...]
        let before = selected == nil ? [] : previousVisible[..<at]
        let visible = self.visible
        let capacity = index.count
        var shown: SlotSet?
        selectedIndex = KeptSelection.position(
            selected: selected, previousPosition: selected == nil ? selectedIndex : previousIndex,
            after: after, before: before.reversed(),
            rowCount: visible.count,
            isShown: { slot in
                if shown == nil { shown = SlotSetBuilder.set(of: visible, capacity: capacity) }
                return shown?.contains(slot) ?? false
            },
            position: { slot in
                if let previousIndex, previousIndex < visible.count, visible[previousIndex] == slot { return previousIndex }
                return visible.firstIndex(of: slot)
            })
    }
}

enum SlotSetBuilder {
    static func set(of slots: some Sequence<OrderIndex.Slot>, capacity: Int) -> SlotSet {
        var set = SlotSet(capacity: capacity)
        for slot in slots where Int(slot) < capacity { set.insert(slot) }
        return set
    }
}
