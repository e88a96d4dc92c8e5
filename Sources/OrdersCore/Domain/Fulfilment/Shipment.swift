/// Units of chosen lines sent together, with the carrier's tracking number when there is one:
/// what fulfilling chosen lines records (`Order+LineFulfilment` has the rules).
public struct Shipment: Hashable, Sendable {
    /// The lines sent, each at most once, in the order chosen.
    public var lines: [ShipmentLine]
    /// Kept verbatim and appended to the order's tracking numbers; nil when none was given.
    public var trackingNumber: String?
    /// The carrier as the operator named it (`DHL`, `CTT`), verbatim; nil when not said. The order
    /// keeps no carrier: it travels only to a connected shop with the shipment (`ShopFact`).
    public var carrier: String?
    /// Whether the shop is to tell the customer of this shipment (Shopify's shipping mail,
    /// WooCommerce's customer note), when the order comes from a connected shop. Off unless asked:
    /// both shops' own default is not to tell.
    public var notifyCustomer: Bool

    public init(lines: [ShipmentLine], trackingNumber: String? = nil, carrier: String? = nil, notifyCustomer: Bool = false) {
        self.lines = lines
        self.trackingNumber = trackingNumber
        self.carrier = carrier
        self.notifyCustomer = notifyCustomer
    }
}

/// Units of one line item sent in a shipment. The line is named by its position in the order's
/// items, as line items carry no id of their own (and need not have a SKU), like `RefundLine`.
public struct ShipmentLine: Hashable, Sendable {
    /// Index into `Order.items`.
    public var line: Int
    public var quantity: Int

    public init(line: Int, quantity: Int) {
        self.line = line
        self.quantity = quantity
    }
}
