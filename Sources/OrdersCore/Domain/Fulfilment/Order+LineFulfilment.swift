/// What the lines' fulfilled quantities mean for an order: the one home of the rule that gives the
/// fulfilment status from the lines, of the units still to send, and of the rules a shipment of chosen
/// lines must keep.
///
/// A refund takes the units not yet sent first: a unit refunded before it was sent can never be sent
/// (the shop has given its money back), and units refunded beyond those are sent units coming back. So
/// a line's units still to send are bought − sent − refunded, never below 0, whatever the order of its
/// shipments and refunds.
extension Order {
    /// The fulfilment status the lines give: nothing sent → unfulfilled; something sent and nothing left
    /// to send (every unit sent or refunded before sending) → fulfilled; anything between → partially
    /// fulfilled. An order without lines counts as unfulfilled.
    public var linesFulfillment: FulfillmentStatus {
        guard items.contains(where: { $0.fulfilledQuantity > 0 }) else { return .unfulfilled }
        return items.indices.allSatisfy { unitsLeftToSend(ofLine: $0) == 0 } ? .fulfilled : .partiallyFulfilled
    }

    /// Whether the order holds its lines, so that the rules between lines and fulfilment can be judged.
    /// A list row has none (the index keeps no lines): the store judges the whole order when it writes.
    /// A real order without lines is a cancelled one (marketplaces cancel with quantity 0), and nothing
    /// about sending is asked of it.
    package var holdsLines: Bool { !items.isEmpty }

    /// Whether some units are sent and others not (still to send, or refunded before sending): then the
    /// lines show their sent units, as the fulfilment status alone does not say which.
    public var isPartlySent: Bool {
        items.contains { $0.fulfilledQuantity > 0 } && items.contains { $0.fulfilledQuantity < $0.quantity }
    }

    /// Why fulfilling everything remaining sends nothing, in words (when `remainingShipment` is empty).
    public var nothingLeftToSendReason: String {
        items.indices.contains { refundedBeforeSending(ofLine: $0) > 0 }
            ? "nothing is left to send: every unit is sent or was refunded before sending"
            : "every line is already sent"
    }

    /// The units of the line at `index` that may still be sent: bought − sent − refunded, never below 0.
    public func unitsLeftToSend(ofLine index: Int) -> Int {
        guard items.indices.contains(index) else { return 0 }
        return max(items[index].unfulfilledQuantity - returnedQuantity(ofLine: index), 0)
    }

    /// The units of the line at `index` refunded before they were sent (which can never be sent).
    public func refundedBeforeSending(ofLine index: Int) -> Int {
        guard items.indices.contains(index) else { return 0 }
        return min(returnedQuantity(ofLine: index), items[index].unfulfilledQuantity)
    }

    /// What was sent of a line when nothing says so line by line (a file or database from before lines
    /// had a sent quantity, a shop that states none): all of it when the whole order was sent (and
    /// possibly returned), none otherwise; a partially fulfilled order keeps its status with lines at none.
    public static func assumedFulfilledQuantity(of quantity: Int, fulfillment: FulfillmentStatus) -> Int {
        fulfillment.isShipped ? quantity : 0
    }

    /// Every unit still to send, line by line: what fulfilling "everything remaining" sends.
    public var remainingShipment: Shipment {
        Shipment(lines: items.indices.compactMap { index in
            let left = unitsLeftToSend(ofLine: index)
            return left > 0 ? ShipmentLine(line: index, quantity: left) : nil
        })
    }

    /// Records a shipment: adds its units to the lines' fulfilled quantities, appends its tracking
    /// number, and moves the fulfilment to what the lines now give through the fulfilment's
    /// transition table. Throws, changing nothing, when a rule is broken. Returns the fulfilment before.
    @discardableResult
    mutating func recordShipment(_ shipment: Shipment) throws(FulfilmentError) -> FulfillmentStatus {
        if let problem = shipmentProblem(shipment) { throw FulfilmentError(number: number, reason: problem) }
        var sent = self
        for line in shipment.lines { sent.items[line.line].fulfilledQuantity += line.quantity }
        let next = sent.linesFulfillment
        guard next == fulfillment || fulfillment.canTransition(to: next) else {
            throw FulfilmentError(number: number, reason: "its fulfilment is \(fulfillment) and can only become "
                + fulfillment.allowedNextStatuses.map(\.rawValue).joined(separator: " or "))
        }
        let before = fulfillment
        items = sent.items
        if let tracking = shipment.trackingNumber { trackingNumbers.append(tracking) }
        fulfillment = next
        return before
    }

