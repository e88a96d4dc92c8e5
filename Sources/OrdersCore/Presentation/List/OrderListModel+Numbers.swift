import TerminalText

extension OrderListModel {
    /// The number people know an order by, neutralised for the screen: the shop's number as the
    /// index holds it, or the key's local number for an order not loaded (yet).
    public func numberText(of id: OrderID) -> String {
        guard let slot = index.slot(of: id) else { return id.description }
        return TerminalText.neutralized(index.number(slot))
    }
}
