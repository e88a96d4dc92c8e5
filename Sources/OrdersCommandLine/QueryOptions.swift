import Foundation
import OrdersApp
import OrdersCore

/// Turns `--search`, `--status`, `--high-value`, `--flagged`, `--sort` into an `OrderQuery`.
enum QueryOptions {
    /// The options `list` and `export` share, declared once.
    static let options: [CommandOption] = [
        .value("--search", "TEXT", "Words an order must contain (id, customer, email, SKU, title), and search terms\n"
            + "such as status:pending pay:paid ship:on_hold source:shopify total>1000 -tag:vip since:7d\n"
            + "refunded outstanding>0 risk:high city:berlin postcode:10115 age>2d code:SUMMER10 customer-orders>1\n"
            + "overdue due<4h due>1d (with the config's fulfilmentPromise)\n"
            + "(the list screen's search language)"),
        .value("--status", "S[,S...]", "Only these statuses (\(OrderStatus.allCases.map(\.rawValue).joined(separator: ", ")))"),
        .flag("--high-value", "Only orders with a total above 1000"),
        .flag("--flagged", "Only flagged orders"),
        .value("--sort", "FIELD[:DIR]", "\(OrderSortKey.fieldNames.joined(separator: ", ")); asc or desc\n"
            + "(default date:desc; without a direction date and total sort descending, the others ascending, as in the app)"),
        .value("--limit", "N", "At most N orders"),
        .value("--view", "NAME", "A saved view's search and sort (`orders views` lists them); other options narrow it,\n"
            + "--sort replaces its sort; list's table shows the view's columns"),
    ]

    /// True when any query option was given (export then writes the query's orders, not all).
    static func isGiven(in arguments: ParsedArguments) -> Bool {
        options.contains { $0.takesValue ? arguments.value($0.name) != nil : arguments.has($0.name) }
    }

    static func query(from arguments: ParsedArguments, now: Date, actor: String? = nil) throws(CLIError) -> OrderQuery {
        var filters: [OrderFilter] = []
        if let search = arguments.value("--search") {
            filters += try searchFilters(search, now: now, actor: actor)
        }
        if let text = arguments.value("--status") {
            var statuses = Set<OrderStatus>()
            for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
                guard let status = OrderStatus(rawValue: name) else {
                    throw .usage("unknown status \"\(name)\" (expected \(OrderStatus.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                statuses.insert(status)
            }
            filters.append(OrderFilter(.status(statuses)))
        }
        if arguments.has("--high-value") { filters.append(OrderFilter(.highValue(threshold: Order.defaultHighValueThreshold))) }
        if arguments.has("--flagged") { filters.append(OrderFilter(.flagged)) }
        return OrderQuery(filters: filters, sort: try sort(arguments.value("--sort")))
    }

    /// The filters a search text means, in the same query language as the list
    /// screen's search box, so both show exactly the same orders.
    static func searchFilters(_ text: String, now: Date, actor: String? = nil) throws(CLIError) -> [OrderFilter] {
        // `due` and `overdue` read the config's promise, as the app does; a broken config has none,
        // so they are refused with the message saying a promise is needed.
        let promise = fulfilmentPromise()
        do {
            return try SearchQueryParser.parse(text, now: now, calendar: .current, promise: promise, actor: actor)
        } catch {
            throw .failed("--search: \(error.message)")
        }
    }

    /// The config's fulfilment promise, as the app reads it; nil without one (or with a broken config).
    static func fulfilmentPromise(environment: [String: String] = ProcessInfo.processInfo.environment) -> FulfilmentPromise? {
        AppConfig.load(environment: environment).config.fulfilmentPromise
    }

    static func sort(_ text: String?) throws(CLIError) -> OrderSort {
        guard let text else { return .default }
        do { return try OrderSort(parsing: text) } catch { throw .usage("--sort: \(error.description)") }
    }

    /// `--limit N`: a positive whole number, or nil for no limit.
    static func limit(_ text: String?) throws(CLIError) -> Int? {
        guard let text else { return nil }
        guard let limit = Int(text), limit >= 0 else { throw .usage("--limit needs a whole number, got \"\(text)\"") }
        return limit
    }
}
