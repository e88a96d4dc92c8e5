import Foundation
import OrdersCore

/// `orders note NUMBER TEXT`: an append, so it never conflicts with another operator's change.
struct NoteCommand: CLICommand {
    static let name = "note"
    static let summary = "Add a note to an order"
    static let arguments = ["NUMBER", "TEXT"]
    static let options: [CommandOption] = []

    var reference: OrderReference
    var text: String

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        reference = try ArgumentValue.orderReference(arguments.positionals[0])
        text = arguments.positionals[1]
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .usage("the note is empty") }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await OrderChange.apply([.addNote(text)], to: reference, context) { "Added a note to \($0.number)." }
    }
}
