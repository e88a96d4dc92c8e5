/// One refund as the detail lists it: its id, when, how much and why, and what came back.
public struct DetailRefund: Hashable, Sendable {
    public var id: String
    public var dateText: String
    public var amountText: String
    /// The reason given, or nil.
    public var reason: String?
    /// What came back and how: `2 × MUG-1, 1 × line 3; shipping €5.00; restocked`; nil when
    /// the refund names no lines, no shipping and no restock (an amount alone).
    public var detail: String?

    public init(id: String, dateText: String, amountText: String, reason: String?, detail: String?) {
        self.id = id
        self.dateText = dateText
        self.amountText = amountText
        self.reason = reason
        self.detail = detail
    }
}
