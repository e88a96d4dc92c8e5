/// Action ids of the list screen, as used in keymaps and config files.
public enum ListAction {
    public static let down = "list.down", up = "list.up", top = "list.top", bottom = "list.bottom"
    public static let pageDown = "list.page-down", pageUp = "list.page-up"
    public static let halfDown = "list.half-page-down", halfUp = "list.half-page-up"
    public static let open = "list.open", search = "list.search"
    public static let nextMatch = "list.next-match", previousMatch = "list.previous-match"
    public static let nextTab = "list.next-tab", previousTab = "list.previous-tab"
    public static let cycleSort = "list.sort", flipSort = "list.sort-direction"
    public static let flaggedOnly = "list.flagged-only", highValueOnly = "list.high-value-only"
    public static let mark = "list.mark", markAll = "list.mark-all", clearMarks = "list.unmark-all"
    public static let export = "list.export", refresh = "list.refresh", quit = "list.quit"
    static let tabPrefix = "list.tab-"

    /// The action that switches to status tab `index` (0 = all … 5 = closed).
    public static func tab(_ index: Int) -> String { tabPrefix + String(index + 1) }

    /// The tab index a `tab(_:)` action names, or nil.
    public static func tabIndex(of action: String) -> Int? {
        guard action.hasPrefix(tabPrefix), let number = Int(action.dropFirst(tabPrefix.count)) else { return nil }
        return number - 1
    }
}

/// Actions on orders, shared by the list (marked or selected orders) and the detail (its order).
public enum OrderKeys {
    public static let advance = "order.complete", cancel = "order.cancel", refund = "order.refund"
    public static let flag = "order.flag", assignToMe = "order.assign-to-me", tag = "order.tag", note = "order.note"
    public static let undo = "order.undo", redo = "order.redo", copy = "order.copy"
}

/// Action ids of the detail screen.
public enum DetailAction {
    public static let back = "detail.back", next = "detail.next", previous = "detail.previous"
    public static let scrollDown = "detail.scroll-down", scrollUp = "detail.scroll-up"
    public static let pageDown = "detail.page-down", pageUp = "detail.page-up"
    public static let top = "detail.top", bottom = "detail.bottom"
}

/// Actions available everywhere outside modals.
public enum GlobalAction {
    public static let help = "app.help", palette = "app.palette", mouse = "app.mouse"
    public static let redraw = "app.redraw", interrupt = "app.interrupt", suspend = "app.suspend"
}

/// Actions of a text field or dialog: accept what it holds, or leave.
public enum FieldAction {
    public static let accept = "field.accept", cancel = "field.cancel"
}

/// Command palette actions besides typing.
public enum PaletteAction {
    public static let complete = "palette.complete"
    public static let nextSuggestion = "palette.next", previousSuggestion = "palette.previous"
    public static let historyBack = "palette.history-back", historyForward = "palette.history-forward"
}

/// Confirmation dialog actions.
public enum ConfirmAction {
    public static let press = "confirm.press", next = "confirm.next", previous = "confirm.previous"
    public static let yes = "confirm.yes", no = "confirm.no"
}

/// Help overlay actions.
public enum HelpAction {
    public static let down = "help.down", up = "help.up", pageDown = "help.page-down", pageUp = "help.page-up"
}
