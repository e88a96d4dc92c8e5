import Dispatch
import Foundation
import OrdersCore
import Synchronization

/// Hears what other connections commit: a connection of its own `LISTEN`s on the channel
/// the orders triggers notify (`PostgresSchema`), woken by a Dispatch read source on its
/// socket (no polling), and passes each change on, leaving out the store's own writes,
/// which the store reports itself.
///
/// When the connection drops (the server restarted, the network or an idle connection was
/// cut, the backend was terminated) it says so to the health monitor, connects again after
/// a backoff (0.2 s, doubling up to 5 s), listens again, and sends `.reloadAll`: whatever
/// was committed while nobody listened is read again by the list, so nothing is missed.
final class PostgresChangeListener: @unchecked Sendable {
    // @unchecked: `connection`, `source` and `retryDelay` are only touched on `queue`;
    // `stopped` is atomic so `stop()` need not wait for a connection attempt under way.
    static let channel = "orders_changes"
    /// The payload a trigger sends when a statement touched too many orders to list.
    static let reloadPayload = "*"
    /// The payload of a statement that wrote the saved views (migration 6).
    static let viewsPayload = "views"
    /// The wait before the first attempt to connect again, and the most it grows to.
    static let firstRetryDelay: Duration = .milliseconds(200)
    static let longestRetryDelay: Duration = .seconds(5)

    private let queue = DispatchQueue(label: "orders.postgres.listener")
    private let connectionString: String
    private let ownProcess: PostgresBackendProcess
    private let health: ConnectionHealthMonitor
    private let send: @Sendable (OrderStoreChange) -> Void
    private var connection: PostgresConnection?
    private var source: DispatchSourceRead?
    private var retryDelay = PostgresChangeListener.firstRetryDelay
    private let stopped = Atomic<Bool>(false)

    /// Connects and listens; `send` is called on the listener's queue for every change from
    /// a server process other than `ownProcess`'s.
    init(connectionString: String, ownProcess: PostgresBackendProcess, health: ConnectionHealthMonitor,
         send: @escaping @Sendable (OrderStoreChange) -> Void) throws {
        self.connectionString = connectionString
        self.ownProcess = ownProcess
        self.health = health
        self.send = send
        let connection: PostgresConnection
        do {
            connection = try Self.connectAndListen(connectionString)
        } catch let error as PostgresError {
            throw PostgresOrderDatabase.storeError(error)
        }
        queue.sync { self.watch(connection) }
    }

    private static func connectAndListen(_ connectionString: String) throws -> PostgresConnection {
        let connection = try PostgresConnection(connectionString: connectionString)
        try connection.listen(channel)
        return connection
    }

    /// Waits on the connection's socket for notifications, and for the socket closing. On `queue`.
    private func watch(_ connection: PostgresConnection) {
        dispatchPrecondition(condition: .onQueue(queue))
        self.connection = connection
        let source = DispatchSource.makeReadSource(fileDescriptor: connection.socket, queue: queue)
        source.setEventHandler { [weak self] in self?.readNotifications() }
        // The descriptor is closed only once the source has let go of it.
        source.setCancelHandler { [connection] in connection.close() }
        self.source = source
        source.activate()
    }

    private func readNotifications() {
        guard let connection else { return }
        let notifications: [PostgresNotification]
        do {
            notifications = try connection.receivedNotifications()
        } catch let error as PostgresError {
            lost(error.firstLine)
            return
        } catch {
            lost("\(error)")
            return
        }
        let ownProcessID = ownProcess.id
        for notification in notifications where notification.senderProcessID != ownProcessID {
            if let change = Self.change(from: notification.payload) { send(change) }
        }
        // A server that ends the session sends its reason and closes the socket at once: when
        // both were waiting, the read above took only the reason, and the socket may not wake
        // this source again (Dispatch's epoll reports a change, not a state), so read once more.
        connection.noticeClosedSocket()
        if connection.isBroken { lost(connection.lastErrorLine) }
    }

    /// The connection is gone: let go of it, say so, and try again after the backoff.
    private func lost(_ reason: String) {
        source?.cancel()
        source = nil
        connection = nil
        guard !stopped.load(ordering: .relaxed) else { return }
        health.report(.listener, lost: reason)
        retryDelay = Self.firstRetryDelay
        scheduleReconnect()
    }

    private func scheduleReconnect() {
        let delay = retryDelay
        retryDelay = min(retryDelay * 2, Self.longestRetryDelay)
        queue.asyncAfter(deadline: .now() + .milliseconds(Int(delay / .milliseconds(1)))) { [weak self] in
            self?.reconnect()
        }
    }

    private func reconnect() {
        guard !stopped.load(ordering: .relaxed) else { return }
        do {
            let connection = try Self.connectAndListen(connectionString)
            guard !stopped.load(ordering: .relaxed) else { return connection.close() }
            watch(connection)
            retryDelay = Self.firstRetryDelay
            health.report(.listener, lost: nil)
            // Listening again: read everything again, for what was committed while nobody listened.
            send(.reloadAll)
        } catch let error as PostgresError {
            health.report(.listener, lost: error.firstLine)
            scheduleReconnect()
        } catch {
            health.report(.listener, lost: "\(error)")
            scheduleReconnect()
        }
    }

    /// A trigger's payload (comma-separated order keys, or `*`) as a change.
    static func change(from payload: String) -> OrderStoreChange? {
        if payload == reloadPayload { return .reloadAll }
        if payload == viewsPayload { return .savedViews }
        let ids = payload.split(separator: ",").compactMap { Int($0) }.map { OrderID($0) }
        return ids.isEmpty ? nil : .updated(ids)
    }

    /// Stops listening and reconnecting; the connection closes once the source is cancelled.
    /// Does not wait for a connection attempt under way (it may block on the network): the
    /// attempt sees `stopped` and closes what it opened.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        queue.async { [self] in
            source?.cancel()
            source = nil
            connection = nil
        }
    }
}
