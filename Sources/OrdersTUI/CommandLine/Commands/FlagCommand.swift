import Foundation
import OrdersCore

/// `orders flag ID`.
struct FlagCommand: CLICommand {
    static let name = "flag"
    static let summary = "Flag an order for attention"
    static let arguments = ["ID"]
    static let options: [CommandOption] = []

    var id: OrderID

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        id = try ArgumentValue.orderID(arguments.positionals[0])
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await OrderChange.apply([.setFlagged(true)], to: id, context) { "\($0.id) is flagged." }
    }
}
