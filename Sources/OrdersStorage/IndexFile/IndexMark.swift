/// Where a database stood when the list's index was read from it: the database's identity, its
/// change log's position and its schema. An index file carries the mark it was written at; at open
/// the store says what changed since (`IndexFileStore.changes(since:)`) or that it cannot.
package struct IndexMark: Equatable, Sendable {
    /// Names the database lastingly. For SQLite: the writer token of the change-log entry at
    /// `sequence` (a random UUID per connection), so another database never matches even at the
    /// same sequence, and a copy of this one matches only while it holds the same history.
    package var identity: String
    /// The change log's sequence (SQLite's `change_log.seq`, which only grows): every change above
    /// it is not in the index.
    package var sequence: Int64
    /// The database's schema version: a migration may change what the rows hold, so a file
    /// written under another schema is rebuilt.
    package var schemaVersion: Int

    package init(identity: String, sequence: Int64, schemaVersion: Int) {
        self.identity = identity
        self.sequence = sequence
        self.schemaVersion = schemaVersion
    }
}
