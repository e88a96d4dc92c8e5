import Foundation
import TerminalText

/// Which lines of an order, and how many units of each, an action takes: the lines still to send
/// for a fulfilment, each preset to all that is left. A value the app keeps in its dialog; the
/// order's own rules (`Order+LineFulfilment`) judge the shipment it makes when confirmed.
public struct LineChooser: Hashable, Sendable {
    public private(set) var choices: [LineChoice]
    /// The highlighted line, which the quantity keys change.
    public private(set) var selected: Int
    /// The order and the version the choices were made from: a change arriving meanwhile is refused.
    public let orderID: OrderID
    public let version: Int
    /// The order's number, safe for the terminal, for the dialog's title.
    public let numberText: String

    /// The lines of `order` with units not yet sent, each preset to all of them; nil when every
    /// line is sent already.
    public init?(fulfilling order: Order) {
        let choices = order.remainingShipment.lines.map { line in
            LineChoice(line: line.line, name: TerminalText.neutralized(Order.lineName(order.items, at: line.line)),
                       title: TerminalText.neutralized(order.items[line.line].title), limit: line.quantity, quantity: line.quantity)
        }
        guard !choices.isEmpty else { return nil }
        self.choices = choices
        selected = 0
        orderID = order.id
        version = order.version
        numberText = TerminalText.neutralized(order.number)
    }

    /// The dialog's title.
    public var title: String { "Fulfil lines of \(numberText)" }

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

    /// The shipment the choices make, with `trackingNumber` unless it is blank (then none); its
    /// lines are empty when every line is skipped, which the order's rules refuse with the reason.
    public func shipment(trackingNumber: String) -> Shipment {
        let tracking = trackingNumber.trimmingCharacters(in: .whitespaces).isEmpty ? nil : trackingNumber
        return Shipment(lines: choices.filter { $0.quantity > 0 }.map { ShipmentLine(line: $0.line, quantity: $0.quantity) },
                        trackingNumber: tracking)
    }

    /// "3 units of 2 lines chosen", for the dialog's summary line.
    public var summaryText: String {
        let units = choices.reduce(0) { $0 + $1.quantity }
        let lines = choices.filter { $0.quantity > 0 }.count
        return units == 0 ? "Nothing chosen" : "\(units) unit\(units == 1 ? "" : "s") of \(lines) line\(lines == 1 ? "" : "s") chosen"
    }
}
