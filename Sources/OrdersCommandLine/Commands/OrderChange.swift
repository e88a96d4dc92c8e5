import Foundation
import OrdersCore
import OrdersStorage

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

/// A command that takes only an order's number (`orders pay NUMBER`) and makes one change to it: the
/// parsing and the run are here once, each command saying only its change and its words.
protocol OrderNumberChangeCommand: CLICommand {
    init(reference: OrderReference)
    var reference: OrderReference { get }
    /// The change this command makes.
    var mutations: [OrderMutation] { get }
    /// What it prints once the change is stored.
    func done(_ order: Order) -> String
}

extension OrderNumberChangeCommand {
    static var arguments: [String] { ["NUMBER"] }
    static var options: [CommandOption] { [] }

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        self.init(reference: try ArgumentValue.orderReference(arguments.positionals[0]))
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await OrderChange.apply(mutations, to: reference, context, done: done)
    }
}

/// A command that adds or takes off one tag (`orders tag NUMBER TAG`, `orders untag NUMBER TAG`): the
/// parsing and the run are here once. A tag is an append, so adding one never conflicts.
protocol OrderTagChangeCommand: CLICommand {
    init(reference: OrderReference, tag: String)
    var reference: OrderReference { get }
    var tag: String { get }
    /// The change this command makes with its tag.
    var mutation: OrderMutation { get }
    /// What it prints once the change is stored.
    func done(_ order: Order) -> String
}

extension OrderTagChangeCommand {
    static var arguments: [String] { ["NUMBER", "TAG"] }
    static var options: [CommandOption] { [] }

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        self.init(reference: try ArgumentValue.orderReference(arguments.positionals[0]),
                  tag: try ArgumentValue.tag(arguments.positionals[1]))
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await OrderChange.apply([mutation], to: reference, context, done: done)
    }
}
