import Foundation
import OrdersCore

/// A page of query results plus how many orders match in all.
public struct OrderPage: Sendable {
    public var orders: [Order]
    public var totalCount: Int

    public init(orders: [Order], totalCount: Int) {
        self.orders = orders
        self.totalCount = totalCount
    }
}

/// Something that changed in the store, delivered to observers (including
/// changes made by another process on the same database).
public enum OrderStoreChange: Hashable, Sendable {
    /// These orders were inserted or updated; fetch them again.
    case updated([OrderID])
    /// Too much changed to say what (e.g. a bulk import elsewhere); reload.
    case reloadAll
    /// The shared views changed (saved, renamed or deleted); read them again (`ViewStore`).
    case savedViews
}

/// Why a store operation failed. Each case reads as one plain sentence.
public enum OrderStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    case notFound(OrderID)
    case duplicateID(OrderID)
    /// Another order of the same source already has this number.
    case duplicateNumber(OrderReference)
    /// The order changed since the version the caller saw; nothing was written.
    case conflict(current: Order, expectedVersion: Int, changedFields: [String])
    case invalidTransition(StatusTransitionError)
    case invalidOrder(OrderID, [OrderValidationIssue])
    /// The database cannot be used (not a database, read-only, locked, too new…).
    case unusable(String)
    /// The database server cannot be reached now (it restarted, the network or an idle
    /// connection was cut); the store is reconnecting. A write was not stored.
    case unreachable(String)
    /// The connection dropped while a write's commit was on its way: the server may or may
    /// not have stored it. Never sent again blindly: the caller reads the order again.
    case outcomeUnknown(String)

    public var description: String {
        switch self {
        case .notFound(let id): "Order \(id) does not exist."
        case .duplicateID(let id): "Order \(id) already exists."
        case .duplicateNumber(let reference): "Order \(reference) already exists."
        case .conflict(let current, let expected, let fields):
            "Order \(current.number) was changed by someone else (version \(expected) → \(current.version)"
                + (fields.isEmpty ? ")" : ": \(fields.joined(separator: ", ")))") + "; nothing was overwritten."
        case .invalidTransition(let error): error.description
        case .invalidOrder(let id, let issues): "Order \(id) is invalid: " + issues.map(\.description).joined(separator: "; ")
        case .unusable(let reason): reason
        case .unreachable(let reason): reason
        case .outcomeUnknown(let reason): reason
        }
    }
}

