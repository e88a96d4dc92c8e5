import Foundation
import OrdersCore
import OrdersStorage
import TerminalTestSupport

/// The reconnection tests' own PostgreSQL servers, which they stop, restart and cut (the
/// process's shared server must stay up for every other test). One per suite, whose tests run
/// one at a time: suites run side by side, and one's restart must not cut the other's test.
package enum RestartableServer {
    package static let forStoreTests = make()
    package static let forListTests = make()

    private static func make() -> Result<PostgresTestServer, PostgresTestServerError> {
        do { return .success(try PostgresTestServer.makePrivate()) } catch let error as PostgresTestServerError {
            return .failure(error)
        } catch {
            return .failure(PostgresTestServerError(message: "\(error)"))
        }
    }

    /// What libpq says when the server's socket is gone (the server is stopped).
    package static func noServerReason(_ server: PostgresTestServer) -> String {
        "connection to server on socket \"\(server.folder)/.s.PGSQL.5432\" failed: No such file or directory"
    }
}

extension AsyncStream<DatabaseConnectionHealth> {
    /// Reads the stream until `condition` holds for a report, returning every report read,
    /// or nil if it does not within the generous bound (a guard against hanging).
    package func reports(until condition: @escaping @Sendable (DatabaseConnectionHealth) -> Bool) async
        -> [DatabaseConnectionHealth]? {
        let stream = self
        return await Deadline.value {
            var seen: [DatabaseConnectionHealth] = []
            for await health in stream {
                seen.append(health)
                if condition(health) { return seen }
            }
            return nil
        } ?? nil
    }
}

extension DatabaseConnectionHealth {
    /// Whatever the reason (libpq's words depend on which connection noticed first, and how).
    package var isUnreachable: Bool {
        if case .unreachable(let reason) = self { return !reason.isEmpty }
        return false
    }
}
