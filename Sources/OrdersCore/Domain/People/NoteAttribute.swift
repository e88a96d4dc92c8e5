/// A key/value pair a shop attaches to an order (Shopify's note attributes: "gift-message", "delivery-date").
public struct NoteAttribute: Hashable, Sendable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}
