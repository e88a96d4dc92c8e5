import Foundation
import OrdersCore

/// `orders flag NUMBER`.
struct FlagCommand: CLICommand {
    static let name = "flag"
    static let summary = "Flag an order for attention"
    static let arguments = ["NUMBER"]
    static let options: [CommandOption] = []

    var reference: OrderReference

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        reference = try ArgumentValue.orderReference(arguments.positionals[0])
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await OrderChange.apply([.setFlagged(true)], to: reference, context) { "\($0.number) is flagged." }
    }
}
