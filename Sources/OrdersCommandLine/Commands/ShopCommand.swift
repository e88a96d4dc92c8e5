import Foundation
import OrdersCore

/// `orders shop add NAME (--shopify URL | --woocommerce URL) --credentials FILE [--ca-file PEM]`,
/// `orders shop list [--format json]`, `orders shop remove NAME`: the shops orders pulls from.
struct ShopCommand: CLICommand {
    static let name = "shop"
    static let summary = "Connect a Shopify or WooCommerce shop, list the shops, or remove one"
    static let arguments = ["add|list|remove", "NAME"]
    static let argumentCounts = 1...2
    static let options: [CommandOption] = [
        .value("--shopify", "URL", "add: the Shopify shop's https address (https://example.myshopify.com)"),
        .value("--woocommerce", "URL", "add: the WooCommerce site's https address"),
        .value("--credentials", "FILE", "add: the file holding the Admin API access token (Shopify) or KEY:SECRET (WooCommerce), readable by you only"),
        .value("--ca-file", "PEM", "add: trust this certificate authority for the shop (a private CA)"),
        .value("--format", "table|json", "list: a table (default) or JSON"),
    ]
    static let details = """
        The shop's NAME is the source of its orders: `orders show NAME:#1001`. The credentials file is
        read at each sync, never stored in the database and never printed; a file other users may read
        is refused (chmod 600 FILE). `orders sync` pulls the shops' changed orders and sends them what
        operators did (shipments, cancellations): `list` counts the facts waiting to be sent and those
        the shop refused. Removing a shop keeps its orders.
        """

    /// `shop add` may be the first thing done with a new database file; `list` and `remove` refuse a
    /// missing one themselves (`run`), creating nothing.
    static let ifDatabaseMissing = OrderDatabase.IfMissing.createEmpty

    enum Action: Sendable {
        case add(ConnectedShop)
        case list(json: Bool)
        case remove(String)
    }

    var action: Action

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        let words = arguments.positionals
        switch words[0] {
        case "add":
            guard words.count == 2 else { throw .usage("shop add takes the shop's NAME (see 'orders shop --help')") }
            let shopify = arguments.value("--shopify"), woo = arguments.value("--woocommerce")
            guard (shopify == nil) != (woo == nil) else {
                throw .usage("shop add takes one of --shopify URL or --woocommerce URL (see 'orders shop --help')")
            }
            guard let credentials = arguments.value("--credentials") else {
                throw .usage("shop add takes --credentials FILE (see 'orders shop --help')")
            }
            do {
                let name = try ConnectedShop.validatedName(words[1])
                let url = try ConnectedShop.validatedURL(shopify ?? woo ?? "")
                action = .add(ConnectedShop(name: name, platform: shopify != nil ? .shopify : .woocommerce, url: url,
                                            caFile: arguments.value("--ca-file").map(Self.absolute),
                                            credentialsFile: Self.absolute(credentials)))
            } catch {
                throw .usage(error.description)
            }
        case "list":
            guard words.count == 1 else { throw .usage("shop list takes no NAME (see 'orders shop --help')") }
            let format = arguments.value("--format") ?? "table"
            guard ["table", "json"].contains(format) else { throw .usage("--format is table or json, not \"\(format)\"") }
            action = .list(json: format == "json")
        case "remove":
            guard words.count == 2 else { throw .usage("shop remove takes the shop's NAME (see 'orders shop --help')") }
            action = .remove(words[1])
        default:
            throw .usage("shop takes add, list or remove, not \"\(words[0])\" (see 'orders shop --help')")
        }
    }

    private static func absolute(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        guard !expanded.hasPrefix("/") else { return expanded }
        return FileManager.default.currentDirectoryPath + "/" + expanded
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        if case .add = action {} else if case .sqliteFile(let path) = context.location, !FileManager.default.fileExists(atPath: path) {
            throw CLIError.failed(OrderDatabase.missingMessage(path))
        }
        let store = try await context.openStore()
        guard let registry = store as? any ShopRegistry else { throw CLIError.failed("This database cannot keep shops.") }
        do {
            switch action {
            case .add(let shop):
                // Checked now, so a mistake is said at once; it is read again at each sync.
                do { try ShopCredentials.checkPrivate(shop.credentialsFile) } catch { throw CLIError.failed(error.description) }
                if let caFile = shop.caFile, !FileManager.default.isReadableFile(atPath: caFile) {
                    throw CLIError.failed("The CA file \(caFile) cannot be read.")
                }
                try await registry.addShop(shop, at: context.now)
                context.print("Connected \(shop.name) (\(shop.platform.rawValue), \(shop.url)); `orders sync \(shop.name)` pulls its orders.\n",
                              fromData: true)
            case .list(let json):
                let shops = try await registry.shops()
                context.print(json ? ShopListText.json(shops) : ShopListText.table(shops, now: context.now), fromData: true)
            case .remove(let name):
                try await registry.removeShop(named: name)
                context.print("Removed \(name); its orders stay.\n", fromData: true)
            }
        } catch let error as ShopRegistryError {
            throw CLIError.failed(error.description)
        }
        return 0
    }
}