/// Where orders live. Asynchronous and backend-neutral: a backend evaluates
/// `OrderQuery` itself (SQLite now, PostgreSQL later), and every implementation
/// must agree with the reference semantics in `OrderQuery+Evaluation.swift`.
public protocol OrderStore: Sendable {
    /// A page of the orders matching the query, in its sort order.
    func orders(matching query: OrderQuery, page: PageRequest) async throws -> OrderPage
    /// How many orders match the query, per status (statuses with none are absent or 0).
    func countsByStatus(matching query: OrderQuery) async throws -> [OrderStatus: Int]
    /// Every order in ascending id order, in batches of up to `batchSize`: for
    /// building an in-memory index of a large database while showing progress.
    func scanAll(batchSize: Int) -> AsyncThrowingStream<[Order], Error>
    /// Every order as the list's index keeps it (`OrderIndexRow`), in ascending id order, in
    /// batches of up to `batchSize`: what the list builds its index from at launch, without
    /// decoding full orders. A database store reads only the columns the rows need; the default
    /// (`OrderStore+IndexRows`) maps `scanAll`.
    func scanIndexRows(batchSize: Int) -> AsyncThrowingStream<[OrderIndexRow], Error>
    /// One order, or nil.
    func order(_ id: OrderID) async throws -> Order?
    /// The orders with these keys that exist, in no particular order: many orders read at once (a
    /// live change of a bulk action's thousands), where `order(_:)` would be a read, and on a server
    /// a round trip per table, for each.
    func orders(withIDs ids: [OrderID]) async throws -> [Order]
    /// The orders with this number (of this source, when the reference names one): what
    /// `OrderReference.resolve(among:)` picks from, so an ambiguous number can name its candidates.
    func orders(numbered reference: OrderReference) async throws -> [Order]
    /// Every order named by one of the references, in one query per source named (an import
    /// looks up a chunk of a file's orders at once, not one by one). A reference without a source
    /// names the number in every source. Sorted by source, then number, then key; unknown ones are absent.
    func orders(numberedAmong references: [OrderReference]) async throws -> [Order]
    /// Every order of one customer (`CustomerMatch.matches` is the rule), newest first (by
    /// creation time, then by key, highest first): for the detail's "other orders by this customer".
    func orders(ofCustomer customer: CustomerMatch) async throws -> [Order]
    /// Inserts new orders in one transaction: all or none. Duplicate ids are refused.
    func insert(_ orders: [Order]) async throws
    /// Inserts new orders and overwrites existing ones, in one transaction: all or none.
    /// An overwritten order gets a version above its stored one, so an editor holding
    /// the old version sees a conflict, and its history records the replacement by `actor`.
    /// An order identical to the stored one (apart from its version) is left untouched.
    /// An order named in `expectedVersions` must still be stored at that version, or the whole
    /// batch is refused with `.conflict` and nothing is written: for orders computed from what was
    /// read (a shop re-import's merge), so a change made meanwhile is never overwritten.
    /// `audit` is what was applied to these orders before they came here (the rules' changes,
    /// `RuleBook`), each entry written to its order's history at the version the order is written at.
    func upsert(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int], audit: [AuditEntry]) async throws
    /// Runs `body` in one write transaction that may span many calls, for an import too large to
    /// hold in memory at once: everything it writes through `transaction` becomes visible at once
    /// when `body` returns, or nothing if it throws or the process dies first. Reads through
    /// `transaction` see its own writes.
    func writeAllOrNothing<Result: Sendable>(
        actor: String, _ body: (_ transaction: any OrderWriteTransaction) async throws -> Result
    ) async throws -> Result
    /// Applies changes to one order if it is still at `expectedVersion`; returns the
    /// stored result. Throws `.conflict` (and writes nothing) if it moved on.
    @discardableResult
    func update(_ id: OrderID, expectedVersion: Int, mutations: [OrderMutation], actor: String) async throws -> Order
    /// Applies many orders' changes, each exactly as the single `update` would (its version
    /// check, refusals, history, the rules' reply, the shop's facts), but many orders to a
    /// transaction (`OrderUpdateChunks`): for a bulk action over thousands of marked orders.
    /// One outcome per change, in their order. A refused order changes nothing and the others
    /// of its transaction are still written; a database error rolls back its whole transaction
    /// and is each of its orders' outcome. Never throws. The default (`OrderUpdate.swift`) runs
    /// the single update per order.
    func update(_ changes: [OrderUpdate], actor: String) async -> [OrderUpdateOutcome]
    /// The audit log of one order, oldest first.
    func history(of id: OrderID) async throws -> [AuditEntry]
    /// A stream of changes, including those made by other processes, until cancelled.
    func changes() -> AsyncStream<OrderStoreChange>
    /// Who the database knows this connection as: PostgreSQL's `current_user`, the OS user for
    /// a file. The audit log's actor when no other is named (`AuditActor.resolve`).
    var databaseUser: String { get }
    /// The team's operators seen in the database: every assignee and every actor of the audit
    /// log, distinct, sorted case-insensitively (`OperatorNames.sorted`). For completing names.
    func operators() async throws -> [String]
}

extension OrderStore {
    /// Inserts and overwrites, whatever version the stored orders are at (`orders import --update`).
    public func upsert(_ orders: [Order], actor: String) async throws {
        try await upsert(orders, actor: actor, expectedVersions: [:], audit: [])
    }

    /// `upsert(_:actor:expectedVersions:audit:)` with nothing applied before.
    public func upsert(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int]) async throws {
        try await upsert(orders, actor: actor, expectedVersions: expectedVersions, audit: [])
    }
}
