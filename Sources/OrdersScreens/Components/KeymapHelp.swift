import OrdersCore
import OrdersPresentation
import TermRender

/// Text generated from keymaps: footer hints and the plain help of `orders --help`.
extension AppKeymap {
    /// The footer hints of the active contexts, innermost first, each key once.
    /// `label` may word a command's hint for the moment (given its id and label) or leave it out (nil).
    public static func hints(_ set: KeymapSet, contexts: [KeymapContext],
                             label: (_ id: String, _ label: String) -> String? = { $1 }) -> [KeyHintBar.Hint] {
        var seen = Set<KeyPress>()
        var hints: [KeyHintBar.Hint] = []
        for context in contexts {
            for binding in set[context.rawValue]?.footerBindings ?? [] {
                guard let text = label(binding.action, binding.label) else { continue }
                let fresh = binding.keys.filter { seen.insert($0).inserted }
                guard let first = fresh.first else { continue }
                hints.append(KeyHintBar.Hint(key: first.description, label: text))
            }
        }
        return hints
    }

    /// The first keys of a confirmation's yes and no (`y`, `n` unless the config rebinds them), for its buttons.
    public static func confirmKeys(_ set: KeymapSet) -> (yes: String?, no: String?) {
        func key(of command: ConfirmDialogCommand) -> String? {
            hints(set, contexts: [.confirm]) { id, label in id == command.info.id ? label : nil }.first?.key
        }
        return (key(of: .yes), key(of: .no))
    }

    /// The line chooser's hint line for its purpose, Enter worded as the action; a refund's own keys
    /// (shipping, restock) are `lineChooserOptionHints`, shown beside its options.
    public static func lineChooserHints(_ set: KeymapSet, purpose: LineChooserPurpose) -> [KeyHintBar.Hint] {
        let refundOnly = Set(LineChooserCommand.refundOnly.map(\.info.id))
        return hints(set, contexts: [.chooser]) { id, label in
            if refundOnly.contains(id) { return nil }
            return purpose == .refund && id == LineChooserCommand.confirm.info.id ? "refund" : label
        }
    }

    /// The keys of a refund's own choices (shipping, restock), shown under them; none when fulfilling.
    public static func lineChooserOptionHints(_ set: KeymapSet, purpose: LineChooserPurpose) -> [KeyHintBar.Hint] {
        guard purpose == .refund else { return [] }
        let refundOnly = Set(LineChooserCommand.refundOnly.map(\.info.id))
        return hints(set, contexts: [.chooser]) { id, label in refundOnly.contains(id) ? label : nil }
    }

    /// One help line per binding of the contexts, grouped: what the help overlay lists.
    public static func helpSections(_ set: KeymapSet, contexts: [KeymapContext])
        -> [(group: String, lines: [(keys: String, help: String)])] {
        var sections: [(group: String, lines: [(keys: String, help: String)])] = []
        var seenActions = Set<String>()
        for context in contexts {
            for (group, bindings) in set[context.rawValue]?.groupedBindings ?? [] {
                let lines = bindings.filter { !$0.keys.isEmpty && seenActions.insert($0.action).inserted }
                    .map { (keys: $0.keyNames.joined(separator: " "), help: $0.help) }
                guard !lines.isEmpty else { continue }
                if let index = sections.firstIndex(where: { $0.group == group }) {
                    sections[index].lines += lines
                } else {
                    sections.append((group, lines))
                }
            }
        }
        return sections
    }

    /// What the help overlay lists for `contexts`: one entry per binding, grouped.
    public static func helpEntries(_ set: KeymapSet, contexts: [KeymapContext]) -> [HelpEntry] {
        helpSections(set, contexts: contexts).flatMap { section in
            section.lines.map { HelpEntry(group: section.group, keys: $0.keys, help: $0.help) }
        }
    }

    /// Plain text of every screen's keys, for `orders --help`.
    public static func helpText(_ set: KeymapSet) -> String {
        let screens: [(String, [KeymapContext])] = [
            ("Order list", [.list, .global]),
            ("Order detail", [.detail]),
            ("Dashboard", [.dashboard]),
            ("Rules", [.rules]),
            ("Rule query field", [.ruleQuery]),
            ("Frequency sheet", [.frequency]),
            ("Search field", [.search]),
            ("Command palette", [.palette]),
            ("Note editor", [.note]),
            ("Confirmation dialog", [.confirm]),
            ("Text fields", [.edit]),
        ]
        var lines: [String] = []
        for (title, contexts) in screens {
            lines.append("\(title):")
            let entries = helpSections(set, contexts: contexts).flatMap(\.lines)
            let width = min(entries.map(\.keys.count).max() ?? 0, 18)
            for entry in entries {
                let padding = String(repeating: " ", count: max(1, width - entry.keys.count + 2))
                lines.append("  \(entry.keys)\(padding)\(entry.help)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
