import OrdersCore

/// A page of orders on its way from one store to another: each order whole (child rows,
/// version) and the whole audit log of those orders, oldest entry of each order first.
public struct OrderTransferBatch: Sendable {
    public var orders: [Order]
    public var audit: [AuditRecord]

    public init(orders: [Order], audit: [AuditRecord]) {
        self.orders = orders
        self.audit = audit
    }
}
