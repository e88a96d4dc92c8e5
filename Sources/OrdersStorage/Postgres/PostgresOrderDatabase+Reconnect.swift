import Foundation

/// What the store does when its connection drops (the server restarted, the network or an
/// idle connection was cut, `pg_terminate_backend`): a read is made again once on a new
/// connection; a write is made again only when none of it reached the server, and a write
/// whose commit was on its way when the connection went is reported as unknown, never resent.
extension PostgresOrderDatabase {
    /// Runs a read, reconnecting and trying once more if the connection turns out to be gone.
    func reading<T>(_ body: () throws -> T) throws -> T {
        try reconnectIfBroken(doing: .reading)
        do {
            return try succeeded(body())
        } catch let error as PostgresError where error.isConnectionLost && !transferIsOpen {
            try reconnect(after: error, doing: .reading)
            return try attempt(.reading, body)
        } catch let error as PostgresError {
            throw Self.storeError(error)
        }
    }

    /// Runs a write (one transaction). It is sent again on a new connection only if the
    /// connection was found gone before any of its work was sent.
    func writing<T>(_ body: () throws -> T) throws -> T {
        try reconnectIfBroken(doing: .writing)
        do {
            return try succeeded(body())
        } catch let error as PostgresError where error.isConnectionLost && error.isBeforeWork && !transferIsOpen {
            try reconnect(after: error, doing: .writing)
            return try attempt(.writing, body)
        } catch let error as PostgresError where error.isConnectionLost {
            // Reconnected now, if the server is there, so the re-read and the next action work.
            if !transferIsOpen { try? reconnect(after: error, doing: .writing) }
            throw Self.lostConnectionError(error, doing: .writing)
        } catch let error as PostgresError {
            throw Self.storeError(error)
        }
    }

    /// The last attempt: a lost connection now is reported, not tried again.
    private func attempt<T>(_ work: Work, _ body: () throws -> T) throws -> T {
        do {
            return try succeeded(body())
        } catch let error as PostgresError where error.isConnectionLost {
            health.report(.queries, lost: error.firstLine)
            throw Self.lostConnectionError(error, doing: work)
        } catch let error as PostgresError {
            throw Self.storeError(error)
        }
    }

    /// A call that got its answer: the server is there.
    private func succeeded<T>(_ result: T) -> T {
        health.report(.queries, lost: nil)
        return result
    }

    /// Before sending anything: notices a socket the server closed meanwhile and connects
    /// again. Not in the middle of `orders copy`'s transaction, which must fail whole instead.
    private func reconnectIfBroken(doing work: Work) throws {
        guard !transferIsOpen else { return }
        connection.noticeClosedSocket()
        guard connection.isBroken else { return }
        try reconnect(after: nil, doing: work)
    }

    /// Connects again with the same parameters, telling the health monitor how it went.
    private func reconnect(after error: PostgresError?, doing work: Work) throws {
        do {
            try connection.reconnect()
            let pid = try connection.execute("SELECT pg_backend_pid()").scalar.flatMap { Int32($0) } ?? 0
            backendProcess.set(pid)
            connection.armCanceller()
            health.report(.queries, lost: nil)
        } catch let failure as PostgresError {
            health.report(.queries, lost: failure.firstLine)
            throw Self.lostConnectionError(failure, doing: work)
        }
    }

    /// What a read or a write is told when the server cannot be reached.
    static func lostConnectionError(_ error: PostgresError, doing work: Work) -> OrderStoreError {
        if error.isOutcomeUnknown {
            return .outcomeUnknown("The connection to the database dropped while saving (\(error.firstLine)); "
                                   + "whether it was saved is not known, so the order is read again.")
        }
        switch work {
        case .reading: return .unreachable("The database cannot be reached (\(error.firstLine)).")
        case .writing: return .unreachable("The database cannot be reached, so nothing was saved (\(error.firstLine)).")
        }
    }

    enum Work {
        case reading
        case writing
    }
}
