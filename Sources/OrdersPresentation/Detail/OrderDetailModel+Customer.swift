import Foundation
import OrdersCore
import TerminalText

/// The customer's other orders on the detail: how many, what all their orders are worth to the
/// shop, the latest few with their statuses, and which one Enter opens.
extension OrderDetailModel {
    /// How many of the customer's other orders the detail lists.
    public static let recentCustomerOrders = 5

    /// Loads the customer's orders from the store (`OrderStore.orders(ofCustomer:)`); an order that
    /// names no customer has none. A failure is shown in the section, not as the screen's error.
    func loadCustomerOrders(of order: Order?) async {
        guard let order, let match = CustomerMatch(of: order) else {
            customerOrders = nil
            customerOrdersError = nil
            return
        }
        do {
            let orders = try await list.store.orders(ofCustomer: match)
            guard order.id == orderID else { return }
            let customer = CustomerOrders(of: order, among: orders, recentLimit: Self.recentCustomerOrders)
            customerOrders = customer
            customerOrdersError = nil
            selectedCustomerOrder = min(selectedCustomerOrder, max(customer.recent.count - 1, 0))
        } catch {
            customerOrders = nil
            customerOrdersError = "Could not load the customer's other orders: \(error)"
        }
    }

    /// `2 other orders · lifetime value €1,234.50` (several currencies joined by `+`); nil before loading.
    public var customerSummaryText: String? {
        if let error = customerOrdersError { return TerminalText.neutralized(error) }
        guard let customer = customerOrders else { return nil }
        let count = switch customer.otherCount {
        case 0: "no other orders"
        case 1: "1 other order"
        default: "\(formatter.count(customer.otherCount)) other orders"
        }
        let value = customer.lifetimeValue.map { formatter.money($0.amount, $0.currency) }.joined(separator: " + ")
        return value.isEmpty ? count : "\(count) · lifetime value \(value)"
    }

    /// The latest other orders, newest first, the one Enter opens marked.
    public var customerOrderRows: [DetailCustomerOrder] {
        guard let customer = customerOrders else { return [] }
        return customer.recent.enumerated().map { index, order in
            DetailCustomerOrder(
                id: order.id, number: TerminalText.neutralized(order.number), dateText: formatter.absoluteDate(order.createdAt),
                totalText: formatter.money(order.total, order.currency),
                statusText: OrderStatusWords.cell(payment: order.payment, fulfillment: order.fulfillment,
                                                  unmatchedSourceStatus: OrderStatusWords.unmatchedSourceStatus(of: order)),
                isSelected: index == selectedCustomerOrder)
        }
    }

    /// The other order Enter opens; nil when the customer has none.
    public var selectedCustomerOrderID: OrderID? {
        guard let recent = customerOrders?.recent, recent.indices.contains(selectedCustomerOrder) else { return nil }
        return recent[selectedCustomerOrder].id
    }

    /// Moves the mark to the customer's next (+1) or previous (−1) other order, stopping at the ends.
    public func moveCustomerOrderSelection(by step: Int) {
        let count = customerOrders?.recent.count ?? 0
        guard count > 0 else { return }
        selectedCustomerOrder = min(max(selectedCustomerOrder + step, 0), count - 1)
    }
}
