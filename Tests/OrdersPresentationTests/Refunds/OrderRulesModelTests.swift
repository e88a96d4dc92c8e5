import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersPresentation
import Testing

/// Model-based test of an order's rules: random sequences of what operators do to one whole order
/// (mark paid, send chosen lines, fulfil everything, refund chosen lines or everything left, hold,
/// release, cancel, and undo of the last step as the app computes it), checked after every step
/// against a ledger kept here independently, event by event:
///
/// - per line, units sent, refunded before sending and refunded after sending: the order's sent and
///   refunded units and its units still to send agree with the ledger (a refund takes unsent units first);
/// - a unit refunded before it was sent is never sent: a shipment of more than is left is refused;
/// - refunded money never exceeds the total, and every amount is whole minor units;
/// - the fulfilment status agrees with the lines whenever it is a line state (not on hold, returned);
/// - the payment says refunded exactly when everything was given back;
/// - a refused step changes nothing; an undo puts back every status, line and refund exactly;
/// - giving back every line and the shipping, in any number of refunds, leaves nothing outstanding.
///
/// A failing sequence is shrunk (steps dropped one by one while it still fails) and printed with its seed.
@Suite("Order rules: random sequences of actions against a ledger")
struct OrderRulesModelTests {
    static let sequences = ModelSequences.count(10_000)
    static let stepsPerSequence = 24
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    enum Step: Hashable, CustomStringConvertible {
        case markPaid
        case send(line: Int, units: Int)
        case fulfilAll
        case refund(line: Int, units: Int, shipping: Bool)
        case refundEverythingLeft
        case hold
        case release
        case cancel
        case undo

        var description: String {
            switch self {
            case .markPaid: ".markPaid"
            case .send(let line, let units): ".send(line: \(line), units: \(units))"
            case .fulfilAll: ".fulfilAll"
            case .refund(let line, let units, let shipping): ".refund(line: \(line), units: \(units), shipping: \(shipping))"
            case .refundEverythingLeft: ".refundEverythingLeft"
            case .hold: ".hold"
            case .release: ".release"
            case .cancel: ".cancel"
            case .undo: ".undo"
            }
        }
    }

    /// The ledger of one line, kept by this test from the events alone.
    struct LineLedger: Equatable {
        var bought: Int
        var sent = 0
        var refundedBeforeSending = 0
        var refundedAfterSending = 0
        var leftToSend: Int { bought - sent - refundedBeforeSending }
        var refundable: Int { bought - refundedBeforeSending - refundedAfterSending }
    }

    /// One random order: 1–3 lines, EUR or JPY, a discount, tax (added or included) and shipping.
    static func order(_ random: inout SplitMix64) -> Order {
        let currency: Currency = random.below(2) == 0 ? .eur : .jpy
        let lineCount = 1 + random.below(3)
        let items = (0..<lineCount).map { index in
            LineItem(sku: "SKU-\(index)", title: "Item \(index)", quantity: 1 + random.below(5),
                     unitPrice: currency.amount(minorUnits: Int64(1 + random.below(5_000))))
        }
        var order = Order(id: OrderID(1), number: "#1001", source: "shopify", customerName: "Ada", email: "ada@example.com",
                          country: "DE", currency: currency, items: items, createdAt: start)
        let subtotal = order.subtotalInMinorUnits ?? 0
        order.discount = currency.amount(minorUnits: Int64(random.below(Int(subtotal / 3) + 1)))
        order.tax = currency.amount(minorUnits: Int64(random.below(Int(subtotal / 5) + 1)))
        order.taxesIncluded = random.below(3) == 0
        order.shipping = currency.amount(minorUnits: Int64(random.below(1_000)))
        return order
    }

    static func steps(for order: Order, _ random: inout SplitMix64) -> [Step] {
        (0..<stepsPerSequence).map { _ in
            let line = random.below(order.items.count)
            switch random.below(12) {
            case 0, 1: return .markPaid
            case 2, 3: return .send(line: line, units: 1 + random.below(order.items[line].quantity + 1))
            case 4: return .fulfilAll
            case 5, 6: return .refund(line: line, units: 1 + random.below(order.items[line].quantity + 1), shipping: random.below(3) == 0)
            case 7: return .refundEverythingLeft
            case 8: return .hold
            case 9: return .release
            case 10: return random.below(4) == 0 ? .cancel : .undo
            default: return .undo
            }
        }
    }

