/// How the order was paid and sent, formatted: each part nil when the order does not say.
public struct DetailDelivery: Hashable, Sendable {
    /// `Sep 21, 2026 at 09:13 GMT`
    public var paidText: String?
    /// `card (Visa)`: the payment method as the shop named it.
    public var paymentMethod: String?
    public var fulfilledText: String?
    public var shippingMethod: String?
    /// The tracking numbers, one a line.
    public var trackingNumbers: [String]

    public init(paidText: String?, paymentMethod: String?, fulfilledText: String?, shippingMethod: String?,
                trackingNumbers: [String]) {
        self.paidText = paidText
        self.paymentMethod = paymentMethod
        self.fulfilledText = fulfilledText
        self.shippingMethod = shippingMethod
        self.trackingNumbers = trackingNumbers
    }

    /// Whether there is anything to show.
    public var isEmpty: Bool {
        paidText == nil && paymentMethod == nil && fulfilledText == nil && shippingMethod == nil && trackingNumbers.isEmpty
    }
}
