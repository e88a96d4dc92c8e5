import Foundation
import OrdersCore

/// `orders unflag NUMBER`.
struct UnflagCommand: OrderNumberChangeCommand {
    static let name = "unflag"
    static let summary = "Remove an order's flag"
    var reference: OrderReference
    var mutations: [OrderMutation] { [.setFlagged(false)] }

    func done(_ order: Order) -> String { "\(order.number) is no longer flagged." }
}
