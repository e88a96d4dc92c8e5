import Foundation

/// The served list's counts (`listTally` of a search, `listPosition`), which a newer search makes
/// stale: they run on the store's connection for counts (`PostgresCountsConnection`), whose
/// running statement the store cancels on the server when the task that asked is cancelled.
extension PostgresOrderDatabase {
    /// Runs a count as a read (`reading`: reconnected and tried once more after a lost
    /// connection), not at all when its task is already cancelled, and answers a cancelled
    /// statement (57014) with `CancellationError` when the task was cancelled. A cancel whose
    /// count had ended before it arrived hits the next one (only counts run on this connection):
    /// that one's task was not cancelled, so it is run again, once.
    func counting<T>(_ body: () throws -> T) throws -> T {
        try Task.checkCancellation()
        return try reading {
            var attempts = 0
            while true {
                // Also after a reconnection: a cancel sent while it was made had no statement to stop.
                try Task.checkCancellation()
                attempts += 1
                do {
                    if let held = heldCountStatement {
                        heldCountStatement = nil
                        try connection.execute(held)
                    }
                    return try body()
                } catch let error as PostgresError where error.sqlState == PostgresError.queryCanceled {
                    if Task.isCancelled { throw CancellationError() }
                    if attempts > 1 { throw error }
                }
            }
        }
    }

    /// Tests only: the next count first runs `statement` (`SELECT pg_sleep(60)`), as a count held
    /// up on the server; a scan of millions of orders cannot be made slow on purpose in a test.
    func holdNextCount(with statement: String) {
        heldCountStatement = statement
    }
}
