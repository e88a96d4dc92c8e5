/// Every subcommand: its name, what it does, its usage text and options.
struct CommandInfo {
    var name: String
    var summary: String
    var usage: String
    var spec: OptionSpec
}

enum CommandCatalog {
    static let version = "orders 0.1.0"

    static let queryOptionsHelp = """
          --search TEXT        Words an order must contain (id, customer, email, SKU, title)
          --status S[,S...]    Only these statuses (pending, processing, shipped, completed, cancelled, refunded)
          --high-value         Only orders with a total above 1000
          --flagged            Only flagged orders
          --sort FIELD[:DIR]   date, id, customer, total, status or items; asc or desc
                               (default date:desc; without a direction date and total
                               sort descending, the others ascending, as in the app)
          --limit N            At most N orders
        """

    static let commands: [CommandInfo] = [
        CommandInfo(name: "list", summary: "Print the orders matching a query",
                    usage: """
                    Usage: orders list [--format table|csv|json] [query options] [--db PATH]

                    Query options:
                    \(queryOptionsHelp)
                    """,
                    spec: OptionSpec(valueOptions: ["--format", "--search", "--status", "--sort", "--limit"],
                                     flags: ["--high-value", "--flagged"], positionals: 0...0)),
        CommandInfo(name: "show", summary: "Print one order with its notes and history",
                    usage: "Usage: orders show ID [--format text|json] [--db PATH]",
                    spec: OptionSpec(valueOptions: ["--format"], flags: [], positionals: 1...1)),
        CommandInfo(name: "set-status", summary: "Move an order to another status",
                    usage: """
                    Usage: orders set-status ID STATUS [--note TEXT] [--actor NAME] [--db PATH]

                    The workflow allows: pending → processing or cancelled; processing → shipped or cancelled;
                    shipped → completed; completed → refunded.
                    """,
                    spec: OptionSpec(valueOptions: ["--note"], flags: [], positionals: 2...2)),
        CommandInfo(name: "note", summary: "Add a note to an order",
                    usage: "Usage: orders note ID TEXT [--actor NAME] [--db PATH]",
                    spec: OptionSpec(valueOptions: [], flags: [], positionals: 2...2)),
        CommandInfo(name: "flag", summary: "Flag an order for attention",
                    usage: "Usage: orders flag ID [--actor NAME] [--db PATH]",
                    spec: OptionSpec(valueOptions: [], flags: [], positionals: 1...1)),
        CommandInfo(name: "unflag", summary: "Remove an order's flag",
                    usage: "Usage: orders unflag ID [--actor NAME] [--db PATH]",
                    spec: OptionSpec(valueOptions: [], flags: [], positionals: 1...1)),
        CommandInfo(name: "import", summary: "Import orders from a CSV or JSON file, all or nothing",
                    usage: """
                    Usage: orders import FILE [--dry-run] [--update] [--actor NAME] [--db PATH]

                    FILE ends in .csv (one row per line item, with a header naming the columns
                    id,customer,email,country,currency,status,created_at,flagged,tags,assignee,
                    discount,shipping,tax,sku,title,quantity,unit_price) or .json (an array of orders
                    with those fields and an "items" array of {sku,title,quantity,unit_price}).
                      --dry-run   Check the file and report every problem; write nothing
                      --update    Replace orders that already exist (otherwise an existing id is an error)
                    A new database file is created empty (without demo orders).
                    """,
                    spec: OptionSpec(valueOptions: [], flags: ["--dry-run", "--update"], positionals: 1...1)),
        CommandInfo(name: "export", summary: "Write orders as CSV or JSON (all, or those matching a query)",
                    usage: """
                    Usage: orders export [--format csv|json] [--output FILE] [query options] [--db PATH]

                    Without --output the orders go to standard output. The format defaults to the
                    output file's extension, else CSV. Without query options every order is written,
                    in id order, and importing the file into an empty database reproduces every order
                    exactly; with them, the orders `orders list` shows for the same options, in its order.

                    Query options:
                    \(queryOptionsHelp)
                    """,
                    spec: OptionSpec(valueOptions: ["--format", "--output", "--search", "--status", "--sort", "--limit"],
                                     flags: ["--high-value", "--flagged"], positionals: 0...0)),
        CommandInfo(name: "demo", summary: "Fill an empty database with realistic demo orders",
                    usage: """
                    Usage: orders demo --count N [--seed S] [--db PATH]

                    The same seed always gives the same orders. The database must be empty
                    (a new file is created empty).
                    """,
                    spec: OptionSpec(valueOptions: ["--count", "--seed"], flags: [], positionals: 0...0)),
    ]

    static func command(named name: String) -> CommandInfo? {
        commands.first { $0.name == name }
    }

    static let mainSpec = OptionSpec(valueOptions: ["--open"], flags: ["--version"], positionals: 0...0)

    static var mainUsage: String {
        let width = commands.map(\.name.count).max() ?? 0
        let list = commands.map { "  " + $0.name + String(repeating: " ", count: width - $0.name.count + 3) + $0.summary }
        return """
        orders — triage customer orders in the terminal

        Usage: orders [--db PATH] [--open ID]     Start the full-screen app
               orders COMMAND [options]           Run one command and exit

        Commands:
        \(list.joined(separator: "\n"))

        Options for every command:
          --db PATH       Database file (default: $XDG_DATA_HOME/orders/orders.db or
                          ~/.local/share/orders/orders.db; a new file starts with 5,000 demo orders)
          --actor NAME    Who the audit log names for changes (default: $ORDERS_ACTOR, else your user name)
          --help          Show help (also 'orders COMMAND --help')
          --version       Show the version

        Exit status: 0 success, 1 the command failed, 2 the command line is wrong.

        \(InteractiveHelp.text)
        """
    }
}
