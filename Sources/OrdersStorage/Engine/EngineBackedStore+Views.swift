import Foundation
import OrdersCore

/// `ViewStore` for both engines: a change to the saved views is told to this process's observers
/// (`.savedViews`), as other processes hear of it through the engine.
extension EngineBackedStore {
    public func savedViews() async throws -> [SavedView] {
        try await database.savedViews()
    }

    @discardableResult
    public func saveView(_ view: SavedView, replacing: Bool) async throws -> SavedView {
        let stored = try await database.saveView(view, replacing: replacing, at: now())
        broadcaster.send(.savedViews)
        return stored
    }

    public func renameView(_ name: String, to newName: String, actor: String) async throws {
        try await database.renameView(name, to: newName, actor: actor, at: now())
        broadcaster.send(.savedViews)
    }

    public func deleteView(_ name: String) async throws {
        try await database.deleteView(name)
        broadcaster.send(.savedViews)
    }
}
