import TermRender

/// The app's key bindings as data: one keymap per context, from which the
/// footer, the help overlay, `orders --help` and config overrides all come.
///
/// Contexts are looked up innermost first (see `contexts(screen:modal:searching:)`):
/// a modal's own keys only; else the search field, then the screen, then `global`.
/// A key may mean different things in contexts that are never active together.
public enum AppKeymap {
    /// Context names.
    public enum Context {
        public static let global = "global"
        public static let list = "list"
        public static let detail = "detail"
        public static let search = "search"
        public static let help = "help"
        public static let palette = "palette"
        public static let confirm = "confirm"
        public static let note = "note"
        public static let alert = "alert"
    }

    /// The contexts consulted for a key, innermost first.
    public static func contexts(screen: String, modal: String?, searching: Bool) -> [String] {
        if let modal { return [modal] }
        if searching { return [Context.search, Context.global] }
        return [screen, Context.global]
    }

    /// Every combination of contexts that can be active at once, for conflict checks.
    public static let activeCombinations: [[String]] = [
        [Context.list, Context.global], [Context.detail, Context.global], [Context.search, Context.global],
        [Context.help], [Context.palette], [Context.confirm], [Context.note], [Context.alert],
    ]

    /// Keys bound to two different actions in contexts that can be active together.
    public static func conflicts(in set: KeymapSet) -> [KeyConflict] {
        var found = set.conflicts
        for combination in activeCombinations where combination.count > 1 {
            let merged = Keymap(context: combination.joined(separator: "+"),
                                bindings: combination.compactMap { set[$0]?.bindings }.flatMap { $0 })
            found += merged.conflicts.filter { !found.contains($0) }
        }
        return found
    }

    private static func key(_ name: String) -> KeyPress {
        // The names below are literals checked by AppKeymapTests; a typo fails there, not here.
        (try? KeyPress(name: name)) ?? KeyPress(.function(12), modifiers: [.control, .alt, .shift])
    }

    private static func bind(_ action: String, _ keys: [String], _ label: String, _ help: String, _ group: String,
                             footer: Bool = false) -> KeyBinding {
        KeyBinding(action: action, keys: keys.map(key), label: label, help: help, group: group, showsInFooter: footer)
    }

    /// Every key name used by the defaults, so a test can prove each one parses.
    public static var defaultKeyNames: [String] { definitions.flatMap { $0.bindings.flatMap { $0.keyNames } } }

    private struct Definition {
        var context: String
        var bindings: [(action: String, keyNames: [String], label: String, help: String, group: String, footer: Bool)]
    }

    /// The default bindings.
    public static func defaults() -> KeymapSet {
        KeymapSet(definitions.map { definition in
            Keymap(context: definition.context, bindings: definition.bindings.map {
                bind($0.action, $0.keyNames, $0.label, $0.help, $0.group, footer: $0.footer)
            })
        })
    }

    private static let move = "Move", view = "Search, filter & sort", act = "Act on orders", app = "App"

