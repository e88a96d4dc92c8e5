import Foundation
import OrdersCore
import Synchronization

/// An `OrderStore` kept entirely in memory, evaluating queries with the reference
/// semantics. For tests, previews and the presentation layer's own tests; it has
/// the same versioning, conflict, audit and change-feed behaviour as the SQLite store.
public final class InMemoryOrderStore: OrderStore {
    struct State {
        var orders: [OrderID: Order] = [:]
        /// Each entry remembers the version its change produced, so a conflict can
        /// say which fields moved on since the version the caller saw.
        var history: [OrderID: [(version: Int, entry: AuditEntry)]] = [:]
        /// The next history entry's id: one sequence over every order, as a database's `audit_log`.
        var nextHistoryID: Int64 = 1
        /// The shared views (`InMemoryOrderStore+Views`), in the order first saved.
        var views: [SavedView] = []
        /// The team's rules by name (`InMemoryOrderStore+Rules`).
        var rules: [String: Rule] = [:]

        /// Appends entries to their orders' histories at `version`, each with the next id.
        mutating func appendHistory(_ entries: [AuditEntry], version: Int) {
            for var entry in entries {
                entry.id = nextHistoryID
                nextHistoryID += 1
                history[entry.orderID, default: []].append((version, entry))
            }
        }
    }

    let state: Mutex<State>
    let broadcaster = ChangeBroadcaster()
    let now: @Sendable () -> Date

    /// A store holding `orders` (not validated: tests may seed odd data on purpose),
    /// stamping changes with the time `now` returns.
    public init(orders: [Order] = [], now: @escaping @Sendable () -> Date = { Date() }) {
        var initial = State()
        for order in orders { initial.orders[order.id] = order }
        // A new store is a new database: it starts with the default views, like a new file.
        initial.views = DefaultViews.views(at: now())
        self.state = Mutex(initial)
        self.now = now
    }

    deinit {
        broadcaster.finishAll()
    }

    /// How many orders the store holds.
    public var count: Int { state.withLock { $0.orders.count } }

    public func orders(matching query: OrderQuery, page: PageRequest) async throws -> OrderPage {
        let matching = state.withLock { state in query.filter(state.orders.values) }
        var sorted = Self.sorted(matching, by: query.sort)
        let total = sorted.count
        if let cursor = page.after { sorted = sorted.filter { query.sort.isAfter(cursor, $0) } }
        let start = min(max(page.offset, 0), sorted.count)
        let end = min(start + max(page.limit, 0), sorted.count)
        return OrderPage(orders: Array(sorted[start..<end]), totalCount: total)
    }

    public func countsByStatus(matching query: OrderQuery) async throws -> [OrderStatus: Int] {
        state.withLock { state in
            var counts: [OrderStatus: Int] = [:]
            for order in query.filter(state.orders.values) {
                counts[order.status, default: 0] += 1
            }
            return counts
        }
    }

    public func scanAll(batchSize: Int) -> AsyncThrowingStream<[Order], Error> {
        // A snapshot taken now: a scan is not disturbed by later writes.
        let snapshot = state.withLock { $0.orders.values.sorted { $0.id < $1.id } }
        let size = max(batchSize, 1)
        return AsyncThrowingStream { continuation in
            var start = 0
            while start < snapshot.count {
                let end = min(start + size, snapshot.count)
                continuation.yield(Array(snapshot[start..<end]))
                start = end
            }
            continuation.finish()
        }
    }

    public func order(_ id: OrderID) async throws -> Order? {
        state.withLock { $0.orders[id] }
    }

    public func orders(withIDs ids: [OrderID]) async throws -> [Order] {
        state.withLock { state in ids.compactMap { state.orders[$0] } }
    }

    public func orders(numbered reference: OrderReference) async throws -> [Order] {
        state.withLock { state in
            state.orders.values.filter(reference.names).sorted { $0.source < $1.source }
        }
    }

    public func orders(numberedAmong references: [OrderReference]) async throws -> [Order] {
        let wanted = Set(references)
        return state.withLock { state in
            OrderReference.sortedForLookup(state.orders.values.filter { order in
                wanted.contains(order.reference) || wanted.contains(OrderReference(number: order.number))
            })
        }
    }

