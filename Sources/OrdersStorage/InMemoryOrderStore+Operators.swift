extension InMemoryOrderStore {
    /// The OS user, as for a database file.
    public var databaseUser: String { OperatingSystemUser.name() }

    public func operators() async throws -> [String] {
        state.withLock { state in
            OperatorNames.sorted(state.orders.values.compactMap(\.assignee) + state.history.values.flatMap { $0.map(\.entry.actor) })
        }
    }
}
