import OrdersCore

/// A status the shop changed while an operator had changed it here too: the operator's value is
/// kept, the shop's is written into a note on the order and reported by the import.
public struct ShopConflict: Hashable, Sendable, CustomStringConvertible {
    public var order: OrderReference
    /// "payment", "fulfillment" or "status" (cancelled or closed).
    public var field: String
    /// What the order has, as changed here.
    public var kept: String
    /// What the shop's file says.
    public var shopSays: String

    /// The note left on the order: the same conflict gives the same text, so a daily re-import
    /// of an unchanged file adds it once.
    var noteText: String {
        "Import conflict: the shop says \(field) is \(shopSays); kept \(kept) as changed here."
    }

    public var description: String {
        "\(order): the shop says \(field) is \(shopSays); kept \(kept) as changed here"
    }
}
