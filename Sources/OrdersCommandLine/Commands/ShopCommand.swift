import Foundation
import OrdersCore
import OrdersInterchange
import OrdersShops
import OrdersStorage

/// `orders shop add NAME (--shopify URL | --woocommerce URL) --credentials FILE [--ca-file PEM]`,
/// `orders shop list [--format json]`, `orders shop remove NAME`: the shops orders pulls from;
/// `orders shop facts NAME [--state STATE] [--format json]`, `orders shop retry NAME ID`,
/// `orders shop drop NAME ID`: what is queued for a shop, and an operator's say over a refused fact.
struct ShopCommand: CLICommand {
    static let name = "shop"
    static let summary = "Connect a Shopify or WooCommerce shop, list the shops, remove one, or see and settle its facts"
    static let arguments = ["add|list|remove|facts|retry|drop", "NAME", "ID"]
    static let argumentCounts = 1...3
    static let options: [CommandOption] = [
        .value("--shopify", "URL", "add: the Shopify shop's https address (https://example.myshopify.com)"),
        .value("--woocommerce", "URL", "add: the WooCommerce site's https address"),
        .value("--credentials", "FILE", "add: the file holding the Admin API access token (Shopify) or KEY:SECRET (WooCommerce), readable by you only"),
        .value("--ca-file", "PEM", "add: trust this certificate authority for the shop (a private CA)"),
        .value("--format", "table|json", "list, facts: a table (default) or JSON"),
        .value("--state", "waiting|sent|refused|dropped", "facts: only the facts in this state (default: every state)"),
    ]
    static let details = """
        The shop's NAME is the source of its orders: `orders show NAME:#1001`. The credentials file is
        read at each sync, never stored in the database and never printed; a file other users may read
        is refused (chmod 600 FILE). `orders sync` pulls the shops' changed orders and sends them what
        operators did (shipments, cancellations, holds, releases, tags, notes): `list` counts the facts waiting to be sent and those
        the shop refused. `facts NAME` lists a shop's facts with their ids; `retry NAME ID` puts a fact
        the shop refused back to waiting, for the next sync; `drop NAME ID` drops a waiting or refused
        fact: never sent, no longer counted. Removing a shop keeps its orders and deletes its facts; a
        shop with facts waiting to be sent is not removed (send or drop them first).
        """

    /// `shop add` may be the first thing done with a new database file; `list` and `remove` refuse a
    /// missing one themselves (`run`), creating nothing.
    static let ifDatabaseMissing = OrderDatabase.IfMissing.createEmpty

    enum Action: Sendable {
        case add(ConnectedShop)
        case list(json: Bool)
        case remove(String)
        case facts(String, state: ShopFactState?, json: Bool)
        case retry(String, Int64)
        case drop(String, Int64)
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
        case "facts":
            guard words.count == 2 else { throw .usage("shop facts takes the shop's NAME (see 'orders shop --help')") }
            let format = arguments.value("--format") ?? "table"
            guard ["table", "json"].contains(format) else { throw .usage("--format is table or json, not \"\(format)\"") }
            var state: ShopFactState?
            if let text = arguments.value("--state") {
                guard let chosen = ShopFactState(rawValue: text) else {
                    throw .usage("--state is waiting, sent, refused or dropped, not \"\(text)\"")
                }
                state = chosen
            }
            action = .facts(words[1], state: state, json: format == "json")
        case "retry", "drop":
            guard words.count == 3 else { throw .usage("shop \(words[0]) takes the shop's NAME and the fact's ID (see 'orders shop facts NAME')") }
            guard let id = Int64(words[2]), id > 0 else { throw .usage("a fact's ID is a whole number (see 'orders shop facts \(words[1])'), not \"\(words[2])\"") }
            action = words[0] == "retry" ? .retry(words[1], id) : .drop(words[1], id)
        default:
            throw .usage("shop takes add, list, remove, facts, retry or drop, not \"\(words[0])\" (see 'orders shop --help')")
        }
        if case .facts = action {} else if arguments.value("--state") != nil {
            throw .usage("--state goes with shop facts (see 'orders shop --help')")
        }
    }

    /// The store's outbox, for a shop it has connected.
    private static func outbox(_ store: any OrderStore, shop: String, in shops: [ConnectedShop]) throws -> any ShopOutboxStore {
        guard shops.contains(where: { $0.name == shop }) else { throw ShopRegistryError.notFound(shop) }
        guard let outbox = store as? any ShopOutboxStore else { throw CLIError.failed("This database keeps no facts for shops.") }
        return outbox
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
            case .facts(let name, let state, let json):
                let outbox = try Self.outbox(store, shop: name, in: try await registry.shops())
                var facts: [QueuedShopFact] = []
                for each in state.map({ [$0] }) ?? ShopFactState.allCases { facts += try await outbox.shopFacts(of: name, in: each) }
                var rows: [ShopFactsText.Row] = []
                for fact in facts.sorted(by: { $0.id < $1.id }) {
                    rows.append(ShopFactsText.Row(fact: fact, number: try await store.order(fact.orderID)?.number ?? "order \(fact.orderID)"))
                }
                context.print(json ? ShopFactsText.json(rows) : ShopFactsText.table(rows, shop: name, state: state), fromData: true)
            case .retry(let name, let id):
                try await Self.outbox(store, shop: name, in: try await registry.shops()).retryShopFact(id, of: name)
                context.print("Fact \(id) of \(name) waits to be sent again; `orders sync \(name)` sends it.\n", fromData: true)
            case .drop(let name, let id):
                try await Self.outbox(store, shop: name, in: try await registry.shops()).dropShopFact(id, of: name, at: context.now)
                context.print("Dropped fact \(id) of \(name); it will not be sent.\n", fromData: true)
            }
        } catch let error as ShopRegistryError {
            throw CLIError.failed(error.description)
        } catch let error as ShopFactError {
            throw CLIError.failed(error.description)
        }
        return 0
    }
}
