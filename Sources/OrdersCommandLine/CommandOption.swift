/// One option of a command, declared once: the parser accepts it and `--help` describes it.
struct CommandOption: Sendable {
    /// "--format".
    var name: String
    /// The placeholder of its value ("FILE", "table|csv|json"), or nil for a plain flag.
    var value: String?
    /// One line (or several, joined by "\n") for `--help`.
    var help: String

    var takesValue: Bool { value != nil }

    static func value(_ name: String, _ placeholder: String, _ help: String) -> CommandOption {
        CommandOption(name: name, value: placeholder, help: help)
    }

    static func flag(_ name: String, _ help: String) -> CommandOption {
        CommandOption(name: name, value: nil, help: help)
    }

    /// Options every command accepts, before or after the command's name.
    static let global: [CommandOption] = [
        .value("--db", "PATH", "Database file, or a PostgreSQL server as postgresql://USER@HOST/DBNAME (password from PGPASSWORD or ~/.pgpass); default: $ORDERS_DB, else $XDG_DATA_HOME/orders/orders.db or ~/.local/share/orders/orders.db"),
        .value("--actor", "NAME", "Who the audit log names for changes (default: $ORDERS_ACTOR, else the database user: PostgreSQL's user, your user name for a file)"),
        .flag("--help", "Show help (also 'orders COMMAND --help')"),
    ]

    /// `-h` is accepted as `--help` but not listed.
    static let helpAliases: Set<String> = ["--help", "-h"]
}
