import OrdersScreens
import TermRender

/// Scroll positions the screens write back while drawing (content and viewport
/// heights). Deliberately not observable: a view setting
/// them during a frame must not schedule another frame; key handlers that move
/// them ask for a frame themselves.
@MainActor
public final class ScrollPositions {
    public var help = ScrollState()
    /// The detail's order and notes columns, and which one the keys move.
    public var detail = DetailScroll()

    public init() {}

    public func binding<Value>(_ keyPath: ReferenceWritableKeyPath<ScrollPositions, Value>) -> Binding<Value> {
        Binding(get: { self[keyPath: keyPath] }, set: { self[keyPath: keyPath] = $0 })
    }
}
