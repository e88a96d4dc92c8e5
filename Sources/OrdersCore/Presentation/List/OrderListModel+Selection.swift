/// Which way a page key moves the selection.
public enum PageDirection: Sendable {
    case up, down
}

extension OrderListModel {
    /// The selected order, nil when the list is empty.
    public var selectedOrderID: OrderID? {
        guard let selectedIndex, visible.indices.contains(selectedIndex) else { return nil }
        return index.id(visible[selectedIndex])
    }

    /// Selects a row; out-of-range positions are clamped (never traps, even when empty).
    public func select(at position: Int) {
        guard !visible.isEmpty else { selectedIndex = nil; return }
        let clamped = min(max(position, 0), visible.count - 1)
        guard clamped != selectedIndex else { return }
        selectedIndex = clamped
        revision += 1
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

    public func selectLast() { select(at: visible.count - 1) }

    /// Moves one page of `pageSize` rows up or down, stopping at either end.
    public func page(_ direction: PageDirection, pageSize: Int) {
        let step = max(pageSize, 1)
        moveSelection(by: direction == .down ? step : -step)
    }

    /// After the shown rows changed: keep the same order selected if it is still
    /// shown, else the nearest row that was after it (or before it) and still is.
    func restoreSelection(previousVisible: [OrderIndex.Slot], previousIndex: Int?) {
        guard !visible.isEmpty else { selectedIndex = nil; return }
        guard let previousIndex, previousVisible.indices.contains(previousIndex) else {
            selectedIndex = min(selectedIndex ?? 0, visible.count - 1)
            return
        }
        let slot = previousVisible[previousIndex]
        if previousIndex < visible.count, visible[previousIndex] == slot { return }
        if let position = visible.firstIndex(of: slot) {
            selectedIndex = position
            return
        }
        let shown = SlotSetBuilder.set(of: visible, capacity: index.count)
        let neighbour = previousVisible[(previousIndex + 1)...].first(where: shown.contains)
            ?? previousVisible[..<previousIndex].last(where: shown.contains)
        if let neighbour, let position = visible.firstIndex(of: neighbour) {
            selectedIndex = position
        } else {
            selectedIndex = min(previousIndex, visible.count - 1)
        }
    }
}

enum SlotSetBuilder {
    static func set(of slots: some Sequence<OrderIndex.Slot>, capacity: Int) -> SlotSet {
        var set = SlotSet(capacity: capacity)
        for slot in slots where Int(slot) < capacity { set.insert(slot) }
        return set
    }
}
