import Foundation
import OrdersCore

/// `orders set-status NUMBER STATUS [--note TEXT]`.
struct SetStatusCommand: CLICommand {
    static let name = "set-status"
    static let summary = "Move an order to another status"
    static let arguments = ["NUMBER", "STATUS"]
    static let options: [CommandOption] = [.value("--note", "TEXT", "Also add this note, in the same change")]
    static let details = """
        The workflow allows: pending → processing or cancelled; processing → shipped or cancelled;
        shipped → completed; completed → refunded.
        """

    var reference: OrderReference
    var status: OrderStatus
    var note: String?

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        reference = try ArgumentValue.orderReference(arguments.positionals[0])
        status = try ArgumentValue.status(arguments.positionals[1])
        note = arguments.value("--note")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await OrderChange.apply([.setStatus(status)] + (note.map { [.addNote($0)] } ?? []), to: reference, context) {
            "\($0.number) is now \($0.status)."
        }
    }
}
