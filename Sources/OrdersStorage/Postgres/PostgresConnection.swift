import CPostgres
import Foundation
import Glibc

/// One open connection to a PostgreSQL server through libpq. Not thread-safe:
/// exactly one actor owns it, like `SQLiteConnection`.
///
/// Every statement is sent with its parameters apart from the SQL text
/// (`PQexecParams`), so values are never spliced into SQL.
package final class PostgresConnection {
    /// libpq's connection; `+Copy` uses it too.
    let handle: OpaquePointer
    private(set) var isClosed = false
    /// Cancels this connection's running statement from another thread, once armed (`armCanceller`).
    let canceller = PostgresQueryCanceller()

    /// Connects with a libpq connection string: a URL (`postgresql://user@host/db`)
    /// or `key=value` pairs. Passwords come from libpq's own means (`PGPASSWORD`,
    /// `~/.pgpass`, a service file); TLS follows `sslmode`. `PostgresConnectionDefaults`
    /// adds timeouts and keepalives under whatever the string says.
    package init(connectionString: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let parameters = PostgresConnectionDefaults.parameters(connectionString: connectionString,
                                                                environment: environment)
        guard let handle = Self.connect(parameters) else { throw PostgresError(connection: nil) }
        guard PQstatus(handle) == CONNECTION_OK else {
            let error = PostgresError(connection: handle)
            PQfinish(handle)
            throw error
        }
        // Text crosses the connection as UTF-8 whatever the server's default is.
        guard Self.useUTF8(handle) else {
            let error = PostgresError(connection: handle)
            PQfinish(handle)
            throw error
        }
        // libpq prints the server's notices ("relation already exists, skipping") to stderr by
        // default, which would scribble over a full-screen app: they are informational, so dropped.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        self.handle = handle
    }

    deinit {
        close()
    }

    package func close() {
        guard !isClosed else { return }
        isClosed = true
        canceller.disarm()
        PQfinish(handle)
    }

    /// Whether libpq knows the connection is gone (`CONNECTION_BAD`): the server restarted, the
    /// network dropped, or the backend was terminated, and a statement has noticed.
    var isBroken: Bool { !isClosed && PQstatus(handle) == CONNECTION_BAD }

    /// Reads what the server sent while the connection was idle, without blocking: a server
    /// that restarted or terminated this backend has closed the socket, which libpq learns
    /// here (`isBroken` becomes true) instead of on the next statement. Notifications read
    /// here wait in libpq for `receivedNotifications`.
    func noticeClosedSocket() {
        guard !isClosed, PQstatus(handle) == CONNECTION_OK else { return }
        _ = PQconsumeInput(handle)
    }

    /// The first line of libpq's last error on this connection ("server closed the connection unexpectedly").
    var lastErrorLine: String { PostgresError(connection: handle).firstLine }

    /// Connects again with the same parameters (`PQreset`): a new session, so anything the old
    /// one held (an open transaction, `LISTEN`s, the client encoding) is gone and set again here.
    /// Throws the connection error, marked lost, when the server still cannot be reached.
    func reconnect() throws {
        try ensureOpen()
        // The old session's cancel object names its server process: no use after the reset.
        canceller.disarm()
        PQreset(handle)
        guard PQstatus(handle) == CONNECTION_OK, Self.useUTF8(handle) else {
            var error = PostgresError(connection: handle)
            error.isConnectionLost = true
            throw error
        }
    }

    /// Lets `canceller` cancel this session's statements (`PQgetCancel`): once per session, after
    /// connecting or reconnecting, by the connection's owner.
    func armCanceller() {
        guard !isClosed, PQstatus(handle) == CONNECTION_OK else { return }
        canceller.arm(handle)
    }

    /// `PQconnectdbParams` over Swift strings: two NULL-terminated arrays of C strings, the
    /// first `dbname` expanded as a connection string (`expand_dbname` 1).
    private static func connect(_ parameters: [(keyword: String, value: String)]) -> OpaquePointer? {
        let keywords = parameters.map { strdup($0.keyword) }, values = parameters.map { strdup($0.value) }
        defer { (keywords + values).forEach { free($0) } }
        let keywordPointers = keywords.map { $0.map { UnsafePointer($0) } } + [nil]
        let valuePointers = values.map { $0.map { UnsafePointer($0) } } + [nil]
        return PQconnectdbParams(keywordPointers, valuePointers, 1)
    }

    private static func useUTF8(_ handle: OpaquePointer) -> Bool {
        PQsetClientEncoding(handle, "UTF8") == 0
    }

    /// The server's version as an integer, e.g. 150018 for 15.18.
    var serverVersion: Int { Int(PQserverVersion(handle)) }

    /// The user the server knows this connection as.
    var user: String { PQuser(handle).map { String(cString: $0) } ?? "" }

    /// The descriptor to wait on for notifications (`LISTEN`).
    var socket: Int32 { PQsocket(handle) }

    /// Runs one statement with its parameters (`$1`, `$2`, … in the SQL), in text format.
    ///
    /// PostgreSQL cannot store a NUL character in text; a parameter holding one is
    /// refused here instead of being cut short at the NUL, so nothing is changed silently.
    @discardableResult
    package func execute(_ sql: String, _ parameters: [String?] = []) throws -> PostgresResult {
        try ensureOpen()
        if let index = parameters.firstIndex(where: { $0?.utf8.contains(0) == true }) {
            throw PostgresError(message: "text with a NUL character cannot be stored (parameter \(index + 1))")
        }
        let values: [UnsafeMutablePointer<CChar>?] = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { values.forEach { free($0) } }
        let constantValues: [UnsafePointer<CChar>?] = values.map { $0.map { UnsafePointer($0) } }
        let result = PQexecParams(handle, sql, Int32(parameters.count), nil, constantValues, nil, nil, 0)
        return try consume(result)
    }

    /// Runs several statements with their parameters in one round trip (libpq's pipeline mode) and
    /// returns their rows in order: an order's ten child tables read at once, not one table after
    /// another. The first statement that fails is thrown, and the server skips the rest. Meant for
    /// reads inside a transaction (`transaction(begin:_:)`), which every read here is.
    func execute(all statements: [(sql: String, parameters: [String?])]) throws -> [PostgresResult] {
        try ensureOpen()
        for (number, statement) in statements.enumerated() {
            if let index = statement.parameters.firstIndex(where: { $0?.utf8.contains(0) == true }) {
                throw PostgresError(message: "text with a NUL character cannot be stored (statement \(number + 1), parameter \(index + 1))")
            }
        }
        guard PQenterPipelineMode(handle) == 1 else { throw lostOrFailed(PostgresError(connection: handle)) }
        defer { PQexitPipelineMode(handle) }
        for statement in statements {
            let values: [UnsafeMutablePointer<CChar>?] = statement.parameters.map { $0.map { strdup($0) } ?? nil }
            defer { values.forEach { free($0) } }
            let constantValues: [UnsafePointer<CChar>?] = values.map { $0.map { UnsafePointer($0) } }
            // Sending fails only when the connection does: nothing more can be read from it.
            guard PQsendQueryParams(handle, statement.sql, Int32(statement.parameters.count), nil, constantValues, nil, nil, 0) == 1 else {
                throw lostOrFailed(PostgresError(connection: handle))
            }
        }
        guard PQpipelineSync(handle) == 1 else { throw lostOrFailed(PostgresError(connection: handle)) }
        // Every result up to the sync is read, a failure's too: only then does libpq leave pipeline mode.
        var results: [PostgresResult] = []
        var failure: PostgresError?
        while true {
            guard let result = PQgetResult(handle) else {
                // Nil ends one statement's results; on a lost connection it is all that comes.
                if PQstatus(handle) == CONNECTION_BAD { throw failure ?? lostOrFailed(PostgresError(connection: handle)) }
                continue
            }
            defer { PQclear(result) }
            let status = PQresultStatus(result)
            if status == PGRES_PIPELINE_SYNC { break }
            switch status {
            case PGRES_TUPLES_OK, PGRES_COMMAND_OK: results.append(PostgresResult(copying: result))
            case PGRES_PIPELINE_ABORTED: continue
            default: failure = failure ?? lostOrFailed(PostgresError(result: result))
            }
        }
        if let failure { throw failure }
        // One result a statement (each is one statement): anything else would pair rows with the wrong table.
        guard results.count == statements.count else {
            throw PostgresError(message: "\(statements.count) statements gave \(results.count) results")
        }
        return results
    }

    /// Runs SQL text that may hold several statements and takes no parameters
    /// (schema, transaction control).
    func executeScript(_ sql: String) throws {
        try ensureOpen()
        _ = try consume(PQexec(handle, sql))
    }

    /// Runs `body` in one transaction: committed if it returns, rolled back if it throws.
    /// `begin` may name an isolation level (`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`).
    @discardableResult
    func transaction<T>(begin: String = "BEGIN", _ body: () throws -> T) throws -> T {
        do {
            try executeScript(begin)
        } catch var error as PostgresError where error.isConnectionLost {
            // Nothing of the transaction's work was sent: doing it again is not a blind retry.
            error.isBeforeWork = true
            throw error
        }
        let result: T
        do {
            result = try body()
        } catch {
            // A lost connection rolled the transaction back on the server already.
            if !isBroken { try? executeScript("ROLLBACK") }
            throw error
        }
        do {
            try executeScript("COMMIT")
        } catch var error as PostgresError where error.isConnectionLost {
            // The COMMIT may have reached the server before the connection went: the
            // outcome is not known, and the caller must find out rather than send it again.
            error.isOutcomeUnknown = true
            throw error
        } catch {
            try? executeScript("ROLLBACK")
            throw error
        }
        return result
    }

    /// Starts listening on a notification channel.
    func listen(_ channel: String) throws {
        try executeScript("LISTEN \(try quotedIdentifier(channel))")
    }

    /// Reads whatever arrived on the socket and returns the notifications received
    /// so far, oldest first. Never blocks.
    func receivedNotifications() throws -> [PostgresNotification] {
        try ensureOpen()
        guard PQconsumeInput(handle) == 1 else { throw lostOrFailed(PostgresError(connection: handle)) }
        var notifications: [PostgresNotification] = []
        while let notice = PQnotifies(handle) {
            notifications.append(PostgresNotification(
                channel: String(cString: notice.pointee.relname),
                payload: String(cString: notice.pointee.extra),
                senderProcessID: notice.pointee.be_pid))
            PQfreemem(notice)
        }
        return notifications
    }

    /// An identifier (table, channel) quoted for SQL, as libpq quotes it.
    func quotedIdentifier(_ name: String) throws -> String {
        guard !name.utf8.contains(0), let quoted = PQescapeIdentifier(handle, name, name.utf8.count) else {
            throw PostgresError(connection: handle)
        }
        defer { PQfreemem(quoted) }
        return String(cString: quoted)
    }

    func ensureOpen() throws {
        if isClosed { throw PostgresError(message: "the connection was closed") }
    }

    /// Turns a result into rows or an error, and frees it.
    func consume(_ result: OpaquePointer?) throws -> PostgresResult {
        guard let result else { throw lostOrFailed(PostgresError(connection: handle)) }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return PostgresResult(copying: result)
        default:
            throw lostOrFailed(PostgresError(result: result))
        }
    }

    /// Marks an error as a lost connection when libpq says the connection is gone or the
    /// server's SQLSTATE ends the session, so callers can tell "reconnect" from "refused".
    func lostOrFailed(_ error: PostgresError) -> PostgresError {
        var error = error
        error.isConnectionLost = PQstatus(handle) == CONNECTION_BAD || PostgresError.endsSession(error.sqlState)
        return error
    }
}

/// A `NOTIFY` another session sent on a channel this connection listens to.
struct PostgresNotification: Equatable {
    var channel: String
    var payload: String
    var senderProcessID: Int32
}

extension SQLOrderQuery {
    /// The parameters as libpq sends them: each in text format (`PostgresConnection.execute`).
    var postgresParameters: [String?] {
        parameters.map { value in
            switch value {
            case .integer(let number): String(number)
            case .text(let text): text
            }
        }
    }
}
