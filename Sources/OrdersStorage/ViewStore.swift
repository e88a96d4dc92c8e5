import Foundation
import OrdersCore

/// Where the team's shared views live: every store (in memory, SQLite, PostgreSQL) keeps them
/// beside the orders, so operators on one database share them. Names are unique with case ignored
/// (`SavedViewName.key`). A change reaches other processes through `OrderStore.changes()` as
/// `.savedViews`, on which they read the views again (there are few).
public protocol ViewStore: Sendable {
    /// Every shared view, in the order they were first saved.
    func savedViews() async throws -> [SavedView]
    /// Saves a view under its name. When one of that name exists it is replaced (its creation
    /// time kept) if `replacing`, else `SavedViewError.exists` is thrown and nothing is written.
    /// Returns the view as stored.
    @discardableResult
    func saveView(_ view: SavedView, replacing: Bool) async throws -> SavedView
    /// Renames a view (only the name, time and actor change). Throws `.notFound` for an unknown
    /// name and `.exists` when another view has the new one.
    func renameView(_ name: String, to newName: String, actor: String) async throws
    /// Deletes a view for good (a seeded one is not seeded again). Throws `.notFound` for an unknown name.
    func deleteView(_ name: String) async throws
}
