extension PostgresOrderStore: ConnectionHealthReporting {
    /// Unreachable from the moment either connection finds the server gone, connected again
    /// once both are back (the listener then sends `.reloadAll` on `changes()`).
    public func connectionHealth() -> AsyncStream<DatabaseConnectionHealth> {
        health.subscribe()
    }
}
