import Foundation
import OrdersCore
import OrdersInterchange

/// `orders list`: the orders matching a query, as a table, CSV or JSON.
struct ListCommand: CLICommand {
    enum Format: String, CaseIterable { case table, csv, json }

    static let name = "list"
    static let summary = "Print the orders matching a query"
    static let arguments: [String] = []
    static let options: [CommandOption] = [.value("--format", "table|csv|json", "How to print them (default table). With --view the table shows the view's\n"
        + "columns in its order; csv and json are data, not a screen: always every field")]
        + QueryOptions.options

    var format: Format
    var query: OrderQuery
    var limit: Int?

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        format = try ArgumentValue.choice(arguments.value("--format") ?? "table", for: "--format")
        query = try QueryOptions.query(from: arguments, now: now)
        limit = try QueryOptions.limit(arguments.value("--limit"))
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let store = try await context.openStore()
        let (query, view) = try await SavedViewQuery.resolve(store: store, context: context)
        // A view's columns shape the text table only: CSV and JSON are data, always whole.
        let table = view.flatMap { ListColumn.parse($0.columns) }.map { columns in
            OrderTable.view(columns, now: context.now, promise: QueryOptions.fulfilmentPromise(environment: context.environment))
        } ?? .standard
        var exporter = OrderExporter(format: format == .json ? .json : .csv)
        if format == .table { context.print(table.header() + "\n") } else { context.print(exporter.prologue()) }
        let (shown, total) = try await store.forEachPage(matching: query, limit: limit) { orders in
            if format == .table {
                context.print(orders.map { table.line(for: $0) + "\n" }.joined())
            } else {
                context.print(exporter.text(for: orders), fromData: true)
            }
        }
        if format == .table {
            context.print("\(shown) of \(total) matching order\(total == 1 ? "" : "s")\n")
        } else {
            context.print(exporter.epilogue())
        }
        return 0
    }
}