    /// Takes a shipment back (undo): subtracts its units from the lines and removes the last
    /// tracking number equal to its own, leaving the fulfilment status to the caller, who knows what
    /// it was before. Throws, changing nothing, when the lines no longer hold those units.
    mutating func removeShipment(_ shipment: Shipment) throws(FulfilmentError) {
        var lines = items
        for line in shipment.lines {
            guard lines.indices.contains(line.line), line.quantity > 0, lines[line.line].fulfilledQuantity >= line.quantity else {
                throw FulfilmentError(number: number, reason: "\(line.quantity) × \(Order.lineName(items, at: line.line)) "
                                      + "are no longer recorded as sent (changed meanwhile)")
            }
            lines[line.line].fulfilledQuantity -= line.quantity
        }
        items = lines
        if let tracking = shipment.trackingNumber, let index = trackingNumbers.lastIndex(of: tracking) {
            trackingNumbers.remove(at: index)
        }
    }

    /// Sets every line's fulfilled quantity to follow a fulfilment status set directly rather than
    /// by a shipment: everything sent when the order becomes fulfilled (fulfil all, a workflow move
    /// to shipped), nothing sent when an undo puts it back to unfulfilled; releasing a hold or a
    /// workflow move back (`undoing` false) keeps what was sent. Other statuses say nothing about
    /// which lines were sent, so the lines stay as they are.
    mutating func alignLines(to status: FulfillmentStatus? = nil, undoing: Bool) {
        switch status ?? fulfillment {
        case .fulfilled:
            // Everything still to send: a unit refunded before it was sent stays unsent.
            for index in items.indices { items[index].fulfilledQuantity += unitsLeftToSend(ofLine: index) }
        case .unfulfilled where undoing:
            for index in items.indices { items[index].fulfilledQuantity = 0 }
        default:
            break
        }
    }

    /// Why a shipment cannot be recorded, in words; nil when it can.
    private func shipmentProblem(_ shipment: Shipment) -> String? {
        if cancelledAt != nil || payment == .voided { return "it is cancelled" }
        // The table would let a held order become partially fulfilled; a hold means nothing leaves.
        if fulfillment == .onHold { return "its fulfilment is on hold: release it first" }
        if shipment.lines.isEmpty { return "no lines were chosen" }
        if let tracking = shipment.trackingNumber {
            if Order.isBlank(tracking) { return "the tracking number is empty" }
            if tracking.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                return "the tracking number must be one line without control characters"
            }
        }
        if let carrier = shipment.carrier {
            if Order.isBlank(carrier) { return "the carrier is empty" }
            if carrier.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                return "the carrier must be one line without control characters"
            }
        }
        var seen: Set<Int> = []
        for line in shipment.lines {
            guard items.indices.contains(line.line) else { return "the order has no line \(line.line + 1) (it has \(items.count))" }
            let name = Order.lineName(items, at: line.line)
            guard seen.insert(line.line).inserted else { return "\(name) is chosen twice" }
            let left = unitsLeftToSend(ofLine: line.line)
            guard line.quantity >= 1 else { return "sends \(line.quantity) of \(name); at least 1" }
            if line.quantity > left {
                let refunded = refundedBeforeSending(ofLine: line.line)
                return "\(line.quantity) × \(name) cannot be sent: \(items[line.line].quantity) bought, "
                    + "\(items[line.line].fulfilledQuantity) already sent"
                    + (refunded > 0 ? ", \(refunded) refunded before sending" : "") + ", so at most \(left)"
            }
        }
        return nil
    }
}
