import Foundation
import OrdersCore

/// `orders show NUMBER`: one order in full, as text or JSON.
struct ShowCommand: OrderPrintCommand {
    static let name = "show"
    static let summary = "Print one order with its notes and history"
    var reference: OrderReference
    var format: OrderPrintFormat

    static func text(of order: Order, history: [AuditEntry]) -> String { OrderDetailText.text(for: order, history: history) }
    static func json(of order: Order, history: [AuditEntry]) -> String { OrderDetailText.json(for: order, history: history) }
}
