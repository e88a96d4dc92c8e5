import Foundation
import OrdersCore

/// One change to one order from the command line, through the same domain rules, audit
/// log and conflict check as the full-screen app. Appends (a note) apply to the latest
/// version; a replacing change (status, flag) is checked against the version just read.
enum OrderChange {
    static func apply(_ mutations: [OrderMutation], to reference: OrderReference, _ context: CommandContext,
                      done: (Order) -> String) async throws -> Int32 {
        let store = try await context.openStore()
        let current = try await store.order(named: reference)
        let updated: Order
        do {
            updated = try await store.update(current.id, expectedVersion: current.version, mutations: mutations,
                                             actor: context.actor(for: store))
        } catch let error as StateTransitionError {
            // The tables' refusals name the store's key; the operator knows the order by its number.
            throw CLIError.failed("\(current.number): cannot change \(error.field): \(error.reason)")
        } catch OrderStoreError.invalidTransition(let error) {
            throw CLIError.failed("\(current.number): cannot change status from \(error.from) to \(error.to): \(error.reason)")
        }
        context.print(done(updated) + "\n")
        return 0
    }
}
