import Foundation
import Testing
@testable import OrdersCore

/// The quantity sent per line: shipments of chosen lines with tracking numbers, the one rule that
/// gives the fulfilment status from the lines, fulfil-all filling every line, and exact undo.
@Suite("Line fulfilment")
struct LineFulfilmentTests {
    static let created = Date(timeIntervalSince1970: 1_790_000_000)
    static let later = created.addingTimeInterval(3_600)

    /// A paid €403.70 order: 2 mugs (MUG-1), 1 lamp (LAMP-2) and a gift card without a SKU.
    static func paidOrder() -> Order {
        var order = Order(
            id: OrderID(7), number: "#1001", source: "shopify", customerName: "Aoife Wood", email: "aoife@example.ie",
            country: "IE", currency: .eur,
            items: [LineItem(sku: "MUG-1", title: "Mug", quantity: 2, unitPrice: Decimal(string: "45.05")!),
                    LineItem(sku: "LAMP-2", title: "Lamp", quantity: 1, unitPrice: 299),
                    LineItem(sku: "", title: "Gift card", quantity: 1, unitPrice: 10)],
            createdAt: created, status: .processing)
        order.payment = .paid
        return order
    }

    static func entry(_ field: String, _ old: String?, _ new: String?) -> AuditEntry {
        AuditEntry(orderID: OrderID(7), at: later, actor: "mia", field: field, oldValue: old, newValue: new)
    }

    @Test func theFulfilmentTheLinesGive() {
        func items(_ sent: [Int]) -> [LineItem] {
            zip([2, 1], sent).map { LineItem(sku: "S", title: "T", quantity: $0, unitPrice: 1, fulfilledQuantity: $1) }
        }
        func given(_ items: [LineItem], refunding refunded: [RefundLine] = []) -> FulfillmentStatus {
            var order = Self.paidOrder()
            order.items = items
            if !refunded.isEmpty { order.refunds = [Refund(id: "R1", createdAt: Self.later, amount: 1, lines: refunded)] }
            return order.linesFulfillment
        }
        #expect(given(items([0, 0])) == .unfulfilled)
        #expect(given(items([1, 0])) == .partiallyFulfilled)
        #expect(given(items([2, 0])) == .partiallyFulfilled)
        #expect(given(items([2, 1])) == .fulfilled)
        #expect(given([]) == .unfulfilled)
        // A unit refunded before it was sent is not left to send: the rest sent is everything.
        #expect(given(items([1, 1]), refunding: [RefundLine(line: 0, quantity: 1)]) == .fulfilled)
        #expect(given(items([1, 0]), refunding: [RefundLine(line: 0, quantity: 1)]) == .partiallyFulfilled)
        // Refunded before anything was sent: nothing sent, so still unfulfilled (the payment says refunded).
        #expect(given(items([0, 0]), refunding: [RefundLine(line: 0, quantity: 2), RefundLine(line: 1, quantity: 1)]) == .unfulfilled)
        #expect(Order.assumedFulfilledQuantity(of: 3, fulfillment: .fulfilled) == 3)
        #expect(Order.assumedFulfilledQuantity(of: 3, fulfillment: .returned) == 3)
        #expect(Order.assumedFulfilledQuantity(of: 3, fulfillment: .partiallyFulfilled) == 0)
        #expect(Order.assumedFulfilledQuantity(of: 3, fulfillment: .onHold) == 0)
    }

