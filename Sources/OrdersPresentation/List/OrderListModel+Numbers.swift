import OrdersCore
import TerminalText

extension OrderListModel {
    /// The number people know an order by, neutralised for the screen: the shop's number as the
    /// index holds it (or as it was shown, for a marked order a server's window no longer holds), or
    /// the key's local number for an order not loaded (yet).
    public func numberText(of id: OrderID) -> String {
        guard let slot = index.slot(of: id) else {
            return marksOutsideWindow[id].map { TerminalText.neutralized($0.number) } ?? id.description
        }
        return TerminalText.neutralized(index.number(slot))
    }
}
