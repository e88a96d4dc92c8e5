/// The places keys are looked up in. Which ones are active at a moment is decided in one
/// place, `AppCoordinator.keymapContexts` (OrdersApp): a modal's own keys only; else the
/// search field (when it has the focus) or the screen, then `global`.
public enum KeymapContext: String, CaseIterable, Hashable, Sendable {
    case list, detail, dashboard, global, search, palette, note, confirm, help, alert
    /// The line chooser's own keys; typing there writes the tracking number.
    case chooser
    /// The import dialog: its progress, then its summary.
    case importing
    /// The frequency sheet over the list (`:freq COLUMN`).
    case frequency
    /// The rules screen (`:rules`), and its query field while a rule's query is being edited.
    case rules, ruleQuery
    /// What keys do to the text of whichever field has the keyboard (`TextEditCommand`).
    case edit

    /// Every combination of contexts that can be active at once, for conflict checks.
    public static let activeCombinations: [[KeymapContext]] = [
        [.list, .global], [.detail, .global], [.dashboard, .global], [.search, .global], [.rules, .global], [.ruleQuery, .global],
        [.help], [.palette], [.confirm], [.note], [.alert], [.chooser], [.importing], [.frequency],
    ]
}
