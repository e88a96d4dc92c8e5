import OrdersCore
import OrdersScreens

extension AppCoordinator {
    /// The dashboard's keys.
    func perform(_ command: DashboardScreenCommand) -> [AppEffect] {
        switch command {
        case .back: back()
        case .nextPanel: dashboard.moveFocus(panelsBy: 1)
        case .previousPanel: dashboard.moveFocus(panelsBy: -1)
        case .nextItem: dashboard.moveFocus(itemsBy: 1)
        case .previousItem: dashboard.moveFocus(itemsBy: -1)
        case .period: dashboard.togglePeriod()
        case .open: return listSelectedFigure()
        }
        return []
    }

    /// Enter: the list, showing exactly the orders of the focused number. The figure's query becomes
    /// the search (tab on All, toggles off, so nothing else narrows it), which the list then keeps
    /// live and the operator can edit like any search.
    private func listSelectedFigure() -> [AppEffect] {
        guard let item = dashboard.selectedItem else { return [showNotice("No figures yet")] }
        guard let text = item.figure.query.searchText(calendar: list.environment.calendar,
                                                      promise: list.environment.fulfilmentPromise,
                                                      now: dashboard.figuresComputedAt) else {
            return [showNotice("These orders cannot be written as a search")]
        }
        popToList()
        list.selectTab(.all)
        list.setFlaggedOnly(false)
        list.setHighValueOnly(false)
        list.searchTextChanged(text)
        return []
    }
}
