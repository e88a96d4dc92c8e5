import Foundation
import OrdersCore

extension InMemoryOrderStore: ViewStore {
    public func savedViews() async throws -> [SavedView] {
        state.withLock { $0.views }
    }

    @discardableResult
    public func saveView(_ view: SavedView, replacing: Bool) async throws -> SavedView {
        var stamped = view
        stamped.isPersonal = false
        stamped.updatedAt = now()
        let stored = try state.withLock { state throws(SavedViewError) in
            try SavedViewList.save(stamped, replacing: replacing, into: &state.views)
        }
        broadcaster.send(.savedViews)
        return stored
    }

    public func renameView(_ name: String, to newName: String, actor: String) async throws {
        let at = now()
        try state.withLock { state throws(SavedViewError) in
            try SavedViewList.rename(name, to: newName, actor: actor, at: at, in: &state.views)
        }
        broadcaster.send(.savedViews)
    }

    public func deleteView(_ name: String) async throws {
        try state.withLock { state throws(SavedViewError) in try SavedViewList.delete(name, from: &state.views) }
        broadcaster.send(.savedViews)
    }
}
