import Dispatch
import Foundation

/// Hears what other connections commit: a connection of its own `LISTEN`s on the channel
/// the orders triggers notify (`PostgresSchema`), woken by a Dispatch read source on its
/// socket (no polling), and passes each change on, leaving out the store's own writes,
/// which the store reports itself.
final class PostgresChangeListener: @unchecked Sendable {
    // @unchecked: the connection and the source are only touched on `queue`.
    static let channel = "orders_changes"
    /// The payload a trigger sends when a statement touched too many orders to list.
    static let reloadPayload = "*"
    /// The payload of a statement that wrote the saved views (migration 6).
    static let viewsPayload = "views"

    private let queue = DispatchQueue(label: "orders.postgres.listener")
    private let connection: PostgresConnection
    private var source: DispatchSourceRead?

    /// Connects and listens; `send` is called on the listener's queue for every change from
    /// a server process other than `ownProcessID`.
    init(connectionString: String, ownProcessID: Int32, send: @escaping @Sendable (OrderStoreChange) -> Void) throws {
        do {
            connection = try PostgresConnection(connectionString: connectionString)
            try connection.listen(Self.channel)
        } catch let error as PostgresError {
            throw PostgresOrderDatabase.storeError(error)
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: connection.socket, queue: queue)
        source.setEventHandler { [connection] in
            // A lost connection ends the live feed (the source is cancelled); reads still report errors.
            guard let notifications = try? connection.receivedNotifications() else {
                source.cancel()
                return
            }
            for notification in notifications where notification.senderProcessID != ownProcessID {
                if let change = Self.change(from: notification.payload) { send(change) }
            }
        }
        // The descriptor is closed only once the source has let go of it.
        source.setCancelHandler { [connection] in connection.close() }
        self.source = source
        source.activate()
    }

    /// A trigger's payload (comma-separated order keys, or `*`) as a change.
    static func change(from payload: String) -> OrderStoreChange? {
        if payload == reloadPayload { return .reloadAll }
        if payload == viewsPayload { return .savedViews }
        let ids = payload.split(separator: ",").compactMap { Int($0) }.map { OrderID($0) }
        return ids.isEmpty ? nil : .updated(ids)
    }

    /// Stops listening; the connection closes once the source is cancelled.
    func stop() {
        queue.sync {
            source?.cancel()
            source = nil
        }
    }
}
