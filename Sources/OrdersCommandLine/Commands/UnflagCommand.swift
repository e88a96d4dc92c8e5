import Foundation
import OrdersCore

/// `orders unflag NUMBER`.
struct UnflagCommand: CLICommand {
    static let name = "unflag"
    static let summary = "Remove an order's flag"
    static let arguments = ["NUMBER"]
    static let options: [CommandOption] = []

    var reference: OrderReference

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        reference = try ArgumentValue.orderReference(arguments.positionals[0])
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await OrderChange.apply([.setFlagged(false)], to: reference, context) { "\($0.number) is no longer flagged." }
    }
}
