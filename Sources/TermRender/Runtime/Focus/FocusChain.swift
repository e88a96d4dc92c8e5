/// The focusable things on screen in Tab order, and which one has focus.
///
/// Focus survives changes to the chain: when the focused id disappears, focus
/// moves to the one that followed it (or the last one); an empty chain has no focus.
public struct FocusChain: Hashable, Sendable {
    public private(set) var order: [FocusID]
    public private(set) var focused: FocusID?

    public init(_ order: [FocusID] = [], focused: FocusID? = nil) {
        self.order = []
        self.focused = nil
        setOrder(order)
        if let focused { focus(focused) }
    }

    /// Replaces the Tab order, keeping focus where it still makes sense.
    public mutating func setOrder(_ newOrder: [FocusID]) {
        var seen = Set<FocusID>()
        let unique = newOrder.filter { seen.insert($0).inserted }
        defer { order = unique }
        guard let current = focused else {
            focused = unique.first
            return
        }
        if unique.contains(current) { return }
        // Focus the first survivor after the old position, else the last one.
        if let oldIndex = order.firstIndex(of: current) {
            focused = order[(oldIndex + 1)...].first(where: unique.contains) ?? unique.last
        } else {
            focused = unique.first
        }
    }

    /// Moves focus to `id`; returns false (and changes nothing) if it is not in the chain.
    @discardableResult
    public mutating func focus(_ id: FocusID) -> Bool {
        guard order.contains(id) else { return false }
        focused = id
        return true
    }

    /// Moves focus to the next item (Tab), wrapping around.
    public mutating func focusNext() {
        move(by: 1)
    }

    /// Moves focus to the previous item (Shift-Tab), wrapping around.
    public mutating func focusPrevious() {
        move(by: -1)
    }

    private mutating func move(by step: Int) {
        guard !order.isEmpty else {
            focused = nil
            return
        }
        guard let current = focused, let index = order.firstIndex(of: current) else {
            focused = step > 0 ? order.first : order.last
            return
        }
        focused = order[(index + step + order.count) % order.count]
    }
}
