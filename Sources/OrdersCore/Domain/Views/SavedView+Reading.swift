import Foundation

extension SavedView {
    /// How a sort is stored: `FIELD:dir` (`total:desc`), read back by `OrderSort(parsing:)`.
    public static func sortText(_ sort: OrderSort) -> String {
        sort.key.rawValue + (sort.ascending ? ":asc" : ":desc")
    }

    /// The stored sort, or nil when it no longer reads (a field a newer build removed).
    public var parsedSort: OrderSort? { try? OrderSort(parsing: sort) }

    /// Why the view cannot be used as stored: its query's error (or its sort's), nil when it reads.
    /// Parsed when used, never when stored, so a view whose query a newer build reads differently
    /// is shown with its error instead of disappearing. `promise` is the config's fulfilment
    /// promise, as the list parses with it: `overdue` and `due` read only with one.
    public func problem(now: Date, calendar: Calendar, promise: FulfilmentPromise?, actor: String) -> String? {
        do {
            _ = try SearchQueryParser.parse(query, now: now, calendar: calendar, promise: promise, actor: actor)
        } catch {
            return error.description
        }
        do {
            _ = try OrderSort(parsing: sort)
        } catch {
            return error.description
        }
        return nil
    }
}
