import OrdersCore
import OrdersScreens
import TermRender

extension AppCoordinator {
    /// `:rules`: the rules screen, or why there is none.
    func showRules() -> [AppEffect] {
        guard let rules else { return [showNotice("This database keeps no rules", kind: .failure)] }
        showRulesScreen(rules)
        return []
    }

    /// Leaving the screen drops an unsaved query edit and the trial (a save under way still lands).
    func leaveRules() {
        rules?.cancelEditing()
        rules?.closeTrial()
    }

    /// Whether the rules screen's query field has the keyboard: while a rule's query is being edited.
    var isEditingRuleQuery: Bool {
        currentRoute == .rules && modal == nil && rules?.edit != nil
    }

    /// The query field's cursor while it has the keyboard, for the screen.
    public var ruleQueryCursor: Int? {
        isEditingRuleQuery ? ruleQueryFieldCursor : nil
    }

    /// The rules screen's keys.
    func perform(_ command: RulesScreenCommand) -> [AppEffect] {
        guard let rules else { return [] }
        switch command {
        case .back:
            if rules.trial != nil { rules.closeTrial() } else { back() }
        case .down: rules.move(by: 1)
        case .up: rules.move(by: -1)
        case .top: rules.move(by: -rules.rules.count)
        case .bottom: rules.move(by: rules.rules.count)
        case .trial: rules.showTrial()
        case .editQuery:
            guard rules.beginEditingQuery(), let edit = rules.edit else { return [showNotice("No rule to edit")] }
            ruleQueryFieldCursor = edit.text.count
        case .toggleEnabled: rules.toggleEnabled()
        case .reload: rules.load()
        }
        return []
    }

    /// The query field's keys (typing itself is `edit`).
    func perform(_ command: RuleQueryFieldCommand) -> [AppEffect] {
        guard let rules, let edit = rules.edit, !edit.isSaving else { return [] }
        switch command {
        case .save: rules.saveQuery()
        case .cancel: rules.cancelEditing()
        case .complete:
            if rules.completeQuery(), let text = rules.edit?.text { ruleQueryFieldCursor = text.count }
        }
        return []
    }

    /// An editing key or a paste in the query field: the model holds the text, the field only edits it.
    func editRuleQuery(_ event: InputEvent) -> (handled: Bool, notice: String?) {
        guard let rules, let edit = rules.edit, !edit.isSaving else { return (false, nil) }
        var field = TextFieldState(text: edit.text, maximumLength: SearchQueryParser.maximumLength)
        field.setCursor(ruleQueryFieldCursor)
        guard field.handle(event, keymap: keymaps[KeymapContext.edit.rawValue] ?? TextEditCommand.defaultKeymap) == .handled else {
            return (false, nil)
        }
        if field.text != edit.text { rules.queryTextChanged(field.text) }
        ruleQueryFieldCursor = field.cursor
        return (true, field.notice)
    }
}
