/// How a command presents itself and which keys trigger it unless the config says otherwise.
public struct CommandInfo: Hashable, Sendable {
    /// The stable name config files use: `"order.cancel"`, `"list.mark"`.
    public var id: String
    /// The default keys, as key names (`"ctrl-d"`, `"space"`); the first is the one hints show.
    public var keys: [String]
    /// A word or two for the footer.
    public var label: String
    /// A sentence for the help overlay and `orders --help`.
    public var help: String
    /// The heading it is listed under in help.
    public var group: String
    /// Whether the footer (or a modal's hint line) shows it.
    public var showsInFooter: Bool

    public init(_ id: String, _ keys: [String], _ label: String, _ help: String, _ group: String,
                footer: Bool = false) {
        self.id = id
        self.keys = keys
        self.label = label
        self.help = help
        self.group = group
        self.showsInFooter = footer
    }
}
