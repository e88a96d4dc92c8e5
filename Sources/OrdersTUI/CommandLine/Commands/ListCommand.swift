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
        var shown = 0
        var total = 0
        var cursor: PageCursor?
        let pageSize = 1_000
        while true {
            // The first request runs even for --limit 0: it also says how many match.
            // Pages continue from the last order shown, so orders another operator adds
            // meanwhile cannot shift the list and repeat a row.
            let wanted = min(pageSize, (limit ?? Int.max) - shown)
            let page = try await store.orders(matching: query, page: PageRequest(after: cursor, limit: wanted))
            if cursor == nil { total = page.totalCount }
            guard let last = page.orders.last, wanted > 0 else { break }
            if format == "table" {
                context.print(page.orders.map { OrderTable.line(for: $0) + "\n" }.joined())
            } else {
                context.print(exporter.text(for: page.orders), fromData: true)
            }
            shown += page.orders.count
            cursor = PageCursor(last)
        }
        if format == "table" {
            context.print("\(shown) of \(total) matching order\(total == 1 ? "" : "s")\n")
        } else {
            context.print(exporter.epilogue())
        }
        return 0
    }
}
