import OrdersCore

/// What an option's value or a positional argument is, read from the placeholder its command
/// declares (`"FILE"`, `"table|csv|json"`), so the shell completions offer files or the choices
/// without a second declaration that could drift from `--help`.
enum ValueKind: Equatable {
    /// A path: the shells complete file names.
    case file
    /// One of these words.
    case choices([String])
    /// Free text (a number, a name): nothing to offer.
    case text

    /// Placeholders that name a file or a database path.
    private static let filePlaceholders: Set<String> = ["FILE", "PATH", "MAPPING", "SRC", "DST"]
    /// Placeholders that take a status (or several, comma-separated: completed one at a time).
    private static let statusPlaceholders: Set<String> = ["STATUS", "S[,S...]"]

    init(placeholder: String) {
        if Self.filePlaceholders.contains(placeholder) {
            self = .file
        } else if Self.statusPlaceholders.contains(placeholder) {
            self = .choices(OrderStatus.allCases.map(\.rawValue))
        } else if placeholder.contains("|"),
                  placeholder.allSatisfy({ $0 == "|" || $0 == "-" || $0.isLowercase || $0.isNumber }) {
            self = .choices(placeholder.split(separator: "|").map(String.init))
        } else {
            self = .text
        }
    }
}

/// One way to call `orders`, as the completions and the man page list it: the full-screen app
/// (no name) or a subcommand, each with its own options. Read from `CommandCatalog`.
struct CommandReference {
    /// "" for the full-screen app.
    var name: String
    var summary: String
    var arguments: [String]
    var options: [CommandOption]
    var details: String

    /// The app first, then every subcommand in the catalog's order.
    static var all: [CommandReference] {
        [CommandReference(name: "", summary: "Start the full-screen app", arguments: [], options: CommandCatalog.appOptions,
                          details: "")]
            + CommandCatalog.commands.map {
                CommandReference(name: $0.name, summary: $0.summary, arguments: $0.arguments, options: $0.options,
                                 details: $0.details)
            }
    }

    static var subcommands: [CommandReference] { all.filter { !$0.name.isEmpty } }
}
