import Foundation
import OrdersCore

/// `set-status`, `note`, `flag` and `unflag`: one change to one order, through the
/// same domain rules, audit log and conflict check as the full-screen app.
enum ChangeCommands {
    static func run(_ command: String, _ context: CommandContext) async throws -> Int32 {
        let arguments = context.arguments.positionals
        let id = try context.orderID(arguments[0])
        let mutations: [OrderMutation]
        let done: (Order) -> String
        switch command {
        case "set-status":
            guard let status = OrderStatus(rawValue: arguments[1].lowercased()) else {
                throw CLIError.usage("unknown status \"\(arguments[1])\" (expected \(OrderStatus.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            mutations = [.setStatus(status)] + (context.arguments.value("--note").map { [.addNote($0)] } ?? [])
            done = { "\($0.id) is now \($0.status)." }
        case "note":
            guard !arguments[1].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw CLIError.usage("the note is empty")
            }
            mutations = [.addNote(arguments[1])]
            done = { "Added a note to \($0.id)." }
        case "flag":
            mutations = [.setFlagged(true)]
            done = { "\($0.id) is flagged." }
        default:
            mutations = [.setFlagged(false)]
            done = { "\($0.id) is no longer flagged." }
        }
        let store = try await context.openStore()
        guard let current = try await store.order(id) else { throw OrderStoreError.notFound(id) }
        let updated = try await store.update(id, expectedVersion: current.version, mutations: mutations, actor: context.actor)
        context.print(done(updated) + "\n")
        return 0
    }
}
