extension PostgresOrderStore {
    /// The server's `current_user` for this store's connection, read when it connected.
    public var databaseUser: String { database.currentUser }
}
