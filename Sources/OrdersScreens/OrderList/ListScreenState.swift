import TermRender

/// What the list screen remembers between frames that no model owns: the table's
/// scroll position and page height, which the table writes back while drawing.
/// Deliberately not observable: the table sets it during a frame, and that must
/// not schedule another one.
@MainActor
public final class ListScreenState {
    public var table = TableState()

    public init() {}
}