    public func insert(_ orders: [Order]) async throws {
        try StoreRules.validate(orders)
        try state.withLock { state in
            var seen = Set<OrderID>()
            for order in orders where state.orders[order.id] != nil || !seen.insert(order.id).inserted {
                throw OrderStoreError.duplicateID(order.id)
            }
            try Self.checkNumbers(of: orders, replacing: [], in: state.orders)
            for order in orders { state.orders[order.id] = order }
        }
        notify(orders.map(\.id))
    }

    /// Orders identical to the stored ones (apart from the version) are left alone.
    public func upsert(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int], audit: [AuditEntry]) async throws {
        try StoreRules.validate(orders)
        let applied = Dictionary(grouping: audit, by: \.orderID)
        let date = now().wholeMilliseconds
        let written = try state.withLock { state -> [OrderID] in
            var seen = Set<OrderID>()
            for order in orders where !seen.insert(order.id).inserted {
                throw OrderStoreError.duplicateID(order.id)
            }
            try Self.checkNumbers(of: orders, replacing: Set(orders.map(\.id)), in: state.orders)
            var written: [OrderID] = []
            for order in orders {
                try StoreRules.checkVersion(of: state.orders[order.id], id: order.id, expected: expectedVersions[order.id])
            }
            for var order in orders {
                if let existing = state.orders[order.id] {
                    guard !StoreRules.isSame(order, as: existing) else { continue }
                    order.version = max(order.version, existing.version + 1)
                    let entry = AuditEntry.replaced(order.id, at: date, actor: actor, version: existing.version, through: .import)
                    state.appendHistory([entry], version: order.version)
                }
                state.orders[order.id] = order
                state.appendHistory((applied[order.id] ?? []).map { $0.stamped(writtenBy: .import) }, version: order.version)
                written.append(order.id)
            }
            return written
        }
        notify(written)
    }

    @discardableResult
    public func update(_ id: OrderID, expectedVersion: Int, mutations: [OrderMutation], actor: String) async throws -> Order {
        // Whole milliseconds, the precision the SQLite store keeps, so both agree exactly.
        let date = now().wholeMilliseconds
        let (result, changed) = try state.withLock { state -> (Order, Bool) in
            guard var order = state.orders[id] else { throw OrderStoreError.notFound(id) }
            let entries = try AuditTrail.applyUpdate(
                to: &order, expectedVersion: expectedVersion, mutations: mutations, actor: actor, at: date
            ) { version in
                (state.history[id] ?? []).filter { $0.version > (version ?? Int.min) }.map { stored in
                    var entry = stored.entry
                    entry.version = stored.version
                    return entry
                }
            }
            guard !entries.isEmpty else { return (order, false) }
            state.orders[id] = order
            state.appendHistory(entries, version: order.version)
            return (order, true)
        }
        if changed { notify([id]) }
        return result
    }

    public func history(of id: OrderID) async throws -> [AuditEntry] {
        state.withLock { state in
            (state.history[id] ?? []).filter(\.entry.isForPeople).map { stored in
                var entry = stored.entry
                entry.version = stored.version
                return entry
            }
        }
    }

    public func changes() -> AsyncStream<OrderStoreChange> {
        broadcaster.subscribe()
    }

    /// The reference order, but folding each customer name once rather than in every
    /// comparison (sorting a million orders by customer otherwise takes minutes).
    static func sorted(_ orders: [Order], by sort: OrderSort) -> [Order] {
        guard sort.key == .customer else { return orders.sorted(by: sort.areInIncreasingOrder) }
        let keyed = orders.map { (key: Array(SearchFolding.fold($0.customerName).utf8), order: $0) }
        return keyed.sorted { a, b in
            if a.key == b.key { return a.order.id < b.order.id }
            return a.key.lexicographicallyPrecedes(b.key) == sort.ascending
        }.map(\.order)
    }

    /// Refuses a (source, number) pair that another order holds, as the SQLite store's unique index
    /// does. Orders with keys in `replacing` are being overwritten, so their old numbers are free.
    private static func checkNumbers(of orders: [Order], replacing: Set<OrderID>, in stored: [OrderID: Order]) throws {
        var taken = Set(stored.values.filter { !replacing.contains($0.id) }.map(\.reference))
        for order in orders where !taken.insert(order.reference).inserted {
            throw OrderStoreError.duplicateNumber(order.reference)
        }
    }

    private func notify(_ ids: [OrderID]) {
        guard !ids.isEmpty else { return }
        // Like the SQLite store: a bulk change is cheaper to reload than to list.
        broadcaster.send(ids.count > SQLiteOrderDatabase.maxListedChanges ? .reloadAll : .updated(ids))
    }
}
