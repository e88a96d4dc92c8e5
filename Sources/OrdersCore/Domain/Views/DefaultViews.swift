import Foundation

/// The views a new database starts with (seeded once, by SQLite's migration 7 and PostgreSQL's
/// migration 6, and by a new in-memory store): deleting one sticks.
public enum DefaultViews {
    /// Who the audit columns name for the seeded views.
    public static let seededBy = "orders"

    /// Name, query and sort of each, in tab order. The migrations write the same rows in SQL;
    /// `SavedViewMigrationTests` holds them equal to this list.
    public static let definitions: [(name: String, query: String, sort: String)] = [
        ("To fulfil", "status:processing -ship:on_hold", "date:asc"),
        ("Unpaid > 3 days", "status:pending age>3d", "date:asc"),
        ("High risk", "risk:high status:pending,processing", "total:desc"),
        ("Mine", "assignee:me status:pending,processing", "date:asc"),
    ]

    /// The seeded views as values, made at `now`.
    public static func views(at now: Date) -> [SavedView] {
        // The standard columns, written as the migrations write it (the seven names from before Due).
        let columns = ListColumn.everyColumnBeforeDue.map(\.rawValue)
        return definitions.map {
            SavedView(name: $0.name, query: $0.query, sort: $0.sort, columns: columns, createdAt: now, updatedBy: seededBy)
        }
    }
}
