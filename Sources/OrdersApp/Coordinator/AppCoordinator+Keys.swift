import OrdersCore
import OrdersScreens
import TermRender

extension AppCoordinator {
    /// A key press: the command it is bound to in the active contexts, performed; in a
    /// text field, the field's own commands first, then editing keys, then only Ctrl-C.
    public func handle(_ key: KeyPress) -> [AppEffect] {
        let contexts = keymapContexts
        guard let innermost = contexts.first, innermost.isTextField else {
            guard let command = AppKeymap.command(for: key, in: contexts, of: keymaps) else {
                // The operator's own commands run on the list and the detail (their keys are never built-in ones).
                guard contexts.first == .list || contexts.first == .detail,
                      let custom = customCommands.first(where: { $0.key == key }) else { return [] }
                return run(custom)
            }
            return send(command)
        }
        if let command = AppKeymap.command(for: key, in: [innermost], of: keymaps) { return send(command) }
        if edit(.key(key)).handled { return [] }
        if AppKeymap.command(for: key, in: [.global], of: keymaps) == .global(.interrupt) {
            return send(.global(.interrupt))
        }
        return []
    }

    /// Pasted text: into the open modal's field; on the list, a search for it (an id, a name).
    /// The field turns line breaks into spaces and cuts a paste to its limit before anything
    /// else sees it; when it cut, a notice says so.
    public func paste(_ text: String) -> [AppEffect] {
        if modal == nil, !isEditingRuleQuery {
            guard currentRoute == .list else { return [] }
            if case .screen = focus { beginSearch() }
        }
        guard let notice = edit(.paste(text)).notice else { return [] }
        return [showNotice(notice)]
    }

    /// Performs one command. Each context has its own exhaustive switch, so a command
    /// (and so a binding) without a handler does not compile.
    public func send(_ command: ContextCommand) -> [AppEffect] {
        switch command {
        case .list(let command): perform(command)
        case .detail(let command): perform(command)
        case .dashboard(let command): perform(command)
        case .global(let command): perform(command)
        case .search(let command): perform(command)
        case .palette(let command): perform(command)
        case .note(let command): perform(command)
        case .confirm(let command): perform(command)
        case .help(let command): perform(command)
        case .alert(let command): perform(command)
        case .chooser(let command): perform(command)
        case .importing(let command): perform(command)
        case .frequency(let command): perform(command)
        case .rules(let command): perform(command)
        case .ruleQuery(let command): perform(command)
        }
    }

    // MARK: Text fields

    /// The editing keymap in force (the config may rebind `edit.*`).
    private var editKeymap: Keymap { keymaps[KeymapContext.edit.rawValue] ?? TextEditCommand.defaultKeymap }

    /// Applies an editing key or a paste to the field that has the keyboard: whether it did
    /// something, and what the field says it cut (a paste over its limit), if anything.
    func edit(_ event: InputEvent) -> (handled: Bool, notice: String?) {
        switch modal {
        case .help(var filter):
            guard filter.handle(event, keymap: editKeymap) == .handled else { return (false, nil) }
            modal = .help(filter: filter)
            scrolls.help.scrollToTop()
            return (true, filter.notice)
        case .commandPalette(let cursor):
            // The palette model holds the text; the field only edits it.
            var field = TextFieldState(text: palette.text)
            field.setCursor(cursor)
            guard field.handle(event, keymap: editKeymap) == .handled else { return (false, nil) }
            palette.textChanged(field.text)
            modal = .commandPalette(cursor: field.cursor)
            return (true, field.notice)
        case .noteEditor(var draft):
            guard draft.field.handle(event, keymap: editKeymap) == .handled else { return (false, nil) }
            modal = .noteEditor(draft)
            return (true, draft.field.notice)
        case .lineChooser(var draft):
            guard draft.field.handle(event, keymap: editKeymap) == .handled else { return (false, nil) }
            draft.refusal = nil
            modal = .lineChooser(draft)
            return (true, draft.field.notice)
        case .confirm, .error, .importing, .frequency:
            return (false, nil)
        case nil:
            if isEditingRuleQuery { return editRuleQuery(event) }
            guard case .searchField(let cursor) = focus else { return (false, nil) }
            // The list's query holds the search text; the field only edits it, within the parser's bound.
            var field = TextFieldState(text: list.searchText, maximumLength: SearchQueryParser.maximumLength)
            field.setCursor(cursor)
            guard field.handle(event, keymap: editKeymap) == .handled else { return (false, nil) }
            if field.text != list.searchText { list.searchTextChanged(field.text) }
            focus = .searchField(cursor: field.cursor)
            return (true, field.notice)
        }
    }

    /// Gives the search field the keyboard, the cursor at the end of the current search.
    func beginSearch() {
        focus = .searchField(cursor: list.searchText.count)
    }
}
