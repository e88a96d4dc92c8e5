import Foundation
import OrdersCore

/// A store that can serve the order list itself, a window of rows at a time, so the list
/// of a large database never loads every order (`OrderListModel`'s server source; below
/// `ListSourceChoice`'s threshold the list builds its in-memory index as for any store).
/// Every answer follows the reference semantics of `OrderQuery+Evaluation`, like `orders(matching:page:)`.
/// A store that serves the list computes the dashboard's figures too (`DashboardFiguresStore`), since
/// a served list holds no index to compute them from.
public protocol ServerListStore: DashboardFiguresStore {
    /// How many orders the store holds, cheaply: an estimate when it says at least `threshold`
    /// (a planner's statistics), else exact. Enough to choose where the list is served from.
    func orderCount(exactBelow threshold: Int) async throws -> Int
    /// Up to `limit` of the query's matches as the list shows them, in the query's sort
    /// order, starting where `start` says.
    func listRows(matching query: OrderQuery, from start: ListWindowStart, limit: Int) async throws -> [OrderIndexRow]
    /// The list rows of these orders, those the store still has, in id order, whatever the query: the
    /// marked orders a window does not hold, read before an action or an undo applies to them.
    func listRows(ids: [OrderID]) async throws -> [OrderIndexRow]
    /// Up to `limit` of the query's matches, in id order, as the list marks them: id, version and
    /// number. What `*` marks on a served list, whose window holds only some of them.
    func listMarks(matching query: OrderQuery, limit: Int) async throws -> [ListMark]
    /// The query's matches grouped by `field` and currency: per value (and currency) how many and
    /// the sum of their reporting totals. A frequency table of a served list (`FrequencyTable`).
    func listFrequency(matching query: OrderQuery, of field: FrequencyField) async throws -> [FrequencyRow]
    /// The query's matches counted per status, with their totals per currency: the tabs'
    /// counts and the list's sums, in one grouped query.
    func listTally(matching query: OrderQuery) async throws -> ListTally
    /// How many of the query's matches come before `cursor` in its sort order: where the
    /// order the cursor was taken from stands in the list.
    func listPosition(of cursor: PageCursor, matching query: OrderQuery) async throws -> Int
}

/// An order as a served list marks it without holding its row (read by `*`, or left behind when the
/// window moved on): the version the operator saw (an action refuses the order if someone else
/// changed it since) and its number, to name it even when the store no longer has it.
public struct ListMark: Equatable, Sendable {
    public var id: OrderID
    public var version: Int
    public var number: String

    public init(id: OrderID, version: Int, number: String) {
        self.id = id
        self.version = version
        self.number = number
    }
}
