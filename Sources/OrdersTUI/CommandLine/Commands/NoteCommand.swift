import Foundation
import OrdersCore

/// `orders note ID TEXT`: an append, so it never conflicts with another operator's change.
struct NoteCommand: CLICommand {
    static let name = "note"
    static let summary = "Add a note to an order"
    static let arguments = ["ID", "TEXT"]
    static let options: [CommandOption] = []

    var id: OrderID
    var text: String

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        id = try ArgumentValue.orderID(arguments.positionals[0])
        text = arguments.positionals[1]
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .usage("the note is empty") }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await OrderChange.apply([.addNote(text)], to: id, context) { "Added a note to \($0.id)." }
    }
}
