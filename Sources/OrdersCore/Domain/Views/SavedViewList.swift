import Foundation

/// The view rules on a plain list of views (save, replace, rename, delete), for the stores that
/// keep views as values: the in-memory store and the config file's personal views. The SQL stores
/// follow the same rules in SQL; the store contract suite holds every store to them.
public enum SavedViewList {
    public static func position(of name: String, in views: [SavedView]) -> Int? {
        let key = SavedViewName.key(name)
        return views.firstIndex { SavedViewName.key($0.name) == key }
    }

    /// Saves `view` into `views`; see `ViewStore.saveView`.
    public static func save(_ view: SavedView, replacing: Bool, into views: inout [SavedView]) throws(SavedViewError) -> SavedView {
        var stored = view
        stored.name = try SavedViewName.validated(view.name)
        guard let existing = position(of: stored.name, in: views) else {
            views.append(stored)
            return stored
        }
        guard replacing else { throw .exists(views[existing].name) }
        stored.createdAt = views[existing].createdAt
        views[existing] = stored
        return stored
    }

    /// Renames a view; see `ViewStore.renameView`.
    public static func rename(_ name: String, to newName: String, actor: String, at now: Date,
                              in views: inout [SavedView]) throws(SavedViewError) {
        let newName = try SavedViewName.validated(newName)
        guard let found = position(of: name, in: views) else { throw .notFound(name, known: views.map(\.name)) }
        if let other = position(of: newName, in: views), other != found { throw .exists(views[other].name) }
        views[found].name = newName
        views[found].updatedAt = now
        views[found].updatedBy = actor
    }

    /// The views an operator sees: the shared ones in their order, a personal one of the same name
    /// (case ignored) in its place (personal shadows shared), then the other personal ones.
    public static func merged(shared: [SavedView], personal: [SavedView]) -> [SavedView] {
        var remaining = personal
        let merged = shared.map { view in
            guard let mine = position(of: view.name, in: remaining) else { return view }
            return remaining.remove(at: mine)
        }
        return merged + remaining
    }

    /// Deletes a view; see `ViewStore.deleteView`.
    public static func delete(_ name: String, from views: inout [SavedView]) throws(SavedViewError) {
        guard let found = position(of: name, in: views) else { throw .notFound(name, known: views.map(\.name)) }
        views.remove(at: found)
    }
}