    private static let definitions: [Definition] = [
        Definition(context: Context.list, bindings: [
            (ListAction.down, ["j", "down"], "down", "Select the next order", move, false),
            (ListAction.up, ["k", "up"], "up", "Select the previous order", move, false),
            (ListAction.top, ["g", "home"], "top", "Select the first order", move, false),
            (ListAction.bottom, ["G", "end"], "bottom", "Select the last order", move, false),
            (ListAction.pageDown, ["pgdn"], "page down", "One page down", move, false),
            (ListAction.pageUp, ["pgup"], "page up", "One page up", move, false),
            (ListAction.halfDown, ["ctrl-d"], "half down", "Half a page down", move, false),
            (ListAction.halfUp, ["ctrl-u"], "half up", "Half a page up", move, false),
            (ListAction.open, ["enter"], "open", "Open the selected order", move, true),
            (ListAction.search, ["/"], "search", "Search (typing filters live; Enter keeps, Esc clears)", view, true),
            (ListAction.nextMatch, ["n"], "next match", "Select the next order matching the search", view, false),
            (ListAction.previousMatch, ["N"], "previous match", "Select the previous matching order", view, false),
            (ListAction.nextTab, ["tab"], "tab", "Next status tab", view, false),
            (ListAction.previousTab, ["shift-tab"], "previous tab", "Previous status tab", view, false),
            (ListAction.tab(0), ["1"], "all", "Tab: all orders", view, false),
            (ListAction.tab(1), ["2"], "pending", "Tab: pending", view, false),
            (ListAction.tab(2), ["3"], "processing", "Tab: processing", view, false),
            (ListAction.tab(3), ["4"], "shipped", "Tab: shipped", view, false),
            (ListAction.tab(4), ["5"], "completed", "Tab: completed", view, false),
            (ListAction.tab(5), ["6"], "closed", "Tab: cancelled and refunded", view, false),
            (ListAction.cycleSort, ["s"], "sort", "Sort by the next column", view, false),
            (ListAction.flipSort, ["S"], "direction", "Flip the sort direction", view, false),
            (ListAction.flaggedOnly, ["F"], "flagged only", "Show only flagged orders (toggle)", view, false),
            (ListAction.highValueOnly, ["H"], "high value", "Show only high-value orders (toggle)", view, false),
            (ListAction.mark, ["space"], "mark", "Mark the selected order and move down", act, true),
            (ListAction.markAll, ["*"], "mark all", "Mark every shown order", act, false),
            (ListAction.clearMarks, ["U"], "unmark all", "Clear every mark", act, false),
            (OrderKeys.advance, ["c"], "complete", "Advance one workflow step (pending → processing → shipped → completed)", act, true),
            (OrderKeys.cancel, ["x"], "cancel", "Cancel (asks first)", act, false),
            (OrderKeys.refund, ["R"], "refund", "Refund a completed order (asks first)", act, false),
            (OrderKeys.flag, ["f"], "flag", "Flag or unflag", act, false),
            (OrderKeys.assignToMe, ["a"], "assign me", "Assign to me", act, false),
            (OrderKeys.tag, ["t"], "tag", "Tag (opens the palette with :tag)", act, false),
            (OrderKeys.note, ["e"], "note", "Write a note", act, false),
            (OrderKeys.undo, ["u"], "undo", "Undo the last action", act, true),
            (OrderKeys.redo, ["ctrl-r"], "redo", "Redo", act, false),
            (OrderKeys.copy, ["y"], "copy", "Copy the order id (or marked orders as CSV) to the clipboard (OSC 52)", act, false),
            (ListAction.export, ["w"], "export", "Export marked (or shown) orders to a file (:export)", act, false),
            (ListAction.refresh, ["r"], "refresh", "Reload every order from the database", app, false),
            (ListAction.quit, ["q"], "quit", "Quit", app, true),
        ]),
        Definition(context: Context.detail, bindings: [
            (DetailAction.back, ["esc", "q"], "back", "Back to the list", move, true),
            (DetailAction.next, ["]"], "next", "Next order of the list", move, true),
            (DetailAction.previous, ["["], "previous", "Previous order of the list", move, false),
            (DetailAction.scrollDown, ["j", "down"], "scroll", "Scroll down", move, false),
            (DetailAction.scrollUp, ["k", "up"], "scroll up", "Scroll up", move, false),
            (DetailAction.pageDown, ["pgdn", "ctrl-d"], "page down", "Scroll a page down", move, false),
            (DetailAction.pageUp, ["pgup", "ctrl-u"], "page up", "Scroll a page up", move, false),
            (DetailAction.top, ["g", "home"], "top", "Scroll to the top", move, false),
            (DetailAction.bottom, ["G", "end"], "bottom", "Scroll to the bottom", move, false),
            (OrderKeys.advance, ["c"], "complete", "Advance one workflow step", act, true),
            (OrderKeys.cancel, ["x"], "cancel", "Cancel (asks first)", act, false),
            (OrderKeys.refund, ["R"], "refund", "Refund (asks first)", act, false),
            (OrderKeys.flag, ["f"], "flag", "Flag or unflag", act, false),
            (OrderKeys.assignToMe, ["a"], "assign me", "Assign to me", act, false),
            (OrderKeys.tag, ["t"], "tag", "Tag (opens the palette with :tag)", act, false),
            (OrderKeys.note, ["e"], "note", "Write a note", act, true),
            (OrderKeys.undo, ["u"], "undo", "Undo the last action", act, false),
            (OrderKeys.redo, ["ctrl-r"], "redo", "Redo", act, false),
            (OrderKeys.copy, ["y"], "copy", "Copy the order id to the clipboard (OSC 52)", act, false),
        ]),
        Definition(context: Context.global, bindings: [
            (GlobalAction.help, ["?", "F1"], "help", "Show every key", app, true),
            (GlobalAction.palette, [":"], "command", "Command palette (:open, :filter, :sort, :export, :theme…)", app, true),
            (GlobalAction.mouse, ["M"], "mouse", "Turn mouse capture on or off", app, false),
            (GlobalAction.redraw, ["ctrl-l"], "redraw", "Redraw the whole screen", app, false),
            (GlobalAction.interrupt, ["ctrl-c"], "interrupt", "Quit at once (exit status 130)", app, false),
            (GlobalAction.suspend, ["ctrl-z"], "suspend", "Suspend to the shell (fg resumes, fully redrawn)", app, false),
        ]),
        Definition(context: Context.search, bindings: [
            (FieldAction.accept, ["enter"], "keep", "Keep the search and go back to the list", view, true),
            (FieldAction.cancel, ["esc"], "clear", "Clear the search", view, true),
        ]),
        Definition(context: Context.palette, bindings: [
            (FieldAction.accept, ["enter"], "run", "Run the command", app, true),
            (FieldAction.cancel, ["esc"], "close", "Close the palette", app, true),
            (PaletteAction.complete, ["tab"], "complete", "Accept the highlighted completion", app, true),
            (PaletteAction.nextSuggestion, ["ctrl-n"], "next", "Highlight the next completion", app, false),
            (PaletteAction.previousSuggestion, ["ctrl-p"], "previous", "Highlight the previous completion", app, false),
            (PaletteAction.historyBack, ["up"], "history", "Previous command", app, false),
            (PaletteAction.historyForward, ["down"], "history", "Next command", app, false),
        ]),
        Definition(context: Context.note, bindings: [
            (FieldAction.accept, ["enter"], "save", "Save the note", act, true),
            (FieldAction.cancel, ["esc"], "discard", "Discard the note", act, true),
        ]),
        Definition(context: Context.confirm, bindings: [
            (ConfirmAction.press, ["enter"], "choose", "Press the focused button", act, true),
            (ConfirmAction.next, ["tab", "right", "l"], "next button", "Focus the next button", act, true),
            (ConfirmAction.previous, ["shift-tab", "left", "h"], "previous button", "Focus the previous button", act, false),
            (ConfirmAction.yes, ["y"], "yes", "Confirm", act, true),
            (ConfirmAction.no, ["n", "esc"], "no", "Do not do it", act, true),
        ]),
        Definition(context: Context.help, bindings: [
            (FieldAction.cancel, ["esc", "F1"], "close", "Close help (typing filters the list)", app, true),
            (HelpAction.down, ["down"], "scroll", "Scroll down", app, false),
            (HelpAction.up, ["up"], "scroll up", "Scroll up", app, false),
            (HelpAction.pageDown, ["pgdn"], "page down", "Scroll a page down", app, false),
            (HelpAction.pageUp, ["pgup"], "page up", "Scroll a page up", app, false),
        ]),
        Definition(context: Context.alert, bindings: [
            (FieldAction.cancel, ["enter", "esc", "q"], "dismiss", "Close the message", app, true),
        ]),
    ]
}

extension KeyBinding {
    /// The keys as names a config file accepts.
    public var keyNames: [String] { keys.map(\.description) }
}