    /// What the order and ledger were before a step, for its undo.
    struct Done {
        var before: Order
        var ledger: [LineLedger]
        var undo: [OrderMutation]
    }

    /// Runs `steps` on `order`; returns the first broken invariant, in words, or nil.
    static func run(_ start: Order, _ steps: [Step]) -> String? {
        var order = start
        var ledger = start.items.map { LineLedger(bought: $0.quantity) }
        var done: [Done] = []
        var clock = Self.start
        for (number, step) in steps.enumerated() {
            clock = clock.addingTimeInterval(60)
            let before = order
            let ledgerBefore = ledger
            var mutations: [OrderMutation] = []
            var undo: [OrderMutation] = []
            var mustRefuse: String?
            switch step {
            case .markPaid:
                mutations = [.setPayment(.paid)]
            case .send(let line, let units):
                let shipment = Shipment(lines: [ShipmentLine(line: line, quantity: units)])
                mutations = [.fulfilLines(shipment)]
                undo = [.unfulfilLines(shipment), .restoreFulfillment(order.fulfillment)]
                if units > ledger[line].leftToSend { mustRefuse = "sending \(units) of line \(line) with \(ledger[line].leftToSend) left" }
                if order.fulfillment == .onHold { mustRefuse = "sending while on hold" }
                if order.cancelledAt != nil { mustRefuse = "sending on a cancelled order" }
            case .fulfilAll:
                mutations = [.setFulfillment(.fulfilled)]
            case .refund(let line, let units, let shipping):
                let refund = order.refund(returning: [RefundLine(line: line, quantity: units)],
                                          shipping: shipping ? order.refundableShipping : 0, at: clock, reason: nil, restock: false)
                mutations = [.refund(refund)]
                undo = [.removeRefund(refund.id), .restorePayment(order.payment)]
                if units > ledger[line].refundable { mustRefuse = "refunding \(units) of line \(line) with \(ledger[line].refundable) refundable" }
            case .refundEverythingLeft:
                let lines = order.items.indices.compactMap { index in
                    ledger[index].refundable > 0 ? RefundLine(line: index, quantity: ledger[index].refundable) : nil
                }
                let refund = order.refund(returning: lines, shipping: order.refundableShipping, at: clock, reason: nil, restock: false)
                mutations = [.refund(refund)]
                undo = [.removeRefund(refund.id), .restorePayment(order.payment)]
            case .hold:
                mutations = [.setFulfillment(.onHold)]
            case .release:
                mutations = [.setFulfillment(.unfulfilled)]
            case .cancel:
                mutations = [.setStatus(.cancelled)]
            case .undo:
                guard let last = done.popLast() else { continue }
                do {
                    _ = try order.apply(last.undo, actor: "mia", at: clock)
                } catch {
                    // An undo the order cannot take must say so and change nothing; the app then drops the
                    // order's history (`dropFromHistory`), as the steps before no longer undo exactly.
                    guard order == before else { return "step \(number) \(step): a refused undo changed the order" }
                    done = []
                    continue
                }
                ledger = last.ledger
                if let broken = sameState(order, last.before) { return "step \(number) \(step): the undo did not put back \(broken)" }
                if let broken = check(order, ledger) { return "step \(number) \(step): \(broken)" }
                continue
            }
            do {
                _ = try order.apply(mutations, actor: "mia", at: clock)
            } catch {
                guard order == before else { return "step \(number) \(step): a refused step changed the order" }
                continue
            }
            if let mustRefuse { return "step \(number) \(step): took \(mustRefuse)" }
            // The ledger follows the event, as it happened.
            switch step {
            case .send(let line, let units):
                ledger[line].sent += units
            case .fulfilAll:
                for index in ledger.indices { ledger[index].sent += ledger[index].leftToSend }
            case .refund(let line, let units, _):
                Self.refund(units, of: line, in: &ledger)
            case .refundEverythingLeft:
                for index in ledger.indices { Self.refund(ledger[index].refundable, of: index, in: &ledger) }
            default:
                break
            }
            if undo.isEmpty {
                // As the list computes it: the statuses put back (`MutableOrderFields.mutations(to:)`).
                undo = MutableOrderFields(order).mutations(to: MutableOrderFields(before), workflow: false)
            }
            done.append(Done(before: before, ledger: ledgerBefore, undo: undo))
            if let broken = check(order, ledger) { return "step \(number) \(step): \(broken)" }
        }
        return nil
    }

