import Foundation

/// A saved view: a name, a search as it was typed, a sort and the list's columns. Shared views live
/// in the database (`ViewStore`), so a team on one database sees the same ones; personal views
/// live in the operator's config file. The query and sort are kept as written and read when the
/// view is used (`SavedView+Reading`), so a view whose query no longer parses is shown with its
/// error instead of disappearing.
public struct SavedView: Hashable, Sendable {
    /// As the operator wrote it; unique among shared views with case ignored (`SavedViewName.key`).
    public var name: String
    /// The search text, verbatim (`status:processing -ship:on_hold`).
    public var query: String
    /// The sort as `FIELD:dir` (`date:asc`), the form `OrderSort(parsing:)` reads.
    public var sort: String
    /// The list's columns to show, in order (`ListColumn` raw values, read by `ListColumn.parse`:
    /// the standard columns' names mean the standard columns, Due included when there is a promise).
    public var columns: [String]
    public var createdAt: Date
    public var updatedAt: Date
    /// Who saved or last changed it (the audit actor).
    public var updatedBy: String
    /// Kept in the operator's config file rather than the database.
    public var isPersonal: Bool

    public init(name: String, query: String, sort: String, columns: [String] = ListColumn.names(nil),
                createdAt: Date, updatedAt: Date? = nil, updatedBy: String, isPersonal: Bool = false) {
        self.name = name
        self.query = query
        self.sort = sort
        self.columns = columns
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.updatedBy = updatedBy
        self.isPersonal = isPersonal
    }
}
