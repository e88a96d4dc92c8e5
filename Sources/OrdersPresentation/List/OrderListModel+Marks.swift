import OrdersCore

extension OrderListModel {
    /// Whether an order is marked for a bulk action.
    public func isMarked(_ id: OrderID) -> Bool {
        if let slot = index.slot(of: id), marks.contains(slot) { return true }
        return marksOutsideWindow[id] != nil
    }

    /// The marked orders in id order (marks survive searching: hidden marked orders stay marked).
    public var markedIDs: [OrderID] {
        _ = markedCount
        var ids: [OrderID] = []
        marks.forEach { ids.append(index.id($0)) }
        ids += marksOutsideWindow.keys
        return ids.sorted()
    }

    /// What a bulk action applies to: the marked orders, or the selected one when none is marked.
    public var actionTargets: [OrderID] {
        if markedCount > 0 { return markedIDs }
        return selectedOrderID.map { [$0] } ?? []
    }

    /// The versions of these orders as the list shows them now: of a marked order a server-served
    /// list's window no longer holds, the version it had when it was last shown. Orders the list
    /// has not shown are left out.
    public func shownVersions(of ids: [OrderID]) -> [OrderID: Int] {
        var versions: [OrderID: Int] = [:]
        for id in ids {
            if let drawn = drawnVersions[id] {
                // On screen in the last frame: the version drawn, even when a newer one was merged since.
                versions[id] = drawn
            } else if let mark = marksOutsideWindow[id] {
                versions[id] = mark.version
            } else if !source.holdsOnlyForAction(id), let slot = index.slot(of: id) {
                versions[id] = index.version(slot)
            }
        }
        return versions
    }

    /// Called after each frame is drawn: remembers the versions of the rows it showed (the page and
    /// the selected order), which `shownVersions` gives an action typed before the next frame. Under
    /// load a key and another operator's change can be handled together, the change first: the key
    /// was pressed on what was drawn, and must be refused, not applied to the state nobody saw.
    public func noteDrawn() {
        var versions: [OrderID: Int] = [:]
        let top = max(viewport.top, 0)
        for position in top..<max(top, top + viewport.height) {
            guard let slot = slot(at: position) else { break }
            versions[index.id(slot)] = index.version(slot)
        }
        if let selected = selectedOrderID, let slot = index.slot(of: selected) { versions[selected] = index.version(slot) }
        drawnVersions = versions
    }

    /// What a flag toggle does to the current targets: unflag when all are flagged, else flag.
    /// It judges the targets the list holds: on a server-served list, read the marked orders the
    /// window does not hold first (`whenTargetsHeld`), so every marked order counts.
    public var toggleFlagAction: OrderAction {
        let targets = actionTargets.compactMap { index.slot(of: $0) }
        return !targets.isEmpty && targets.allSatisfy(index.isFlagged) ? .unflag : .flag
    }

    /// Hold, or release when every order it would act on is on hold (judged as `toggleFlagAction` is).
    public var toggleHoldAction: OrderAction {
        let targets = actionTargets.compactMap { index.slot(of: $0) }
        return !targets.isEmpty && targets.allSatisfy { index.fulfillment($0) == .onHold } ? .release : .hold
    }

    /// Marks or unmarks the selected row.
    public func toggleMark() {
        guard let selectedIndex, let slot = slot(at: selectedIndex) else { return }
        marks.set(slot, !marks.contains(slot))
        marksChanged()
    }

    /// Marks every row the list shows (on a served list, read from the server: `ServedListSource.markAllShown`).
    public func markAllVisible() {
        source.markAllShown()
    }

    /// Unmarks everything, shown or not.
    public func clearMarks() {
        forgetRange()
        // A `*` still reading what to mark would mark them after this.
        if source.stopMarking() { statusMessage = nil }
        marks = SlotSet(capacity: index.count)
        marksOutsideWindow = [:]
        marksChanged()
    }

    func marksChanged() {
        markedCount = marks.count + marksOutsideWindow.count
        summary.marked = markedCount
        revision += 1
    }
}