    /// A refund takes the units not yet sent first.
    static func refund(_ units: Int, of line: Int, in ledger: inout [LineLedger]) {
        let unsent = min(units, ledger[line].leftToSend)
        ledger[line].refundedBeforeSending += unsent
        ledger[line].refundedAfterSending += units - unsent
    }

    /// Every invariant of one state; the first broken, in words, or nil.
    static func check(_ order: Order, _ ledger: [LineLedger]) -> String? {
        for (index, line) in ledger.enumerated() {
            let item = order.items[index]
            if item.fulfilledQuantity != line.sent { return "line \(index) has \(item.fulfilledQuantity) sent, the ledger \(line.sent)" }
            let refunded = line.refundedBeforeSending + line.refundedAfterSending
            if order.returnedQuantity(ofLine: index) != refunded {
                return "line \(index) has \(order.returnedQuantity(ofLine: index)) refunded, the ledger \(refunded)"
            }
            if order.unitsLeftToSend(ofLine: index) != line.leftToSend {
                return "line \(index) has \(order.unitsLeftToSend(ofLine: index)) to send, the ledger \(line.leftToSend)"
            }
        }
        guard let total = order.totalInMinorUnits, let refunded = order.refundedInMinorUnits else {
            return "an amount is not whole minor units"
        }
        if refunded > total { return "refunded \(refunded) of a total of \(total)" }
        switch order.fulfillment {
        case .unfulfilled, .partiallyFulfilled, .fulfilled:
            if order.fulfillment != order.linesFulfillment {
                return "the fulfilment is \(order.fulfillment) but the lines give \(order.linesFulfillment)"
            }
        case .onHold, .returned:
            break
        }
        if !order.refunds.isEmpty {
            let expected: PaymentStatus = refunded == total ? .refunded : .partiallyRefunded
            if order.payment != expected { return "refunded \(refunded) of \(total) but the payment is \(order.payment)" }
        }
        let everythingBack = ledger.allSatisfy { $0.refundable == 0 } && order.refundableShipping == 0
        if everythingBack && order.outstanding != 0 { return "every line and the shipping given back, yet \(order.outstanding) outstanding" }
        return nil
    }

    /// Which of the statuses, lines and refunds differ, or nil.
    static func sameState(_ order: Order, _ before: Order) -> String? {
        if order.payment != before.payment { return "the payment (\(order.payment), was \(before.payment))" }
        if order.fulfillment != before.fulfillment { return "the fulfilment (\(order.fulfillment), was \(before.fulfillment))" }
        if order.status != before.status { return "the status (\(order.status), was \(before.status))" }
        if order.items != before.items { return "the lines" }
        if order.refunds != before.refunds { return "the refunds" }
        return nil
    }

    /// Drops steps one at a time while the sequence still fails: the shortest failing sequence found.
    static func shrink(_ order: Order, _ steps: [Step]) -> [Step] {
        var steps = steps
        var index = 0
        while index < steps.count {
            var shorter = steps
            shorter.remove(at: index)
            if run(order, shorter) != nil { steps = shorter } else { index += 1 }
        }
        return steps
    }

    @Test("10,000 random sequences (or ORDERS_MODEL_SEQUENCES) keep every invariant after every step")
    func randomSequences() {
        for seed in 0..<UInt64(Self.sequences) {
            var random = SplitMix64(seed: seed)
            let order = Self.order(&random)
            let steps = Self.steps(for: order, &random)
            guard Self.run(order, steps) != nil else { continue }
            let shortest = Self.shrink(order, steps)
            Issue.record("""
                seed \(seed): \(Self.run(order, shortest) ?? "")
                order: \(order.currency.code) lines \(order.items.map { "\($0.quantity) × \($0.unitPrice)" }), discount \(order.discount), \
                tax \(order.tax)\(order.taxesIncluded ? " included" : ""), shipping \(order.shipping)
                steps: [\(shortest.map(\.description).joined(separator: ", "))]
                """)
            return
        }
    }
}
