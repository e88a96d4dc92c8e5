import OrdersScreens

extension KeymapContext {
    /// Contexts where typing edits text; their own bindings are checked before the field.
    var isTextField: Bool {
        switch self {
        case .search, .palette, .note, .help, .chooser, .ruleQuery: true
        case .list, .detail, .dashboard, .rules, .global, .confirm, .alert, .importing, .frequency, .edit: false
        }
    }
}
