import TermRender

/// The commands of one keymap context, as a closed set of values: each carries its
/// default keys, label and help (`info`), and the app performs them with one
/// exhaustive `switch`, so a key bound to a command nobody handles cannot compile.
public protocol KeyCommand: Hashable, Sendable {
    /// Every command of the context, in the order hints and help list them.
    static var all: [Self] { get }
    /// Its id, default keys, label and help.
    var info: CommandInfo { get }
}

extension KeyCommand {
    /// The command a keymap binding names, or nil for an id this context does not know.
    public init?(id: String) {
        guard let command = Self.all.first(where: { $0.info.id == id }) else { return nil }
        self = command
    }

    /// The default keymap of this context, built from the commands.
    static func defaultKeymap(_ context: KeymapContext) -> Keymap {
        Keymap(context: context.rawValue, bindings: all.map { command in
            let info = command.info
            return KeyBinding(action: info.id, keys: info.keys.map(defaultKey), label: info.label, help: info.help,
                              group: info.group, showsInFooter: info.showsInFooter)
        })
    }
}

/// A default key name as a key press. The names are literals checked by AppKeymapTests
/// (every one must parse), so the fallback is never used; it exists so a typo cannot trap.
private func defaultKey(_ name: String) -> KeyPress {
    (try? KeyPress(name: name)) ?? KeyPress(.function(12), modifiers: [.control, .alt, .shift])
}
