/// One key binding as the help overlay lists it: its group, its keys and what it does.
public struct HelpEntry: Hashable, Sendable {
    /// The heading it is listed under.
    public var group: String
    /// The keys as the operator presses them: "j/down".
    public var keys: String
    /// What the keys do.
    public var help: String

    /// A binding in `group` pressed with `keys` that does `help`.
    public init(group: String, keys: String, help: String) {
        self.group = group
        self.keys = keys
        self.help = help
    }
}
