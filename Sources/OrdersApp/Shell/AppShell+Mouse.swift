import OrdersCore
import OrdersScreens
import TermRender

extension AppShell {
    /// Clicks select (a second click on the same row within 400 ms opens it), the
    /// wheel scrolls, a click on a status tab switches to it, and a click on a
    /// column title sorts by that column (again: the other way round).
    func handleMouse(_ event: MouseEvent) {
        guard event.kind == .press else { return }
        switch event.button {
        case .wheelUp, .wheelDown:
            let step = event.button == .wheelDown ? 3 : -3
            if case .help = coordinator.modal {
                coordinator.scrolls.help.scroll(by: step)
                application.setNeedsRender()
            } else if coordinator.modal == nil, case .detail = coordinator.currentRoute {
                coordinator.scrolls.detail.moveFocused { $0.scroll(by: step) }
                application.setNeedsRender()
            } else if coordinator.modal == nil, coordinator.currentRoute == .list {
                list.moveSelection(by: step)
            }
        case .left:
            guard coordinator.modal == nil, let hit = renderSession.hitTest(event.position) else { return }
            if let row = hit.base as? TableRowHit, row.table == AnyHashable(ListHit.table) {
                let now = ContinuousClock.now
                if let last = lastClick, last.row == row.row, now - last.time < .milliseconds(400) {
                    lastClick = nil
                    list.select(at: row.row)
                    perform(coordinator.send(.list(.open)))
                } else {
                    lastClick = (row.row, now)
                    list.select(at: row.row)
                }
            } else if let header = hit.base as? TableHeaderHit, header.table == AnyHashable(ListHit.table),
                      let key = ListHit.sortKey(ofColumn: header.column) {
                // A click on the sorted column flips its direction; on another, sorts by it.
                list.sort(by: key)
            } else if case .tab(let tab)? = hit.base as? ListHit {
                coordinator.selectStatusTab(tab)
            } else if case .view(let name)? = hit.base as? ListHit {
                coordinator.views?.show(name)
            }
        default:
            break
        }
    }
}
