/// A store whose database lives behind a connection that can drop (PostgreSQL), and that
/// reconnects by itself. Its own small protocol beside `OrderStore`, like `ViewStore`, so
/// the stores without a connection (SQLite, in memory) and the test doubles need nothing.
public protocol ConnectionHealthReporting: Sendable {
    /// The health now, then every change of it, until cancelled. After a reconnection the
    /// store also sends `OrderStoreChange.reloadAll` on `changes()`, so the list catches up
    /// on what other operators changed while it could not hear them.
    func connectionHealth() -> AsyncStream<DatabaseConnectionHealth>
}
