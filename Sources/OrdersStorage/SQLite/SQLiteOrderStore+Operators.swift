extension SQLiteOrderStore {
    /// A file has no users of its own: the OS user who opened it.
    public var databaseUser: String { OperatingSystemUser.name() }
}
