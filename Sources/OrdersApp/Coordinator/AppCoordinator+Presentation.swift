import OrdersCore
import OrdersPresentation
import OrdersScreens
import TermRender

/// What the screens show that the coordinator decides: hints and help from the keymaps
/// in force, the search field's display. Views read these; they compute nothing.
extension AppCoordinator {
    /// The screen's footer: the hints of the screen's contexts (also under a modal).
    public var footerHints: [KeyHintBar.Hint] {
        AppKeymap.hints(keymaps, contexts: screenKeymapContexts)
    }

    /// The open modal's own hint line (the line chooser's, for its purpose).
    public var modalHints: [KeyHintBar.Hint] {
        guard case .lineChooser(let draft) = modal else { return AppKeymap.hints(keymaps, contexts: keymapContexts) }
        return AppKeymap.lineChooserHints(keymaps, purpose: draft.chooser.purpose)
    }

    /// The keys of the line chooser's own choices (a refund's shipping and restock).
    public var lineChooserOptionHints: [KeyHintBar.Hint] {
        guard case .lineChooser(let draft) = modal else { return [] }
        return AppKeymap.lineChooserOptionHints(keymaps, purpose: draft.chooser.purpose)
    }

    /// What help lists: the keys of the screen underneath and the app-wide ones.
    public var helpEntries: [HelpEntry] {
        let entries = AppKeymap.helpEntries(keymaps, contexts: [screenContext, .global])
        guard screenContext == .list || screenContext == .detail else { return entries }
        // The operator's own commands, where they run: by their key, their :NAME, or both.
        return entries + customCommands.map { command in
            let keys = [command.key?.description, command.name.map { ":" + $0 }].compactMap { $0 }
            return HelpEntry(group: "Your commands", keys: keys.joined(separator: " "), help: command.title)
        }
    }

    /// The search line: the list's search text and, while it has the keyboard, the cursor.
    public var searchFieldDisplay: SearchFieldDisplay {
        if case .searchField(let cursor) = focus {
            return SearchFieldDisplay(text: list.searchText, cursor: cursor, isFocused: true)
        }
        return SearchFieldDisplay(text: list.searchText, cursor: list.searchText.count, isFocused: false)
    }

    /// Whether the list shows its search line: while the field has the keyboard or holds a search.
    public var showsSearchLine: Bool {
        if case .searchField = focus { return true }
        return !list.searchText.isEmpty
    }

    /// What a note is written on: the order's id, or how many orders.
    func noteSubject(_ draft: NoteDraft) -> String {
        draft.targets.count == 1 ? list.numberText(of: draft.targets[0]) : "\(draft.targets.count) orders"
    }

    /// The frequency sheet's title, lines and status line, formatted by the list's formatter; nil
    /// when it is not shown.
    public var frequencyDisplay: (title: String, lines: [FrequencyLine]?, selected: Int, status: String)? {
        guard case .frequency(let state) = modal else { return nil }
        let title = "Frequency: \(state.field.title)"
        guard let table = state.table else {
            return (title, nil, 0, state.failure ?? "Counting\(OrderFormatter.pendingCount)")
        }
        let formatter = list.formatter
        let orders = table.orderCount == 1 ? "1 shown order" : "\(formatter.count(table.orderCount)) shown orders"
        let values = table.rows.count == 1 ? "1 value" : "\(formatter.count(table.rows.count)) values"
        let tags = table.field == .tag ? " (an order counts under each of its tags)" : ""
        return (title, table.lines(formatter: formatter), state.selected, "\(values) among \(orders)\(tags)")
    }
}
