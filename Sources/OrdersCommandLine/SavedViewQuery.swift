import Foundation
import OrdersApp
import OrdersCore
import OrdersStorage

/// The query `list` and `export` run: their options, with `assignee:me` naming the actor, narrowed
/// by `--view NAME` (the view's search, its sort unless `--sort` is given), as the app shows it.
enum SavedViewQuery {
    /// The views this operator sees (shared from the store, personal from `views.json`), in tab order.
    static func views(store: any OrderStore, context: CommandContext) async throws -> [SavedView] {
        let shared = try await (store as? any ViewStore)?.savedViews() ?? []
        let personal: [SavedView]
        do {
            personal = try PersonalViewsFile(environment: context.environment).load()
        } catch {
            throw CLIError.failed("personal views: \(error)")
        }
        return SavedViewList.merged(shared: shared, personal: personal)
    }

    static func query(store: any OrderStore, context: CommandContext) async throws -> OrderQuery {
        try await resolve(store: store, context: context).query
    }

    /// The query, and the view named by `--view` (nil without one), whose columns `list` prints.
    static func resolve(store: any OrderStore, context: CommandContext) async throws -> (query: OrderQuery, view: SavedView?) {
        let actor = context.actor(for: store)
        var query = try QueryOptions.query(from: context.arguments, now: context.now, actor: actor)
        guard let name = context.arguments.value("--view") else { return (query, nil) }
        let views = try await views(store: store, context: context)
        guard let position = SavedViewList.position(of: name, in: views) else {
            throw CLIError.failed(SavedViewError.notFound(name, known: views.map(\.name)).description)
        }
        let view = views[position]
        do {
            // With the config's promise, as `--search` and the app parse: a view of `overdue` works here too.
            let promise = QueryOptions.fulfilmentPromise(environment: context.environment)
            query.filters = try SearchQueryParser.parse(view.query, now: context.now, calendar: .current,
                                                        promise: promise, actor: actor) + query.filters
        } catch {
            throw CLIError.failed("the view \"\(view.name)\" cannot be used: \(error.message)")
        }
        if context.arguments.value("--sort") == nil {
            guard let sort = view.parsedSort else {
                throw CLIError.failed("the view \"\(view.name)\" has a sort that cannot be read: \(view.sort)")
            }
            query.sort = sort
        }
        return (query, view)
    }
}
