import Foundation
import OrdersStorage

/// Watching another connection's server process, for tests of counts the server cancels.
package enum PostgresBackends {
    /// What the server says one process is doing: its state and its statement.
    package static func activity(of pid: Int32, on observer: PostgresConnection) throws -> [String?] {
        try observer.execute("SELECT state, query FROM pg_stat_activity WHERE pid = $1", [String(pid)]).rows.first ?? []
    }

    /// Waits (up to a minute: the whole suite can starve a test for that long) until the process's activity (only its state when `state`) is `expected`,
    /// and returns what it was last.
    package static func wait(for expected: [String?], of pid: Int32, on observer: PostgresConnection,
                     state: Bool = false) async throws -> [String?] {
        func look() throws -> [String?] {
            let seen = try activity(of: pid, on: observer)
            return state ? Array(seen.prefix(1)) : seen
        }
        var seen = try look()
        for _ in 0..<1_200 where seen != expected {
            try await Task.sleep(for: .milliseconds(50))
            seen = try look()
        }
        return seen
    }

    /// Ten minutes: long past any test, even one starved for minutes in the whole suite on two cores,
    /// so a count held by it is still running until something cancels it.
    package static let held = "SELECT pg_sleep(600)"
}
