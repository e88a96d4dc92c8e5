import Foundation
import OrdersCore
import OrdersInterchange

/// `orders export`: every order, or those matching a query, as CSV or JSON, to a file or standard output.
struct ExportCommand: CLICommand {
    static let name = "export"
    static let summary = "Write orders as CSV or JSON (all, or those matching a query)"
    static let arguments: [String] = []
    static let options: [CommandOption] = [
        .value("--format", "csv|json", "The file format (default: the output file's extension, else csv)"),
        .value("--output", "FILE", "Write to FILE (complete or not at all) instead of standard output"),
    ] + QueryOptions.options
    static let details = """
        Without query options every order is written, in id order, and importing the file into an
        empty database reproduces every order exactly; with them, the orders `orders list` shows
        for the same options, in its order.

        \(FileFormatHelp.text)
        """

    var format: OrderFileFormat
    var output: String?
    /// Nil: every order, in id order (what a backup or a move wants).
    var query: OrderQuery?
    var limit: Int?

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        output = arguments.value("--output")
        if let name = arguments.value("--format") {
            format = try ArgumentValue.choice(name, for: "--format")
        } else {
            format = output.flatMap(OrderFileFormat.init(fileName:)) ?? .csv
        }
        let query = try QueryOptions.query(from: arguments, now: now)
        limit = try QueryOptions.limit(arguments.value("--limit"))
        self.query = QueryOptions.isGiven(in: arguments) ? query : nil
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let store = try await context.openStore()
        let query = self.query == nil ? nil : try await SavedViewQuery.query(store: store, context: context)
        let (format, limit) = (format, limit)
        func export(_ write: (String) throws -> Void) async throws -> Int {
            if let query {
                try await OrderExporter.export(store, format: format, query: query, limit: limit, write: write)
            } else {
                try await OrderExporter.export(store, format: format, write: write)
            }
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
