import Foundation
import TerminalText

extension OrderDetailModel {
    /// The line chooser for fulfilling this order as shown: every line with units still to send,
    /// each preset to all of them. Nil, with the order's own reason in `errorMessage`, when nothing
    /// can be sent (every line sent, the order cancelled or on hold) or no order is loaded.
    public func chooseLinesToFulfil() -> LineChooser? {
        guard let order else { return nil }
        var check = order
        do {
            _ = try check.apply([.fulfilLines(order.remainingShipment)], actor: environment.actor, at: environment.now())
        } catch {
            errorMessage = "fulfil: " + (order.remainingShipment.lines.isEmpty
                ? order.nothingLeftToSendReason : TerminalText.neutralized(OrderAction.refusal(error)))
            return nil
        }
        errorMessage = nil
        return LineChooser(fulfilling: order)
    }

    /// Why the order's rules refuse the chooser's shipment on the order as shown, in words; nil when
    /// they take it (then `fulfil` records it).
    public func refusal(of chooser: LineChooser, trackingNumber: String) -> String? {
        guard var check = order else { return "the order is no longer loaded" }
        do {
            _ = try check.apply([.fulfilLines(chooser.shipment(trackingNumber: trackingNumber))], actor: environment.actor,
                                at: environment.now())
            return nil
        } catch {
            return TerminalText.neutralized(OrderAction.refusal(error))
        }
    }

    /// Records the chooser's shipment on the version it was made from (undoable like any action).
    public func fulfil(_ chooser: LineChooser, trackingNumber: String) {
        perform(.fulfilLines(chooser.shipment(trackingNumber: trackingNumber)), seenVersion: chooser.version)
    }
}
