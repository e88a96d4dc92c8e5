import Foundation
import OrdersCore
import OrdersStorage

/// Where the list's rows come from. `OrderListModel` holds the selection, the marks, the tabs, the
/// query and the actions once; a source fills the model's index (`OrderListModel.index`) with the
/// rows it holds, the pipeline with the rows it shows, and the counts, and answers what depends on
/// where the rows are. Two sources:
///
/// - `IndexedListSource`: every order's row in memory (the index file beside the database, or a
///   scan of the store); search, sort, counts and positions computed in memory.
/// - `ServedListSource`: a PostgreSQL server answers a window of rows at a time around what is
///   shown, and the counts (above `PresentationEnvironment.serverListThreshold` orders).
///
/// The model never asks which one it has: where the two differ, it calls the source.
@MainActor
protocol ListSource: AnyObject {
    /// Whether a server serves the list (the dashboard then asks the server for its figures too).
    var isServedByServer: Bool { get }
    /// The list position of the first row shown from the index (`visible[0]`): 0 unless the rows
    /// are served a window at a time.
    var windowOffset: Int { get }
    /// Whether the list's length is known now, so `G` can go to the last row at once.
    var knowsTheEnd: Bool { get }
    /// At most this many orders are marked at once (`*`, `v`); nil when there is no limit.
    var markLimit: Int? { get }

    /// Fills the list for its query (at load, and again on `.reloadAll`).
    func load() async throws
    /// The search, tab, toggles or sort changed (`change` says which): show the new rows and counts.
    func queryChanged(_ change: ListQueryChange)
    /// Rows of the index changed in place (a write, a rollback, a merge): sort, filter and count again.
    func reorder()
    /// The selection moved: the rows around it should be held.
    func selectionMoved()
    /// Another writer changed these orders (the change feed).
    func ordersChanged(_ ids: [OrderID])
    /// The list's own writes settled: `unknown` are those whose outcome is not known (read them again).
    func writesSettled(_ writes: [PendingWrite], unknown: [OrderID]) async

    /// Marks every order the list shows.
    func markAllShown()
    /// Stops marking orders still being read (`*`, `v`); returns whether a read was under way.
    func stopMarking() -> Bool
    /// Marks the rows from the one at `upper` (its place in the sort) down to the order `lower`, when
    /// the list does not hold them all; false when it holds every row it shows (the range is gone).
    func markRangeNotHeld(from upper: PageCursor, to lower: OrderID) -> Bool
    /// Runs `body` once the index holds every order of `ids` (at once when it does); `gone` are
    /// those the store no longer has.
    func withOrdersHeld(_ ids: [OrderID], for what: String, gone: Set<OrderID>,
                        _ body: @escaping @MainActor (_ gone: Set<OrderID>) -> Void)
    /// Whether orders not shown are being read for an action (no other action runs meanwhile).
    var isReadingOrdersNotHeld: Bool { get }
    /// The row of an order a screen shows and acts on, when the index does not hold it; nil when it
    /// cannot be held (the indexed source holds every order it can act on).
    func hold(shown order: Order) -> OrderIndex.Slot?
    /// Whether the index holds this order only for an action, not to show it.
    func holdsOnlyForAction(_ id: OrderID) -> Bool

    /// The frequency table of the rows shown.
    func frequencyTable(of field: FrequencyField) async throws -> FrequencyTable
    /// Counts the saved views' matches again (`force`: even when the orders did not change).
    func recountSavedViews(force: Bool)

    /// One piece of the source's background work under way, to await (nil when there is none).
    func pendingWork() -> Task<Void, Never>?
    /// That piece of work is over: forget it.
    func finished(_ work: Task<Void, Never>)
    /// Stops the source's background work (the list goes away, or another source replaces it).
    func cancelWork()
}

/// What part of the list's query changed, which decides what a source must redo.
enum ListQueryChange: Equatable {
    /// The search text, with the filters it had before (an indexed search refines them when it can).
    case search(previous: [OrderFilter])
    /// The tab or a toggle.
    case filters
    case sort
    /// A saved view shown: its search (replaced or not), sort and tab at once.
    case view(searchReplaced: Bool)
}

/// Which source serves a list: the served one when the store can serve the list (`ServerListStore`)
/// and holds at least the threshold's orders, else the indexed one. A source still of the right kind
/// is kept (its rows, counts and selection carry over a reload).
@MainActor
enum ListSourceChoice {
    static func source(for list: OrderListModel, current: any ListSource) async throws -> any ListSource {
        if let server = list.store as? any ServerListStore {
            let threshold = list.environment.serverListThreshold
            if try await server.orderCount(exactBelow: threshold) >= threshold {
                return current as? ServedListSource ?? ServedListSource(list: list, server: server)
            }
        }
        return current as? IndexedListSource ?? IndexedListSource(list: list)
    }
}
