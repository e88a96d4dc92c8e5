import Foundation
import OrdersCore

// The order actions the full-screen app offers, each also a command for scripts and tests: every one
// goes through `OrderChange.apply`, so the command line meets the same domain rules, history and
// conflict check as the app. One type per command, as the catalog lists types.

/// `orders pay NUMBER`: the payment taken in full.
struct PayCommand: OrderNumberChangeCommand {
    static let name = "pay"
    static let summary = "Record an order as paid in full"
    var reference: OrderReference
    var mutations: [OrderMutation] { [.setPayment(.paid)] }

    func done(_ order: Order) -> String { "\(order.number) is paid." }
}

/// `orders cancel NUMBER [--reason TEXT]`.
struct CancelCommand: CLICommand {
    static let name = "cancel"
    static let summary = "Cancel an order, with the reason if given"
    static let arguments = ["NUMBER"]
    static let options: [CommandOption] = [.value("--reason", "TEXT", "Why, kept verbatim beside the cancellation")]
    static let details = "Money taken stays taken until it is refunded (orders refund); money not taken is voided."
    var reference: OrderReference
    var reason: String?

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        reference = try ArgumentValue.orderReference(arguments.positionals[0])
        reason = arguments.value("--reason")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await OrderChange.apply([.setStatus(.cancelled)] + (reason.map { [.setCancelReason($0)] } ?? []), to: reference,
                                    context) { "\($0.number) is cancelled." }
    }
}

/// `orders hold NUMBER [--reason TEXT]`: fulfilment stopped until it is released. The reason is a note
/// added in the same change, so operators see why here and a connected shop learns it with the hold.
struct HoldCommand: CLICommand {
    static let name = "hold"
    static let summary = "Hold an order's fulfilment: nothing is sent until it is released"
    static let arguments = ["NUMBER"]
    static let options: [CommandOption] = [.value("--reason", "TEXT", "Why, kept verbatim as a note beside the hold")]
    static let details = "A connected shop's order is held there too on the next sync, with the reason."
    var reference: OrderReference
    var reason: String?

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        reference = try ArgumentValue.orderReference(arguments.positionals[0])
        reason = arguments.value("--reason")
        if let reason, reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw .usage("the reason is empty") }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await OrderChange.apply(OrderMutation.hold(reason: reason), to: reference, context) {
            "\($0.number) is on hold."
        }
    }
}

/// `orders release NUMBER`: fulfilment going again.
struct ReleaseCommand: OrderNumberChangeCommand {
    static let name = "release"
    static let summary = "Release an order's held fulfilment"
    var reference: OrderReference
    var mutations: [OrderMutation] { [.setFulfillment(.unfulfilled)] }

    func done(_ order: Order) -> String { "\(order.number) is released (\(order.fulfillment))." }
}

/// `orders close NUMBER`: done with, whatever was left to do (a shop's archiving); the tabs show it completed.
struct CloseCommand: OrderNumberChangeCommand {
    static let name = "close"
    static let summary = "Close an order: done with, shown completed; payment and lines stay as they are"
    var reference: OrderReference
    var mutations: [OrderMutation] { [.setClosed(true)] }

    func done(_ order: Order) -> String { "\(order.number) is closed (\(order.status))." }
}

/// `orders reopen NUMBER`: a closed order open again, its status what its payment and lines give.
struct ReopenCommand: OrderNumberChangeCommand {
    static let name = "reopen"
    static let summary = "Reopen a closed order"
    var reference: OrderReference
    var mutations: [OrderMutation] { [.setClosed(false)] }

    func done(_ order: Order) -> String { "\(order.number) is open (\(order.status))." }
}

/// `orders tag NUMBER TAG`.
struct TagCommand: OrderTagChangeCommand {
    static let name = "tag"
    static let summary = "Add a tag to an order"
    var reference: OrderReference
    var tag: String
    var mutation: OrderMutation { .addTag(tag) }

    func done(_ order: Order) -> String { "\(order.number) is tagged \(tag)." }
}

/// `orders untag NUMBER TAG`.
struct UntagCommand: OrderTagChangeCommand {
    static let name = "untag"
    static let summary = "Remove a tag from an order"
    var reference: OrderReference
    var tag: String
    var mutation: OrderMutation { .removeTag(tag) }

    func done(_ order: Order) -> String { "\(order.number) is not tagged \(tag)." }
}

/// `orders assign NUMBER [NAME]`: to that operator, or to nobody without a name.
struct AssignCommand: CLICommand {
    static let name = "assign"
    static let summary = "Assign an order to an operator, or to nobody without a name"
    static let arguments = ["NUMBER", "NAME"]
    static let argumentCounts = 1...2
    static let options: [CommandOption] = []
    var reference: OrderReference
    var assignee: String?

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        reference = try ArgumentValue.orderReference(arguments.positionals[0])
        assignee = arguments.positionals.count > 1 ? arguments.positionals[1] : nil
        if let assignee, assignee.trimmingCharacters(in: .whitespaces).isEmpty { throw .usage("the name is empty") }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await OrderChange.apply([.setAssignee(assignee)], to: reference, context) {
            "\($0.number) is assigned to \($0.assignee ?? "nobody")."
        }
    }
}

/// `orders undo NUMBER [VERSION]`: takes back the order's latest change not undone (or the change that
/// made VERSION, as `orders history` numbers them) as a new change; history is never rewritten.
struct UndoCommand: CLICommand {
    static let name = "undo"
    static let summary = "Take back an order's latest change (or the one that made VERSION) as a new change"
    static let arguments = ["NUMBER", "VERSION"]
    static let argumentCounts = 1...2
    static let options: [CommandOption] = []
    static let details = """
        Refused, changing nothing, when something the change moved (payment, fulfilment, sent units,
        refunds, cancellation) has changed since: undo the later change first. Imports are not undone.
        """
    var reference: OrderReference
    var version: Int?

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        reference = try ArgumentValue.orderReference(arguments.positionals[0])
        if arguments.positionals.count > 1 {
            guard let version = Int(arguments.positionals[1]), version > 0 else {
                throw .usage("VERSION must be a version number from `orders history` (1, 2, …), not \"\(arguments.positionals[1])\"")
            }
            self.version = version
        }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await OrderChange.apply([.undoChange(version: version)], to: reference, context) {
            "Undone on \($0.number): now \($0.status) (version \($0.version))."
        }
    }
}

/// `orders history NUMBER [--format text|json]`: every change to one order, oldest first, with the
/// version each made (what `orders undo` takes).
struct HistoryCommand: OrderPrintCommand {
    static let name = "history"
    static let summary = "Print every change to one order, with the version each made"
    var reference: OrderReference
    var format: OrderPrintFormat

    static func text(of order: Order, history: [AuditEntry]) -> String { HistoryText.text(of: order, history: history) }
    static func json(of order: Order, history: [AuditEntry]) -> String { HistoryText.json(history) + "\n" }
}
