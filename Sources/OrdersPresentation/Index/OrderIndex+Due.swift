import Foundation
import OrdersCore

extension OrderIndex {
    /// The statuses whose orders have a due time (`Order.hasDueTime`), as the index tests them.
    static let withDueTime = StatusMask(OrderStatus.allCases.filter { Order.hasDueTime(status: $0) })

    /// Whether the row's order has a due time (`Order.hasDueTime`).
    func hasDueTime(_ slot: Slot) -> Bool {
        Self.withDueTime.contains(rank: statuses[Int(slot)])
    }

    /// The row's due time under `promise` (`FulfilmentPromise.dueDate(for:)` for the indexed
    /// fields), nil when it has none.
    func dueDate(_ slot: Slot, promise: FulfilmentPromise) -> Date? {
        hasDueTime(slot) ? promise.dueDate(from: ageStart(slot)) : nil
    }
}
