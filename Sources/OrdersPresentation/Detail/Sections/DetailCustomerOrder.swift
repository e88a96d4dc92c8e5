import OrdersCore

/// One of the customer's other orders as the detail lists it.
public struct DetailCustomerOrder: Hashable, Sendable {
    public var id: OrderID
    public var number: String
    public var dateText: String
    public var totalText: String
    /// Payment and fulfilment in one cell, as the list shows them (`Paid/Sent`).
    public var statusText: String
    /// The one Enter opens.
    public var isSelected: Bool

    public init(id: OrderID, number: String, dateText: String, totalText: String, statusText: String, isSelected: Bool) {
        self.id = id
        self.number = number
        self.dateText = dateText
        self.totalText = totalText
        self.statusText = statusText
        self.isSelected = isSelected
    }
}
