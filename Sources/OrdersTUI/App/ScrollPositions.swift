import TermRender

/// Scroll positions the screens write back while drawing (content and viewport
/// heights). Deliberately not observable, like `ListScreenState`: a view setting
/// them during a frame must not schedule another frame; key handlers that move
/// them ask for a frame themselves.
@MainActor
final class ScrollPositions {
    var help = ScrollState()
    /// The detail's order column (the whole detail when narrow) and its notes column.
    var detailOrder = VirtualScrollState()
    var detailNotes = VirtualScrollState()

    func binding<Value>(_ keyPath: ReferenceWritableKeyPath<ScrollPositions, Value>) -> Binding<Value> {
        Binding(get: { self[keyPath: keyPath] }, set: { self[keyPath: keyPath] = $0 })
    }
}
