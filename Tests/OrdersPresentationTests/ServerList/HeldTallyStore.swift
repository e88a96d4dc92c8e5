import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport

/// A real PostgreSQL store whose search counts (`listTally`) and places (`listPosition`) wait at
/// gates the test opens: a scan of a few million orders cannot be made slow on purpose in a test,
/// so this holds the reads back instead (everything else is the real store). The gates start open,
/// so the list loads.
final class HeldTallyStore: ForwardingOrderStore, ServerListStore, @unchecked Sendable {
    let server: PostgresOrderStore
    let gate = TallyGate()
    let positions = TallyGate()

    init(base: PostgresOrderStore) {
        server = base
        super.init(base)
    }

    func listTally(matching query: OrderQuery) async throws -> ListTally {
        await gate.pass()
        return try await server.listTally(matching: query)
    }

    func orderCount(exactBelow threshold: Int) async throws -> Int { try await server.orderCount(exactBelow: threshold) }
    func listRows(matching query: OrderQuery, from start: ListWindowStart, limit: Int) async throws -> [OrderIndexRow] {
        try await server.listRows(matching: query, from: start, limit: limit)
    }
    func listRows(ids: [OrderID]) async throws -> [OrderIndexRow] { try await server.listRows(ids: ids) }
    func listMarks(matching query: OrderQuery, limit: Int) async throws -> [ListMark] {
        try await server.listMarks(matching: query, limit: limit)
    }
    func listFrequency(matching query: OrderQuery, of field: FrequencyField) async throws -> [FrequencyRow] {
        try await server.listFrequency(matching: query, of: field)
    }
    func listPosition(of cursor: PageCursor, matching query: OrderQuery) async throws -> Int {
        await positions.pass()
        return try await server.listPosition(of: cursor, matching: query)
    }
    func dashboardFigures(settings: DashboardSettings) async throws -> DashboardFigures {
        try await server.dashboardFigures(settings: settings)
    }
    // The server's own narrow query for the index rows, as the real store answers.
    override func scanIndexRows(batchSize: Int) -> AsyncThrowingStream<[OrderIndexRow], Error> {
        server.scanIndexRows(batchSize: batchSize)
    }
}

/// Where `HeldTallyStore`'s counts (or places) wait while the test holds them, and how many were asked for.
actor TallyGate {
    private var isOpen = true
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// How many counts were asked for since the gate was last closed.
    private(set) var asked = 0

    /// Holds every count asked for from now on, until `open()`.
    func close() {
        isOpen = false
        asked = 0
    }

    /// Lets the counts held through, and every later one.
    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }

    /// How many counts were asked for, once `expected` were (or 5 s passed): the list asks from a
    /// task of its own, which may not have reached the store yet when the rows are in. A little
    /// longer, so that a count asked for beyond `expected` is caught too.
    func asked(expecting expected: Int) async -> Int {
        for _ in 0..<500 where asked < expected {
            try? await Task.sleep(for: .milliseconds(10))
        }
        try? await Task.sleep(for: .milliseconds(50))
        return asked
    }

    /// Waits while the gate is closed.
    func pass() async {
        asked += 1
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }
}
