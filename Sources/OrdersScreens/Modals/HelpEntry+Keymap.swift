import TermRender

extension HelpEntry {
    /// The enabled bindings of `keymaps`, in order, each under its group (or `fallbackGroup`
    /// when it has none) with its help sentence, or its footer label when it has no sentence.
    public static func entries(from keymaps: [Keymap], fallbackGroup: String = "General") -> [HelpEntry] {
        keymaps.flatMap(\.activeBindings).filter { !$0.keys.isEmpty }.map { binding in
            HelpEntry(group: binding.group.isEmpty ? fallbackGroup : binding.group,
                      keys: binding.keyLabel,
                      help: binding.help.isEmpty ? binding.label : binding.help)
        }
    }
}
