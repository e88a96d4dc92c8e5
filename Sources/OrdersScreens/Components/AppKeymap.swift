import TermRender

/// The app's key bindings as data, generated from the typed commands of each context
/// (`ListScreenCommand`, `DetailScreenCommand`, …): the footer, the help overlay, the
/// modals' hint lines and `orders --help` all come from here, so an override in the
/// config file shows everywhere.
///
/// Contexts are looked up innermost first; which are active is `AppCoordinator.keymapContexts`.
/// A key may mean different things in contexts that are never active together.
public enum AppKeymap {
    /// The default bindings, one keymap per context.
    public static func defaults() -> KeymapSet {
        KeymapSet([
            ListScreenCommand.defaultKeymap(.list), DetailScreenCommand.defaultKeymap(.detail),
            DashboardScreenCommand.defaultKeymap(.dashboard), RulesScreenCommand.defaultKeymap(.rules),
            RuleQueryFieldCommand.defaultKeymap(.ruleQuery),
            AppWideCommand.defaultKeymap(.global), SearchFieldCommand.defaultKeymap(.search),
            PaletteFieldCommand.defaultKeymap(.palette), NoteEditorCommand.defaultKeymap(.note),
            ConfirmDialogCommand.defaultKeymap(.confirm), HelpOverlayCommand.defaultKeymap(.help),
            AlertCommand.defaultKeymap(.alert), LineChooserCommand.defaultKeymap(.chooser),
            ImportDialogCommand.defaultKeymap(.importing), FrequencySheetCommand.defaultKeymap(.frequency),
            TextEditCommand.defaultKeymap,
        ])
    }

    /// The command `key` triggers in the first of `contexts` that binds it.
    public static func command(for key: KeyPress, in contexts: [KeymapContext], of set: KeymapSet) -> ContextCommand? {
        for context in contexts {
            if let binding = set[context.rawValue]?.binding(for: key) {
                return ContextCommand(context: context, id: binding.action)
            }
        }
        return nil
    }

    /// Keys bound to two different actions in contexts that can be active together.
    public static func conflicts(in set: KeymapSet) -> [KeyConflict] {
        var found = set.conflicts
        for combination in KeymapContext.activeCombinations where combination.count > 1 {
            let merged = Keymap(context: combination.map(\.rawValue).joined(separator: "+"),
                                bindings: combination.compactMap { set[$0.rawValue]?.bindings }.flatMap { $0 })
            found += merged.conflicts.filter { !found.contains($0) }
        }
        return found
    }

    /// Every key name used by the defaults, so a test can prove each one parses.
    public static var defaultKeyNames: [String] { ContextCommand.all.flatMap(\.info.keys) }
}

extension KeyBinding {
    /// The keys as names a config file accepts.
    public var keyNames: [String] { keys.map(\.description) }
}
