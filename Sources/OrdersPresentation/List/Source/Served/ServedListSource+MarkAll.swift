import Foundation
import OrdersCore
import OrdersStorage

/// `*` and `v` on a list the server serves: the window holds a few hundred rows, but the operator
/// means every order the list shows (or the range), as on the indexed list. Their ids, versions and
/// numbers are read from the server (`ServerListStore.listMarks`, `listRows`); those the window holds
/// are marked in place, the rest as marks outside the window, which an action reads before applying
/// to them (`ServedListSource+OrdersOutsideWindow`). Up to `PresentationEnvironment.serverMarkLimit`
/// at once: beyond, the operator is asked to narrow the list rather than wait for a million rows.
extension ServedListSource {
    /// Marks every order the served list shows, reading them from the server.
    func markAllShown() {
        let window = self.window
        let limit = list.environment.serverMarkLimit
        if window.tally != nil, window.rowCount > limit {
            list.errorMessage = Self.tooManyToMark(list.formatter.count(window.rowCount), limit: list.formatter.count(limit))
            return
        }
        markAllTask?.cancel()
        list.errorMessage = nil
        list.statusMessage = "Marking the orders shown…"
        let server = self.server
        markAllTask = list.environment.work.onMain { [weak self, weak list = self.list] in
            let read: Result<[ListMark], any Error>
            // One more than the limit: a list still being counted may turn out longer.
            do { read = .success(try await server.listMarks(matching: window.query, limit: limit + 1)) } catch { read = .failure(error) }
            guard let self, let list, !Task.isCancelled else { return }
            list.statusMessage = nil
            // A newer search, tab or sort shows other orders: marking this one's would surprise.
            guard self.window.query == window.query else { return }
            switch read {
            case .success(let shown) where shown.count > limit:
                list.errorMessage = Self.tooManyToMark("More than " + list.formatter.count(limit), limit: list.formatter.count(limit))
            case .success(let shown):
                for order in shown { self.mark(order) }
                list.marksChanged()
            case .failure(let error):
                list.errorMessage = "Mark all: could not read the orders shown: \(error)"
            }
        }
    }

    private static func tooManyToMark(_ count: String, limit: String) -> String {
        "Mark all: \(count) orders are shown, and at most \(limit) are marked at once on a list the server serves; "
            + "narrow the search or choose a tab"
    }

    func stopMarking() -> Bool {
        guard let reading = markAllTask else { return false }
        reading.cancel()
        markAllTask = nil
        return true
    }

    /// `v` when the window does not hold the whole range: reads the served list's rows from `upper`
    /// on until the order `lower`, and marks them.
    func markRangeNotHeld(from upper: PageCursor, to lower: OrderID) -> Bool {
        let window = self.window
        let limit = list.environment.serverMarkLimit
        markAllTask?.cancel()
        list.errorMessage = nil
        list.statusMessage = "Marking the range…"
        let server = self.server
        markAllTask = list.environment.work.onMain { [weak self, weak list = self.list] in
            let read: Result<[OrderIndexRow], any Error>
            do {
                read = .success(try await server.listRows(matching: window.query, from: .from(upper), limit: limit + 1))
            } catch {
                read = .failure(error)
            }
            guard let self, let list, !Task.isCancelled else { return }
            list.statusMessage = nil
            guard self.window.query == window.query else { return }
            switch read {
            case .success(let rows):
                guard let end = rows.firstIndex(where: { $0.id == lower }) else {
                    list.errorMessage = rows.count > limit
                        ? OrderListModel.rangeTooLong(limit: limit, formatter: list.formatter)
                        : "Mark range: its end is no longer shown; nothing was marked"
                    return
                }
                for row in rows[...end] { self.mark(ListMark(id: row.id, version: row.version, number: row.number)) }
                list.marksChanged()
            case .failure(let error):
                list.errorMessage = "Mark range: could not read the orders: \(error)"
            }
        }
        return true
    }
}
