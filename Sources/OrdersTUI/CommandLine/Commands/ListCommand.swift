import Foundation
import OrdersCore

/// `orders list`: the orders matching a query, as a table, CSV or JSON.
enum ListCommand {
    static func run(_ context: CommandContext) async throws -> Int32 {
        let format = context.arguments.value("--format") ?? "table"
        guard ["table", "csv", "json"].contains(format) else {
            throw CLIError.usage("--format must be table, csv or json, got \"\(format)\"")
        }
        let query = try QueryOptions.query(from: context.arguments, now: context.now)
        let limit = try QueryOptions.limit(context.arguments.value("--limit"))
        let store = try await context.openStore()

        var exporter = OrderExporter(format: format == "json" ? .json : .csv)
        if format == "table" { context.print(OrderTable.header() + "\n") } else { context.print(exporter.prologue()) }
        let (shown, total) = try await store.forEachPage(matching: query, limit: limit) { orders in
            if format == "table" {
                context.print(orders.map { OrderTable.line(for: $0) + "\n" }.joined())
            } else {
                context.print(exporter.text(for: orders), fromData: true)
            }
        }
        if format == "table" {
            context.print("\(shown) of \(total) matching order\(total == 1 ? "" : "s")\n")
        } else {
            context.print(exporter.epilogue())
        }
        return 0
    }
}
