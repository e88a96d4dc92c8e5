import Foundation
import OrdersCore

enum OrderPrintFormat: String, CaseIterable { case text, json }

/// A command that prints one order, as text or JSON, from the order and its history (`orders show`,
/// `orders history`): the parsing and the reading are here once, each command saying only how it prints.
protocol OrderPrintCommand: CLICommand {
    init(reference: OrderReference, format: OrderPrintFormat)
    var reference: OrderReference { get }
    var format: OrderPrintFormat { get }
    static func text(of order: Order, history: [AuditEntry]) -> String
    static func json(of order: Order, history: [AuditEntry]) -> String
}

extension OrderPrintCommand {
    static var arguments: [String] { ["NUMBER"] }
    static var options: [CommandOption] { [.value("--format", "text|json", "How to print it (default text)")] }

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        let format: OrderPrintFormat = try ArgumentValue.choice(arguments.value("--format") ?? "text", for: "--format")
        self.init(reference: try ArgumentValue.orderReference(arguments.positionals[0]), format: format)
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let store = try await context.openStore()
        let order = try await store.order(named: reference)
        let history = try await store.history(of: order.id)
        switch format {
        // JSON is data: printed as it is, whatever it holds (`CommandContext.print`).
        case .json: context.print(Self.json(of: order, history: history), fromData: true)
        case .text: context.print(Self.text(of: order, history: history))
        }
        return 0
    }
}
