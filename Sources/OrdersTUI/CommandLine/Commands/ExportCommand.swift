import Foundation
import OrdersCore

/// `orders export`: every order, or those matching a query, as CSV or JSON, to a file or standard output.
enum ExportCommand {
    static func run(_ context: CommandContext) async throws -> Int32 {
        let output = context.arguments.value("--output")
        let format: OrderFileFormat
        if let name = context.arguments.value("--format") {
            guard let chosen = OrderFileFormat(rawValue: name) else {
                throw CLIError.usage("--format must be csv or json, got \"\(name)\"")
            }
            format = chosen
        } else {
            format = output.flatMap(OrderFileFormat.init(fileName:)) ?? .csv
        }
        let query = try QueryOptions.query(from: context.arguments, now: context.now)
        let limit = try QueryOptions.limit(context.arguments.value("--limit"))
        // No query options: every order, in id order (what a backup or a move wants).
        let wantsQuery = ["--search", "--status", "--sort", "--limit"].contains { context.arguments.value($0) != nil }
            || ["--high-value", "--flagged"].contains { context.arguments.has($0) }
        let store = try await context.openStore()
        func export(_ write: (String) throws -> Void) async throws -> Int {
            wantsQuery
                ? try await OrderExporter.export(store, format: format, query: query, limit: limit, write: write)
                : try await OrderExporter.export(store, format: format, write: write)
        }
        guard let output else {
            _ = try await export { context.print($0, fromData: true) }
            return 0
        }
        let count: Int
        do {
            count = try await ExportFile.write(to: output) { try await export($0) }
        } catch let failure as ExportFile.Failure {
            throw CLIError.failed(failure.description)
        }
        context.printError("Exported \(count) order\(count == 1 ? "" : "s") to \(output).\n")
        return 0
    }
}
