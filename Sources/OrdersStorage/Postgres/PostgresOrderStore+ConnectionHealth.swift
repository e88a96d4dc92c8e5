extension PostgresOrderStore: ConnectionHealthReporting {
    /// Unreachable from the moment the listener or a query connection finds the server gone,
    /// connected again once the listener and the queries are back (the listener then sends
    /// `.reloadAll` on `changes()`); the queries' two connections (the main one and the counts')
    /// report as one, the last answer or failure of either saying whether the server can be reached.
    public func connectionHealth() -> AsyncStream<DatabaseConnectionHealth> {
        health.subscribe()
    }
}
