import Foundation
import OrdersCore

/// `orders set-status ID STATUS [--note TEXT]`.
struct SetStatusCommand: CLICommand {
    static let name = "set-status"
    static let summary = "Move an order to another status"
    static let arguments = ["ID", "STATUS"]
    static let options: [CommandOption] = [.value("--note", "TEXT", "Also add this note, in the same change")]
    static let details = """
        The workflow allows: pending → processing or cancelled; processing → shipped or cancelled;
        shipped → completed; completed → refunded.
        """

    var id: OrderID
    var status: OrderStatus
    var note: String?

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        id = try ArgumentValue.orderID(arguments.positionals[0])
        status = try ArgumentValue.status(arguments.positionals[1])
        note = arguments.value("--note")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await OrderChange.apply([.setStatus(status)] + (note.map { [.addNote($0)] } ?? []), to: id, context) {
            "\($0.id) is now \($0.status)."
        }
    }
}
