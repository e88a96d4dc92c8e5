import TermRender

/// Formerly where the table wrote its scroll position while drawing; the list's
/// viewport now lives in `OrderListModel` (moved by actions, read by drawing).
/// Kept so existing callers of `OrderListScreen(model:screenState:…)` compile.
@MainActor
public final class ListScreenState {
    public var table = TableState()

    public init() {}
}
