import Foundation
import OrdersCore
import TerminalText

/// Which lines of an order, and how many units of each, an action takes: one chooser for two
/// purposes. Fulfilling offers the lines still to send, each preset to all that is left; refunding
/// offers the lines with units not yet returned, each preset to none, plus whether the shipping
/// still to give back is included and whether the goods go back into stock. A value the app keeps
/// in its dialog; the order's own rules (`Order+LineFulfilment`, `Order+Refunds`) judge what it
/// makes when confirmed.
public struct LineChooser: Hashable, Sendable {
    public let purpose: LineChooserPurpose
    public private(set) var choices: [LineChoice]
    /// The highlighted line, which the quantity keys change.
    public private(set) var selected: Int
    /// Refunding: whether the refund gives back the shipping not yet given back.
    public private(set) var refundsShipping = false
    /// Refunding: whether the returned units go back into stock.
    public private(set) var restock = false
    /// The order and the version the choices were made from: a change arriving meanwhile is refused.
    public let orderID: OrderID
    public let version: Int
    /// The order's number, safe for the terminal, for the dialog's title.
    public let numberText: String
    /// The order as chosen from: its prices and shipping give a refund's amount (`Order.refund`).
    private let order: Order

    /// The lines of `order` with units not yet sent, each preset to all of them; nil when every
    /// line is sent already.
    public init?(fulfilling order: Order) {
        self.init(order, purpose: .fulfil, lines: order.remainingShipment.lines.map { ($0.line, $0.quantity) }, preset: { $0.limit })
    }

    /// The lines of `order` with units not yet returned, each preset to none (a refund is chosen
    /// unit by unit, never all by default); nil when every unit has come back already.
    public init?(refunding order: Order) {
        let lines = order.items.indices.compactMap { index in
            let left = order.returnableQuantity(ofLine: index)
            return left > 0 ? (index, left) : nil
        }
        self.init(order, purpose: .refund, lines: lines, preset: { _ in 0 })
    }

    private init?(_ order: Order, purpose: LineChooserPurpose, lines: [(line: Int, limit: Int)], preset: (LineChoice) -> Int) {
        let choices = lines.map { line in
            var choice = LineChoice(line: line.line, name: TerminalText.neutralized(Order.lineName(order.items, at: line.line)),
                                    title: TerminalText.neutralized(order.items[line.line].title), limit: line.limit, quantity: 0)
            choice.quantity = preset(choice)
            return choice
        }
        guard !choices.isEmpty else { return nil }
        self.purpose = purpose
        self.choices = choices
        selected = 0
        orderID = order.id
        version = order.version
        numberText = TerminalText.neutralized(order.number)
        self.order = order
    }

    /// The dialog's title.
    public var title: String {
        switch purpose {
        case .fulfil: "Fulfil lines of \(numberText)"
        case .refund: "Refund lines of \(numberText)"
        }
    }

    /// The heading of the quantities' column.
    public var quantityHeading: String {
        switch purpose {
        case .fulfil: "Send"
        case .refund: "Return"
        }
    }

    /// What the dialog's text field holds, as its label says.
    public var fieldLabel: String {
        switch purpose {
        case .fulfil: "Tracking number:"
        case .refund: "Reason:"
        }
    }

    /// Moves the highlight by `offset` lines, stopping at the first and the last.
    public mutating func moveSelection(by offset: Int) {
        selected = min(max(selected + offset, 0), choices.count - 1)
    }

    /// One more unit of the highlighted line, up to what is left of it.
    public mutating func increase() {
        choices[selected].quantity = min(choices[selected].quantity + 1, choices[selected].limit)
    }

    /// One unit less of the highlighted line, down to none (skipped).
    public mutating func decrease() {
        choices[selected].quantity = max(choices[selected].quantity - 1, 0)
    }

    /// Skips the highlighted line, or takes all of it again when it was skipped.
    public mutating func toggleSkip() {
        choices[selected].quantity = choices[selected].quantity == 0 ? choices[selected].limit : 0
    }

    /// Refunding: includes the shipping still to give back, or leaves it out again. Nothing
    /// changes when there is none left, or when fulfilling.
    public mutating func toggleShipping() {
        guard purpose == .refund, order.refundableShipping > 0 else { return }
        refundsShipping.toggle()
    }

    /// Refunding: the returned units go back into stock, or not. Nothing changes when fulfilling.
    public mutating func toggleRestock() {
        guard purpose == .refund else { return }
        restock.toggle()
    }

    /// The shipment the choices make, with `trackingNumber` unless it is blank (then none); its
    /// lines are empty when every line is skipped, which the order's rules refuse with the reason.
    public func shipment(trackingNumber: String) -> Shipment {
        let tracking = trackingNumber.trimmingCharacters(in: .whitespaces).isEmpty ? nil : trackingNumber
        return Shipment(lines: chosen.map { ShipmentLine(line: $0.line, quantity: $0.quantity) }, trackingNumber: tracking)
    }

    /// The refund the choices make on the order they were made from, at `date`, with `reason`
    /// unless it is blank: the chosen units at the prices they were sold for, plus the shipping
    /// when included (`Order.refund`, the same as `orders refund --line`).
    public func refund(at date: Date, reason: String) -> Refund {
        order.refund(returning: refundLines, shipping: refundedShipping, at: date, reason: Order.isBlank(reason) ? nil : reason,
                     restock: restock)
    }

    /// The lines with at least one unit chosen.
    private var chosen: [LineChoice] { choices.filter { $0.quantity > 0 } }

    private var refundLines: [RefundLine] { chosen.map { RefundLine(line: $0.line, quantity: $0.quantity) } }

    private var refundedShipping: Decimal { refundsShipping ? order.refundableShipping : 0 }

    /// "3 units of 2 lines chosen", for the dialog's summary line; refunding, with what they come
    /// to: "1 unit of 1 line chosen: 14.50 EUR".
    public var summaryText: String {
        let units = chosen.reduce(0) { $0 + $1.quantity }
        let lines = chosen.count
        let count = "\(units) unit\(units == 1 ? "" : "s") of \(lines) line\(lines == 1 ? "" : "s") chosen"
        switch purpose {
        case .fulfil:
            return units == 0 ? "Nothing chosen" : count
        case .refund:
            let amount = order.refundAmount(returning: refundLines, shipping: refundedShipping) ?? 0
            let money = "\(order.currency.plainText(amount)) \(order.currency.code)"
            if units == 0 { return refundsShipping ? "Shipping only: \(money)" : "Nothing chosen" }
            return "\(count): \(money)"
        }
    }

    /// Refunding: the shipping and restock choices in words ("Shipping 4.90 USD: refunded   Restock: no");
    /// nil when fulfilling.
    public var optionsText: String? {
        guard purpose == .refund else { return nil }
        let left = order.refundableShipping
        let shipping = left > 0
            ? "Shipping \(order.currency.plainText(left)) \(order.currency.code): \(refundsShipping ? "refunded" : "kept")"
            : "No shipping left to refund"
        return "\(shipping)   Restock: \(restock ? "yes" : "no")"
    }
}
