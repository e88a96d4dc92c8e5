/// The list's columns a view can choose to show, by the names views store.
public enum ListColumn: String, CaseIterable, Hashable, Sendable {
    case number, date, age, customer, items, total, status

    /// Reads stored column names, keeping the known ones in the order written (unknown names, from a
    /// newer build, are skipped); nil when none is known, meaning every column.
    public static func parse(_ names: [String]) -> [ListColumn]? {
        let columns = names.compactMap { ListColumn(rawValue: $0.lowercased()) }
        return columns.isEmpty ? nil : columns
    }
}
