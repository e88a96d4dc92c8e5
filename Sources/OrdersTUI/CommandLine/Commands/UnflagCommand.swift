import Foundation
import OrdersCore

/// `orders unflag ID`.
struct UnflagCommand: CLICommand {
    static let name = "unflag"
    static let summary = "Remove an order's flag"
    static let arguments = ["ID"]
    static let options: [CommandOption] = []

    var id: OrderID

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        id = try ArgumentValue.orderID(arguments.positionals[0])
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await OrderChange.apply([.setFlagged(false)], to: id, context) { "\($0.id) is no longer flagged." }
    }
}