    @Test func oneLineWithATrackingNumberPartlyFulfilsAndIsAudited() throws {
        var order = Self.paidOrder()
        let shipment = Shipment(lines: [ShipmentLine(line: 0, quantity: 1)], trackingNumber: "1Z999AA1")
        let entries = try order.apply([.fulfilLines(shipment)], actor: "mia", at: Self.later)
        #expect(entries == [
            Self.entry("fulfilled_lines", nil, "1 × MUG-1; tracking 1Z999AA1"),
            Self.entry("fulfillment", "unfulfilled", "partially_fulfilled"),
        ])
        var expected = Self.paidOrder()
        expected.items[0].fulfilledQuantity = 1
        expected.trackingNumbers = ["1Z999AA1"]
        expected.fulfillment = .partiallyFulfilled
        expected.updatedAt = Self.later
        expected.version = 2
        #expect(order == expected)
        #expect(order.status == .processing)
        #expect(order.remainingShipment == Shipment(lines: [ShipmentLine(line: 0, quantity: 1), ShipmentLine(line: 1, quantity: 1),
                                                            ShipmentLine(line: 2, quantity: 1)]))
    }

    @Test func theRemainingLinesFulfilTheOrderWithoutATrackingNumber() throws {
        var order = Self.paidOrder()
        _ = try order.apply([.fulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 1)], trackingNumber: "A1"))],
                            actor: "mia", at: Self.later)
        let rest = order.remainingShipment
        let entries = try order.apply([.fulfilLines(rest)], actor: "mia", at: Self.later)
        #expect(entries == [
            Self.entry("fulfilled_lines", nil, "1 × MUG-1, 1 × LAMP-2, 1 × line 3"),
            Self.entry("fulfillment", "partially_fulfilled", "fulfilled"),
        ])
        #expect(order.items.map(\.fulfilledQuantity) == [2, 1, 1])
        #expect(order.trackingNumbers == ["A1"])
        #expect((order.fulfillment, order.status, order.version) == (.fulfilled, .shipped, 3))
        #expect(order.remainingShipment.lines.isEmpty)
    }

    @Test func undoTakesBackExactlyTheLinesTheStatusAndTheTrackingNumber() throws {
        var order = Self.paidOrder()
        order.trackingNumbers = ["OLD-1"]
        let before = order
        let shipment = Shipment(lines: [ShipmentLine(line: 1, quantity: 1), ShipmentLine(line: 0, quantity: 2)], trackingNumber: "NEW-2")
        _ = try order.apply([.fulfilLines(shipment)], actor: "mia", at: Self.later)
        #expect((order.items.map(\.fulfilledQuantity), order.trackingNumbers, order.fulfillment) == ([2, 1, 0], ["OLD-1", "NEW-2"], .partiallyFulfilled))
        let entries = try order.apply([.unfulfilLines(shipment), .restoreFulfillment(.unfulfilled)], actor: "mia", at: Self.later)
        #expect(entries == [
            Self.entry("fulfilled_lines", "1 × LAMP-2, 2 × MUG-1; tracking NEW-2", nil),
            Self.entry("fulfillment", "partially_fulfilled", "unfulfilled (undo)"),
        ])
        var expected = before
        expected.updatedAt = Self.later
        expected.version = 3
        #expect(order == expected)
    }

    @Test func refusalsChangeNothingAndSayWhy() throws {
        let order = Self.paidOrder()
        func refusal(_ shipment: Shipment, on order: Order = Self.paidOrder()) -> String? {
            var copy = order
            do {
                _ = try copy.apply([.fulfilLines(shipment)], actor: "mia", at: Self.later)
                return nil
            } catch let error as FulfilmentError {
                #expect(copy == order)
                return error.description
            } catch {
                return "unexpected \(error)"
            }
        }
        #expect(refusal(Shipment(lines: [ShipmentLine(line: 0, quantity: 3)]))
                == "#1001: cannot fulfil: 3 × MUG-1 cannot be sent: 2 bought, 0 already sent, so at most 2")
        #expect(refusal(Shipment(lines: [ShipmentLine(line: 2, quantity: 2)]))
                == "#1001: cannot fulfil: 2 × line 3 cannot be sent: 1 bought, 0 already sent, so at most 1")
        #expect(refusal(Shipment(lines: [ShipmentLine(line: 3, quantity: 1)])) == "#1001: cannot fulfil: the order has no line 4 (it has 3)")
        #expect(refusal(Shipment(lines: [ShipmentLine(line: 0, quantity: 0)])) == "#1001: cannot fulfil: sends 0 of MUG-1; at least 1")
        #expect(refusal(Shipment(lines: [ShipmentLine(line: 0, quantity: 1), ShipmentLine(line: 0, quantity: 1)]))
                == "#1001: cannot fulfil: MUG-1 is chosen twice")
        #expect(refusal(Shipment(lines: [])) == "#1001: cannot fulfil: no lines were chosen")
        #expect(refusal(Shipment(lines: [ShipmentLine(line: 0, quantity: 1)], trackingNumber: "  "))
                == "#1001: cannot fulfil: the tracking number is empty")
        #expect(refusal(Shipment(lines: [ShipmentLine(line: 0, quantity: 1)], trackingNumber: "1Z\n99"))
                == "#1001: cannot fulfil: the tracking number must be one line without control characters")
        var cancelled = order
        _ = try cancelled.apply([.setStatus(.cancelled)], actor: "mia", at: Self.later)
        #expect(refusal(Shipment(lines: [ShipmentLine(line: 0, quantity: 1)]), on: cancelled) == "#1001: cannot fulfil: it is cancelled")
        var held = order
        _ = try held.apply([.setFulfillment(.onHold)], actor: "mia", at: Self.later)
        #expect(refusal(Shipment(lines: [ShipmentLine(line: 0, quantity: 1)]), on: held)
                == "#1001: cannot fulfil: its fulfilment is on hold: release it first")
        var sent = order
        _ = try sent.apply([.fulfilLines(sent.remainingShipment)], actor: "mia", at: Self.later)
        #expect(refusal(Shipment(lines: [ShipmentLine(line: 0, quantity: 1)]), on: sent)
                == "#1001: cannot fulfil: 1 × MUG-1 cannot be sent: 2 bought, 2 already sent, so at most 0")
        var undone = order
        #expect(throws: FulfilmentError(number: "#1001", reason: "1 × MUG-1 are no longer recorded as sent (changed meanwhile)")) {
            _ = try undone.apply([.unfulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 1)]))], actor: "mia", at: Self.later)
        }
    }

    @Test func fulfilAllAndAdvancingToShippedSendEveryLineAndTheirUndoClearsThem() throws {
        var order = Self.paidOrder()
        _ = try order.apply([.setFulfillment(.fulfilled)], actor: "mia", at: Self.later)
        #expect((order.items.map(\.fulfilledQuantity), order.fulfillment) == ([2, 1, 1], .fulfilled))
        _ = try order.apply([.restoreFulfillment(.unfulfilled)], actor: "mia", at: Self.later)
        #expect((order.items.map(\.fulfilledQuantity), order.fulfillment) == ([0, 0, 0], .unfulfilled))

        _ = try order.apply([.setStatus(.shipped)], actor: "mia", at: Self.later)
        #expect((order.items.map(\.fulfilledQuantity), order.fulfillment) == ([2, 1, 1], .fulfilled))
        _ = try order.apply([.restoreStatus(.processing), .restorePayment(.paid), .restoreFulfillment(.unfulfilled)], actor: "mia", at: Self.later)
        #expect((order.items.map(\.fulfilledQuantity), order.fulfillment, order.status) == ([0, 0, 0], .unfulfilled, .processing))

        // Holding and releasing keep what was sent.
        _ = try order.apply([.fulfilLines(Shipment(lines: [ShipmentLine(line: 1, quantity: 1)]))], actor: "mia", at: Self.later)
        _ = try order.apply([.setFulfillment(.onHold)], actor: "mia", at: Self.later)
        _ = try order.apply([.setFulfillment(.unfulfilled)], actor: "mia", at: Self.later)
        #expect(order.items.map(\.fulfilledQuantity) == [0, 1, 0])
    }

    @Test func aFulfilledQuantityOutsideZeroToTheQuantityIsRefusedByValidation() {
        var order = Self.paidOrder()
        order.items[0].fulfilledQuantity = 3
        order.items[1].fulfilledQuantity = -1
        #expect(order.validationIssues() == [
            OrderValidationIssue(field: "items[0].fulfilled_quantity", problem: "must be between 0 and the quantity (2), got 3"),
            OrderValidationIssue(field: "items[1].fulfilled_quantity", problem: "must be between 0 and the quantity (1), got -1"),
        ])
        #expect(!order.isPlainlyValid)
        order.items[0].fulfilledQuantity = 2
        order.items[1].fulfilledQuantity = 0
        #expect(order.validationIssues().isEmpty)
    }
}
