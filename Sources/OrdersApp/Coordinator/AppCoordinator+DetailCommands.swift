import OrdersCore
import OrdersScreens

extension AppCoordinator {
    /// The order detail's keys.
    func perform(_ command: DetailScreenCommand) -> [AppEffect] {
        switch command {
        case .back:
            // The list may have loaded after the detail opened (--open): select the order just seen.
            let seen: OrderID? = if case .detail(let id) = currentRoute { id } else { nil }
            back()
            if currentRoute == .list, let seen { list.select(id: seen) }
            return []
        case .scrollDown: scrolls.detail.moveFocused { $0.scroll(by: 1) }
        case .scrollUp: scrolls.detail.moveFocused { $0.scroll(by: -1) }
        case .pageDown: scrolls.detail.moveFocused { $0.pageDown() }
        case .pageUp: scrolls.detail.moveFocused { $0.pageUp() }
        case .top: scrolls.detail.moveFocused { $0.scrollToTop() }
        case .bottom: scrolls.detail.moveFocused { $0.scrollToBottom() }
        case .switchColumn: scrolls.detail.switchPane()
        case .openCustomerOrder:
            guard let id = detail?.selectedCustomerOrderID else {
                return [showNotice("No other orders by this customer")]
            }
            return [.openOrder(id)]
        case .nextCustomerOrder:
            detail?.moveCustomerOrderSelection(by: 1)
            return []
        case .previousCustomerOrder:
            detail?.moveCustomerOrderSelection(by: -1)
            return []
        case .refundAmount:
            openPalette(with: ":refund ")
            return []
        case .refundLines:
            return chooseLinesToRefund(reason: nil)
        case .next: return showAdjacentOrder(by: 1)
        case .previous: return showAdjacentOrder(by: -1)
        case .order(let command): return perform(command)
        }
        // Scroll positions are not observed (the view writes them while drawing).
        return [.render]
    }

    /// ] and [: the next or previous order of the list, in place of this one.
    private func showAdjacentOrder(by step: Int) -> [AppEffect] {
        guard case .detail(let id) = currentRoute, let position = list.position(of: id) else { return [] }
        let target = position + step
        guard target >= 0, let next = list.ids(in: target..<target + 1).first else {
            return [showNotice(step > 0 ? "Last order of the list" : "First order of the list")]
        }
        replaceDetail(with: next)
        return []
    }
}
