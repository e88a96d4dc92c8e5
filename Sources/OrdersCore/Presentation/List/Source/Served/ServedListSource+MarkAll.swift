import Foundation

/// `*` on a list the server serves: the window holds a few hundred rows, but the operator means
/// every order the list shows, as on the in-memory list. Their ids, versions and numbers are read
/// from the server (`ServerListStore.listMarks`); those the window holds are marked in place, the
/// rest as marks outside the window, which an action reads before applying to them
/// (`OrderListModel+OrdersOutsideWindow`). Up to `PresentationEnvironment.serverMarkLimit` at once:
/// beyond, the operator is asked to narrow the list rather than wait for a million rows.
extension OrderListModel {
    /// Marks every order the served list shows, reading them from the server.
    func markAllServed() {
        guard let window = serverWindow, let server = store as? any ServerListStore else { return }
        let limit = environment.serverMarkLimit
        if window.tally != nil, window.rowCount > limit {
            errorMessage = Self.tooManyToMark(formatter.count(window.rowCount), limit: formatter.count(limit))
            return
        }
        markAllTask?.cancel()
        errorMessage = nil
        statusMessage = "Marking the orders shown…"
        markAllTask = Task { [weak self] in
            let read: Result<[ListMark], any Error>
            // One more than the limit: a list still being counted may turn out longer.
            do { read = .success(try await server.listMarks(matching: window.query, limit: limit + 1)) } catch { read = .failure(error) }
            guard let self, !Task.isCancelled else { return }
            self.statusMessage = nil
            // A newer search, tab or sort shows other orders: marking this one's would surprise.
            guard self.serverWindow?.query == window.query else { return }
            switch read {
            case .success(let shown) where shown.count > limit:
                self.errorMessage = Self.tooManyToMark("More than " + self.formatter.count(limit), limit: self.formatter.count(limit))
            case .success(let shown):
                self.markEvery(shown)
            case .failure(let error):
                self.errorMessage = "Mark all: could not read the orders shown: \(error)"
            }
        }
    }

    /// Marks these orders: in place where the window holds them, else by id with what was read.
    private func markEvery(_ shown: [ListMark]) {
        for order in shown { mark(order) }
        marksChanged()
    }

    private static func tooManyToMark(_ count: String, limit: String) -> String {
        "Mark all: \(count) orders are shown, and at most \(limit) are marked at once on a list the server serves; "
            + "narrow the search or choose a tab"
    }
}
