import TermRender

/// Scroll positions the screens write back while drawing (content and viewport
/// heights). Deliberately not observable: a view setting
/// them during a frame must not schedule another frame; key handlers that move
/// them ask for a frame themselves.
@MainActor
public final class ScrollPositions {
    public var help = ScrollState()
    public var detail = ScrollState()

    public init() {}

    public func binding(_ keyPath: ReferenceWritableKeyPath<ScrollPositions, ScrollState>) -> Binding<ScrollState> {
        Binding(get: { self[keyPath: keyPath] }, set: { self[keyPath: keyPath] = $0 })
    }
}
