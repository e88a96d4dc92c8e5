import Foundation
import OrdersCore

/// `orders import FILE`: all of the file's orders, or none of them. A shop's export (told from
/// its content, or named by `--format`) goes through `ShopImporter` (`ImportCommand+Shop.swift`).
struct ImportCommand: CLICommand {
    static let name = "import"
    static let summary = "Import orders from a shop's export (Shopify, WooCommerce) or a CSV or JSON file, all or nothing"
    static let arguments = ["FILE"]
    static let options: [CommandOption] = [
        .flag("--dry-run", "Check the file and report every problem; write nothing"),
        .flag("--update", "Replace orders that already exist (otherwise an existing id is an error)"),
        .flag("--allow-unterminated", "Accept a CSV file whose last line has no line break (refused by default: the file may have been cut short)"),
        .flag("--allow-any-date", "Accept dates before 1970 or after 2100"),
        .value("--format", ImportFormat.allCases.map(\.rawValue).joined(separator: "|"),
               "The file's format (default: told from the content, else from the extension)"),
        .value("--tz", "ZONE", "Time zone of dates written without one, as WooCommerce writes them (default: this machine's)"),
        .value("--source", "NAME", "The source a shop's orders get (default: shopify or woocommerce)"),
        .flag("--skip-invalid", "Import a shop's orders that have no problem and list the others (exit status 1)"),
    ]
    static let details = """
        A shop's export is told from its content: Shopify's admin order export CSV, the
        WooCommerce order export CSV, or Shopify's Admin API order JSON. Importing it again
        (or the next day's) updates what the shop owns (payment, fulfilment, refunds, items,
        addresses, totals) and keeps flags, assignees, staff notes, tags added here and
        status changes made here; an unchanged file writes nothing ("0 new, 0 updated").
        Every problem is listed by kind with its file, line and field; a file with problems
        imports nothing unless --skip-invalid. Exit status 0 when every order was imported.
          orders import orders_export.csv
          orders import wc-orders.csv --tz Europe/Warsaw --dry-run
          orders import orders.json --source eu-store --skip-invalid
        The project's own FILE ends in .csv (one row per line item, with a header naming the columns
        id,customer,email,country,currency,status,created_at,flagged,tags,assignee,
        discount,shipping,tax,sku,title,quantity,unit_price) or .json (an array of orders
        with those fields and an "items" array of {sku,title,quantity,unit_price}).
        Amounts may be at most 1000000000000 and quantities at most 1000000.
        A database file that does not exist yet is created empty (without demo orders).
        """
    /// Importing is how a user starts a database of their own orders.
    static let ifDatabaseMissing = OrderDatabase.IfMissing.createEmpty

    var file: String
    var dryRun: Bool
    var replacingExisting: Bool
    var options: ImportOptions
    var format: ImportFormat?
    var shopOptions: ShopImportOptions

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        file = arguments.positionals[0]
        format = try arguments.value("--format").map { text throws(CLIError) in try ArgumentValue.choice(text, for: "--format") }
        let zone = try arguments.value("--tz").map { name throws(CLIError) in
            guard let zone = TimeZone(identifier: name) else {
                throw .usage("--tz must name a time zone like Europe/Berlin or UTC, got \"\(name)\"")
            }
            return zone
        } ?? TimeZone.current
        shopOptions = ShopImportOptions(format: format?.shopFormat, zone: zone, source: arguments.value("--source"),
                                        skipsInvalid: arguments.has("--skip-invalid"))
        if let source = shopOptions.source, let problem = OrderNumber.problem(withSource: source) {
            throw .usage("--source \(problem)")
        }
        dryRun = arguments.has("--dry-run")
        replacingExisting = arguments.has("--update")
        options = ImportOptions(allowsUnterminatedLastLine: arguments.has("--allow-unterminated"),
                                allowsAnyDate: arguments.has("--allow-any-date"))
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        if isShopExport() { return try await importShopExport(context) }
        if shopOptions.skipsInvalid {
            throw CLIError.usage("--skip-invalid is for a shop's export; this file's orders are imported all or nothing")
        }
        do {
            return try await importFile(context)
        } catch let error as ImportError {
            guard dryRun else {
                throw CLIError.failed(error.description + "; nothing was imported")
            }
            // A dry run is asked for a full report: every problem on its own line.
            for problem in error.problems { CLI.report(problem.description) }
            let count = error.problems.count
            throw CLIError.failed("\(count) problem\(count == 1 ? "" : "s") found; nothing was written (dry run)")
        }
    }

    private func importFile(_ context: CommandContext) async throws -> Int32 {
        let file = try OrderImporter.read(path: self.file, format: format?.ownFormat, options: options)
        let (name, count) = (file.name, file.entries.count)
        let store = try await context.openStore()
        if dryRun {
            if !replacingExisting {
                let existing = try await OrderImporter.existingOrders(in: file, store: store)
                if !existing.isEmpty { throw ImportError(problems: existing) }
            }
            context.print("\(name): \(count) order\(count == 1 ? "" : "s") can be imported; nothing was written (dry run).\n")
            return 0
        }
        try await OrderImporter.write(file, into: store, replacingExisting: replacingExisting, actor: context.actor(for: store))
        context.print("Imported \(count) order\(count == 1 ? "" : "s") from \(name).\n")
        return 0
    }
}
