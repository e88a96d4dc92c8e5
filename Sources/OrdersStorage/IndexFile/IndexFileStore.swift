import OrdersCore

/// A store that keeps the list's index as a file beside its database (`IndexFile`), so a launch
/// reads the file instead of scanning every order. Only the SQLite store is one: a server database
/// serves large lists itself, and an in-memory store has nothing to keep.
package protocol IndexFileStore: OrderStore {
    /// Where the index file lives: beside the database.
    var indexFilePath: String { get }
    /// Where the database stands now; nil when there is nothing worth a file (no change recorded yet).
    func indexMark() async throws -> IndexMark?
    /// The orders changed since `mark` and the mark they bring the index to, or why that cannot be
    /// said (another database, another schema, a change too large to list, a log pruned past the mark).
    func changes(since mark: IndexMark) async throws -> Result<IndexChanges, IndexFileProblem>
    /// The index rows of these orders (absent ones are left out), in ascending id order.
    func indexRows(of ids: [OrderID]) async throws -> [OrderIndexRow]
}

/// Where a database's index file lives: beside the database file, named after it.
enum IndexFileLocation {
    static func path(besideDatabase path: String) -> String { path + ".index" }
}

/// What changed in a database since an index file's mark.
package struct IndexChanges: Equatable, Sendable {
    package var orders: [OrderID]
    package var mark: IndexMark
}
