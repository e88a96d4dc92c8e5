import Foundation
import OrdersCore

extension SQLiteOrderDatabase {
    /// The change log's `kind` for a change to the views (schema 7).
    static let viewsChangeKind = "views"

    private static let viewColumns = "name, query, sort, columns, created_ms, updated_ms, updated_by"

    func savedViews() throws -> [SavedView] {
        try guarded {
            try connection.readTransaction { try readViews() }
        }
    }

    private func readViews() throws -> [SavedView] {
        var views: [SavedView] = []
        try connection.statement("SELECT \(Self.viewColumns) FROM views ORDER BY id").forEachRow { row in
            views.append(SavedView(
                name: row.text(0), query: row.text(1), sort: row.text(2),
                columns: row.text(3).split(separator: ",").map(String.init),
                createdAt: Date(millisecondsSince1970: row.int64(4)), updatedAt: Date(millisecondsSince1970: row.int64(5)),
                updatedBy: row.text(6)))
        }
        return views
    }

    /// Saves or replaces a view in one transaction, noting the change for other processes.
    func saveView(_ view: SavedView, replacing: Bool, at now: Date) throws -> SavedView {
        try guarded {
            try connection.writeTransaction {
                var views = try readViews()
                var stamped = view
                stamped.updatedAt = now
                stamped.isPersonal = false
                let existed = SavedViewList.position(of: view.name, in: views) != nil
                let stored = try SavedViewList.save(stamped, replacing: replacing, into: &views)
                let values: [SQLiteValue] = [
                    .text(stored.name), .text(SavedViewName.key(stored.name)), .text(stored.query), .text(stored.sort),
                    .text(stored.columns.joined(separator: ",")), .integer(stored.createdAt.millisecondsSince1970),
                    .integer(now.millisecondsSince1970), .text(stored.updatedBy),
                ]
                if existed {
                    try connection.statement("""
                        UPDATE views SET name = ?, name_key = ?, query = ?, sort = ?, columns = ?, created_ms = ?,
                            updated_ms = ?, updated_by = ? WHERE name_key = ?2
                        """).run(values)
                } else {
                    try connection.statement("""
                        INSERT INTO views (name, name_key, query, sort, columns, created_ms, updated_ms, updated_by)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """).run(values)
                }
                try recordViewsChange()
                return stored
            }
        }
    }

    func renameView(_ name: String, to newName: String, actor: String, at now: Date) throws {
        try guarded {
            try connection.writeTransaction {
                var views = try readViews()
                try SavedViewList.rename(name, to: newName, actor: actor, at: now, in: &views)
                let renamed = try SavedViewName.validated(newName)
                try connection.statement("UPDATE views SET name = ?, name_key = ?, updated_ms = ?, updated_by = ? WHERE name_key = ?")
                    .run([.text(renamed), .text(SavedViewName.key(renamed)), .integer(now.millisecondsSince1970),
                          .text(actor), .text(SavedViewName.key(name))])
                try recordViewsChange()
            }
        }
    }

    func deleteView(_ name: String) throws {
        try guarded {
            try connection.writeTransaction {
                var views = try readViews()
                try SavedViewList.delete(name, from: &views)
                try connection.statement("DELETE FROM views WHERE name_key = ?").run([.text(SavedViewName.key(name))])
                try recordViewsChange()
            }
        }
    }

    private func recordViewsChange() throws {
        localWrites += 1
        try connection.statement("INSERT INTO change_log (writer, order_id, kind) VALUES (?, NULL, ?)")
            .run([.text(writerToken), .text(Self.viewsChangeKind)])
    }
}
