import Foundation
import OrdersCore

extension PostgresOrderDatabase {
    private static let viewColumns = "name, query, sort, columns, created_ms, updated_ms, updated_by"

    func savedViews() throws -> [SavedView] {
        try reading {
            try connection.transaction(begin: Self.beginRead) { try readViews() }
        }
    }

    private func readViews() throws -> [SavedView] {
        try connection.execute("SELECT \(Self.viewColumns) FROM views ORDER BY id").rows.map { row in
            let text = { (column: Int) in row[column] ?? "" }
            return SavedView(
                name: text(0), query: text(1), sort: text(2), columns: text(3).split(separator: ",").map(String.init),
                createdAt: Date(millisecondsSince1970: Int64(text(4)) ?? 0),
                updatedAt: Date(millisecondsSince1970: Int64(text(5)) ?? 0), updatedBy: text(6))
        }
    }

    /// Runs a change of the views in one transaction holding the table against other writers of
    /// views (readers go on), so reading the names and writing one cannot interleave.
    private func changingViews<T>(_ body: (inout [SavedView]) throws -> T) throws -> T {
        try writing {
            try connection.transaction {
                try connection.executeScript("LOCK TABLE views IN SHARE ROW EXCLUSIVE MODE")
                var views = try readViews()
                return try body(&views)
            }
        }
    }

    func saveView(_ view: SavedView, replacing: Bool, at now: Date) throws -> SavedView {
        try changingViews { views in
            var stamped = view
            stamped.updatedAt = now
            stamped.isPersonal = false
            let existed = SavedViewList.position(of: view.name, in: views) != nil
            let stored = try SavedViewList.save(stamped, replacing: replacing, into: &views)
            let values: [String?] = [
                stored.name, SavedViewName.key(stored.name), stored.query, stored.sort,
                stored.columns.joined(separator: ","), String(stored.createdAt.millisecondsSince1970),
                String(now.millisecondsSince1970), stored.updatedBy,
            ]
            if existed {
                try connection.execute("""
                    UPDATE views SET name = $1, query = $3, sort = $4, columns = $5, created_ms = $6,
                        updated_ms = $7, updated_by = $8 WHERE name_key = $2
                    """, values)
            } else {
                try connection.execute("""
                    INSERT INTO views (name, name_key, query, sort, columns, created_ms, updated_ms, updated_by)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                    """, values)
            }
            return stored
        }
    }

    func renameView(_ name: String, to newName: String, actor: String, at now: Date) throws {
        try changingViews { views in
            try SavedViewList.rename(name, to: newName, actor: actor, at: now, in: &views)
            let renamed = try SavedViewName.validated(newName)
            try connection.execute("UPDATE views SET name = $1, name_key = $2, updated_ms = $3, updated_by = $4 WHERE name_key = $5",
                                   [renamed, SavedViewName.key(renamed), String(now.millisecondsSince1970), actor,
                                    SavedViewName.key(name)])
        }
    }

    func deleteView(_ name: String) throws {
        try changingViews { views in
            try SavedViewList.delete(name, from: &views)
            try connection.execute("DELETE FROM views WHERE name_key = $1", [SavedViewName.key(name)])
        }
    }
}
