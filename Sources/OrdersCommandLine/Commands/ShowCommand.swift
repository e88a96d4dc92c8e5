import Foundation
import OrdersCore

/// `orders show NUMBER`: one order in full, as text or JSON.
struct ShowCommand: CLICommand {
    enum Format: String, CaseIterable { case text, json }

    static let name = "show"
    static let summary = "Print one order with its notes and history"
    static let arguments = ["NUMBER"]
    static let options: [CommandOption] = [.value("--format", "text|json", "How to print it (default text)")]

    var reference: OrderReference
    var format: Format

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        format = try ArgumentValue.choice(arguments.value("--format") ?? "text", for: "--format")
        reference = try ArgumentValue.orderReference(arguments.positionals[0])
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let store = try await context.openStore()
        let order = try await store.order(named: reference)
        let history = try await store.history(of: order.id)
        switch format {
        case .json: context.print(OrderDetailText.json(for: order, history: history), fromData: true)
        case .text: context.print(OrderDetailText.text(for: order, history: history))
        }
        return 0
    }
}
