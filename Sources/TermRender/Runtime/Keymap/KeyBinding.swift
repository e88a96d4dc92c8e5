/// One action the user can trigger from the keyboard, described as data so that
/// footer hints, the help overlay and config overrides all come from one place.
public struct KeyBinding: Hashable, Sendable {
    /// A stable identifier, used in config files: `"list.open"`, `"app.quit"`.
    public var action: String
    /// The keys that trigger it; the first is the one shown in hints.
    public var keys: [KeyPress]
    /// A word or two for the footer: "open", "quit".
    public var label: String
    /// A sentence for the help overlay.
    public var help: String
    /// The heading it is listed under in the help overlay.
    public var group: String
    /// Disabled bindings neither match keys nor appear in hints.
    public var isEnabled: Bool
    /// Whether the footer shows it (the help overlay always lists it).
    public var showsInFooter: Bool

    public init(action: String, keys: [KeyPress], label: String, help: String = "", group: String = "",
                isEnabled: Bool = true, showsInFooter: Bool = true) {
        self.action = action
        self.keys = keys
        self.label = label
        self.help = help
        self.group = group
        self.isEnabled = isEnabled
        self.showsInFooter = showsInFooter
    }

    /// A binding whose keys are written as names (`"ctrl-d"`, `"F5"`); throws on a bad name.
    public init(action: String, keyNames: [String], label: String, help: String = "", group: String = "",
                isEnabled: Bool = true, showsInFooter: Bool = true) throws(KeyNameError) {
        var keys: [KeyPress] = []
        for name in keyNames { keys.append(try KeyPress(name: name)) }
        self.init(action: action, keys: keys, label: label, help: help, group: group, isEnabled: isEnabled,
                  showsInFooter: showsInFooter)
    }

    /// The keys as shown to the user: `"j/down"`.
    public var keyLabel: String {
        keys.map(\.description).joined(separator: "/")
    }
}
