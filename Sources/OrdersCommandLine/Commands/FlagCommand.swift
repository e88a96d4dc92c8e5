import Foundation
import OrdersCore

/// `orders flag NUMBER`.
struct FlagCommand: OrderNumberChangeCommand {
    static let name = "flag"
    static let summary = "Flag an order for attention"
    var reference: OrderReference
    var mutations: [OrderMutation] { [.setFlagged(true)] }

    func done(_ order: Order) -> String { "\(order.number) is flagged." }
}
