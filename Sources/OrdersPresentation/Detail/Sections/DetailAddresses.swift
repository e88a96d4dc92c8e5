/// The shipping and billing addresses, each as the lines the screen prints (street lines kept
/// one per line, and line breaks inside a line kept too).
public struct DetailAddresses: Hashable, Sendable {
    /// Nil when the order has no shipping address.
    public var shipping: [String]?
    /// Nil when the order has no billing address; `["same as shipping"]` when it is the same.
    public var billing: [String]?

    public init(shipping: [String]?, billing: [String]?) {
        self.shipping = shipping
        self.billing = billing
    }
}
