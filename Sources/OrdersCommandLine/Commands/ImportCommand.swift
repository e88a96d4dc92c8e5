import Foundation
import OrdersCore
import OrdersInterchange

/// `orders import FILE`: all of the file's orders, or none of them. A shop's export (told from
/// its content, or named by `--format`) goes through `ShopImporter` (`ImportCommand+Shop.swift`).
struct ImportCommand: CLICommand {
    static let name = "import"
    static let summary = "Import orders from a shop's export (Shopify, WooCommerce) or a CSV or JSON file, all or nothing"
    static let arguments = ["FILE"]
    static let options: [CommandOption] = [
        .flag("--dry-run", "Check the file and report every problem; write nothing"),
        .flag("--update", "Replace orders that already exist (otherwise an existing id is an error); own files only"),
        .flag("--allow-unterminated", "Accept a CSV file whose last line has no line break (refused by default: the file may have been cut short); own files only"),
        .flag("--allow-any-date", "Accept dates before 1970 or after 2100; own files only"),
        .value("--format", ImportFormat.allCases.map(\.rawValue).joined(separator: "|"),
               "The file's format (default: told from the content, else from the extension)"),
        .value("--tz", "ZONE", "Time zone of dates written without one, as WooCommerce writes them (default: this machine's)"),
        .value("--source", "NAME", "The source a shop's orders get (default: shopify or woocommerce)"),
        .flag("--skip-invalid", "Import a shop's orders that have no problem and list the others (exit status 1)"),
        .value("--map", "MAPPING", "Read any other CSV by a JSON mapping file (TOML is not read): see below"),
    ]
    static let details = """
        A shop's export is told from its content: Shopify's admin order export CSV, the
        WooCommerce order export CSV, Shopify's Admin API order JSON (REST), a Shopify bulk
        operation's JSON Lines (GraphQL), or WooCommerce's REST API order JSON. Importing it again
        (or the next day's) updates what the shop owns (payment, fulfilment, refunds, items,
        addresses, totals) and keeps flags, assignees, staff notes, tags added here and
        status changes made here; an unchanged file writes nothing ("0 new, 0 updated").
        Every problem is listed by kind with its file, line and field; a file with problems
        imports nothing unless --skip-invalid. Exit status 0 when every order was imported.
          orders import orders_export.csv
          orders import wc-orders.csv --tz Europe/Warsaw --dry-run
          orders import orders.json --source eu-store --skip-invalid
        --update, --allow-unterminated and --allow-any-date are for the project's own files and
        are refused for a shop's export rather than ignored: importing an export again always
        updates what the shop owns and keeps the operators' work (replacing whole orders would
        lose it), its last line is read whether or not it ends in a line break, and its dates
        are taken as the shop wrote them.
        Any other CSV comes in through a mapping file (JSON; TOML is not read), which says which
        column gives each field, which rows make one order, what the status words mean and how
        dates and amounts are written. The whole mapping is checked before any row is read.
          orders import erp.csv --map erp-map.json
        erp-map.json, for an export with the columns Order No,Date,State,Currency,Customer,Mail,
        Gross,Freight,VAT,Remarks,Labels,Article,Description,Qty,Unit Price (one row per line item):
          {
            "source": "erp",
            "orderKey": "Order No",
            "dateFormat": "dd.MM.yyyy HH:mm",
            "timeZone": "Europe/Berlin",
            "decimalSeparator": ",",
            "thousandsSeparator": ".",
            "taxesIncluded": true,
            "columns": {
              "number": "Order No", "createdAt": "Date", "status": "State", "currency": "Currency",
              "customerName": "Customer", "email": "Mail", "total": "Gross", "shippingTotal": "Freight",
              "taxTotal": "VAT", "customerNote": "Remarks", "tags": "Labels", "item.sku": "Article",
              "item.title": "Description", "item.quantity": "Qty", "item.unitPrice": "Unit Price"
            },
            "statuses": {
              "OPEN": {"payment": "pending"},
              "PAID": {"payment": "paid"},
              "SHIPPED": {"payment": "paid", "fulfilment": "fulfilled"},
              "DONE": {"payment": "paid", "fulfilment": "fulfilled", "closed": true},
              "CANCELLED": {"payment": "voided", "cancelled": true}
            }
          }
        Only "columns" is required, naming number, createdAt, currency, item.title,
        item.quantity and item.unitPrice or item.lineTotal. Email and phone are optional (a
        marketplace gives neither; the order's number and the customer's name, else "Guest",
        identify it). Without "total" the order's total is its lines + shipping + tax (unless
        taxesIncluded) + fees + duties - discount. Other fields: shopID paidAt fulfilledAt
        cancelledAt cancelReason customerName email phone customerKey subtotal (before
        discounts) total discountTotal fees duties refundedAmount discountCodes shippingMethod
        paymentMethod staffNote, billing.* and shipping.* with name company address1 address2
        city postcode region country phone, and a line's own item.shipping item.tax
        item.discount (added up for the order when no order column gives them). An amount may
        name a list of columns, which are added up: "item.tax": ["item-tax", "shipping-tax"].
        "orderKey": the rows of one order follow each other and share that column (without it
        every row is an order). "delimiter": comma (default), semicolon or tab (tab-separated
        text has no quoting: a quote is text). A status word not in "statuses" is kept as the
        shop's word, the order pending and unfulfilled; without a status column, a paid date
        makes the order paid and a fulfilled date fulfilled. A line with quantity 0 and no
        price is a cancelled line: not an item, kept on the order as the note attribute
        "cancelled line"; an order whose lines are all cancelled must be cancelled by its
        status. A line total that does not divide by its quantity stays the truth, kept exact
        on the line; the unit price shown is derived from it, rounded half to even to the
        currency's minor unit (marked ≈). "dateFormat" letters: yyyy yy (2000-2099) MM M
        MMM (Dec) MMMM (December) dd d HH H hh h (12-hour, with a: AM/PM) mm ss ('T' for a
        letter as is); without it dates are ISO 8601 or 2025-12-07 19:08:25. "timeZone"
        defaults to --tz. The source is "mapped" unless the mapping or --source names one.
        Etsy's "Sold Order Items" CSV (one row per item):
          orders import EtsySoldOrderItems2026-11.csv --map etsy.json --tz America/New_York
        etsy.json:
        \(Self.indented(MarketplaceMappings.etsy))
        Amazon Seller Central's "All Orders" report (tab-separated; no buyer's name or email):
          orders import all-orders.txt --map amazon.json
        amazon.json:
        \(Self.indented(MarketplaceMappings.amazon))
        The project's own FILE ends in .csv (one row per line item, with a header naming at least
        the columns id,customer_name,customer_email,country,currency,status,created_at,flagged,
        tags,assignee,discount,shipping,tax,sku,title,quantity,unit_price; customer and email
        are read as customer_name and customer_email) or .json (an array of orders as
        `orders export --format json` writes them; see below).
        Amounts may be at most 1000000000000 and quantities at most 1000000.
        A database file that does not exist yet is created empty (without demo orders).

        \(FileFormatHelp.text)
        """
    /// A mapping's lines, indented as the examples of the help are.
    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }

    /// Importing is how a user starts a database of their own orders.
    static let ifDatabaseMissing = OrderDatabase.IfMissing.createEmpty

    var file: String
    var dryRun: Bool
    var replacingExisting: Bool
    var options: ImportOptions
    var format: ImportFormat?
    var shopOptions: ShopImportOptions
    /// The mapping file that reads any other CSV (`--map`).
    var mappingPath: String?

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
        mappingPath = arguments.value("--map")
        if mappingPath != nil, format != nil {
            throw .usage("--map reads the file by its mapping; leave out --format")
        }
        dryRun = arguments.has("--dry-run")
        replacingExisting = arguments.has("--update")
        options = ImportOptions(allowsUnterminatedLastLine: arguments.has("--allow-unterminated"),
                                allowsAnyDate: arguments.has("--allow-any-date"))
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let status = try await importAnyFile(context)
        if !dryRun { await context.keepIndexFileCurrent() }
        return status
    }

    private func importAnyFile(_ context: CommandContext) async throws -> Int32 {
        if let mappingPath { return try await importMappedExport(mappingPath: mappingPath, context) }
        if isShopExport() { return try await importShopExport(context) }
        if shopOptions.skipsInvalid {
            throw CLIError.usage("--skip-invalid is for a shop's export; this file's orders are imported all or nothing")
        }
        do {
            return try await importFile(context)
        } catch let error as ImportError {
            guard dryRun else {
                throw CLIError.failed(error.description + "; nothing was imported" + Self.mappingHint(for: error))
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
