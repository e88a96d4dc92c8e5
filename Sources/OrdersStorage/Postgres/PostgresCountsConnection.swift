import Foundation
import Synchronization

/// The store's second query connection, for the served list's counts of a search (`listTally`
/// with filters: a scan of every match for one or two characters) and places (`listPosition`),
/// on a queue of its own: the rows of the next keystroke and every write go on the main
/// connection and never wait behind a count nobody wants any more. A count whose task is
/// cancelled (a newer search) is cancelled on the server too (`PQcancel`).
///
/// Opened at the first count, so only a served list holds it, with the same connection string
/// and defaults; lost and made again by the same rules as the main one (`reading`), reported to
/// the same health under the same link (either query connection's answer says whether the server
/// can be reached). Each count is a transaction of its own, as it was on the main connection: no
/// count ever shared a snapshot with the rows read beside it.
final class PostgresCountsConnection: Sendable {
    private let connectionString: String
    private let health: ConnectionHealthMonitor
    private let state = Mutex(State())

    private struct State {
        var opening: Task<PostgresOrderDatabase, Error>?
        var isClosed = false
    }

    init(connectionString: String, health: ConnectionHealthMonitor) {
        self.connectionString = connectionString
        self.health = health
    }

    /// Runs a count on the counts' connection, cancelling it on the server if the task is
    /// cancelled meanwhile. On `main` as before when the counts' connection cannot be opened
    /// (the server is away, or allows no more connections): a lost server is then reported
    /// exactly as for every read, and the next count tries to open it again.
    func count<T: Sendable>(orOn main: PostgresOrderDatabase,
                            _ work: @Sendable (PostgresOrderDatabase) async throws -> T) async throws -> T {
        guard let counts = await database() else { return try await work(main) }
        let canceller = counts.canceller
        return try await withTaskCancellationHandler {
            try await work(counts)
        } onCancel: {
            canceller.cancelRunningStatement()
        }
    }

    /// The counts' database, opened on first use off Swift's cooperative threads (connecting
    /// blocks); nil when it cannot be opened or the store is closed.
    func database() async -> PostgresOrderDatabase? {
        let connectionString = self.connectionString, health = self.health
        let opening: Task<PostgresOrderDatabase, Error>? = state.withLock { state in
            guard !state.isClosed else { return nil }
            if let opening = state.opening { return opening }
            let opening = Task { try await Self.open(connectionString, health: health) }
            state.opening = opening
            return opening
        }
        guard let opening else { return nil }
        do {
            return try await opening.value
        } catch {
            state.withLock { state in
                if state.opening == opening { state.opening = nil }
            }
            return nil
        }
    }

    /// Closes the connection if it was opened; later counts run on the (closed) main one.
    func close() async {
        let opening = state.withLock { state in
            state.isClosed = true
            return state.opening
        }
        await (try? opening?.value)?.close()
    }

    private static func open(_ connectionString: String, health: ConnectionHealthMonitor) async throws -> PostgresOrderDatabase {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    try PostgresOrderDatabase(connectionString: connectionString, health: health, migrating: false,
                                              label: "orders.postgres.counts")
                })
            }
        }
    }
}
