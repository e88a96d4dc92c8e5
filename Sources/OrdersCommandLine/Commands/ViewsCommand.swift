import Foundation
import OrdersCore
import OrdersPresentation

/// `orders views`: the saved views this operator sees, in tab order, with how many orders each
/// shows now (personal ones marked `@`; a view whose query does not parse shows its error).
struct ViewsCommand: CLICommand {
    static let name = "views"
    static let summary = "List the saved views (shared and personal) with their counts"
    static let arguments: [String] = []
    static let options: [CommandOption] = []
    static let details = """
        Shared views live in the database, so everyone on it sees them; personal ones (saved with
        :save --personal NAME in the app) live in views.json beside config.json and shadow a shared
        view of the same name. Use one with `orders list --view NAME` or `orders export --view NAME`.
        """

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {}

    func run(_ context: CommandContext) async throws -> Int32 {
        let store = try await context.openStore()
        let actor = context.actor(for: store)
        let views = try await SavedViewQuery.views(store: store, context: context)
        let promise = QueryOptions.fulfilmentPromise(environment: context.environment)
        let names = views.map { ($0.isPersonal ? SavedViewTab.personalMarker : "") + $0.name }
        let nameWidth = max(4, names.map(DisplayWidth.of).max() ?? 0)
        var lines = [DisplayWidth.padded("View", to: nameWidth) + "  " + DisplayWidth.padded("Orders", to: 6, rightAligned: true)
            + "  Sort        Query"]
        for (view, name) in zip(views, names) {
            let count: String
            var query = view.query
            if let problem = view.problem(now: context.now, calendar: .current, promise: promise, actor: actor) {
                count = "!"
                query += "  (\(problem))"
            } else {
                let filters = (try? SearchQueryParser.parse(view.query, now: context.now, calendar: .current,
                                                            promise: promise, actor: actor)) ?? []
                count = String(try await store.countsByStatus(matching: OrderQuery(filters: filters)).values.reduce(0, +))
            }
            lines.append(DisplayWidth.padded(name, to: nameWidth) + "  " + DisplayWidth.padded(count, to: 6, rightAligned: true)
                         + "  " + DisplayWidth.padded(view.sort, to: 10) + "  " + query)
        }
        context.print(lines.joined(separator: "\n") + "\n", fromData: true)
        return 0
    }
}
