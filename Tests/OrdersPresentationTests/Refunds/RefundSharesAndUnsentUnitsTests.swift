import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
import Testing

/// Issue 27's reproductions that live in the order's rules, each as it was found, and the allocation
/// of discount and tax to refunded lines with its figures worked out by hand.
@Suite("Refunds carry their line's tax and discount; refunded units are never sent")
struct RefundSharesAndUnsentUnitsTests {
    static let created = Date(timeIntervalSince1970: 1_790_000_000)
    static let later = created.addingTimeInterval(3_600)

    static func order(_ currency: Currency, _ items: [LineItem], discount: Decimal = 0, tax: Decimal = 0,
                      shipping: Decimal = 0, taxesIncluded: Bool = false) -> Order {
        var order = Order(id: OrderID(4994), customerName: "渡辺 翼", email: "tsubasa@example.jp", country: "JP", currency: currency,
                          items: items, discount: discount, shipping: shipping, tax: tax, taxesIncluded: taxesIncluded,
                          createdAt: created, status: .processing)
        order.payment = .paid
        return order
    }

    /// ORD-0004994 of the demo: one rain jacket, 28,400 JPY and 2,840 JPY of tax.
    static func rainJacket() -> Order {
        order(.jpy, [LineItem(sku: "JK-RAIN-M", title: "Waterproof Rain Jacket, M", quantity: 1, unitPrice: 28_400)], tax: 2_840)
    }

    @Test("refunding the only line gives back its tax too: nothing stays outstanding")
    func aLineIsRefundedWithItsTax() throws {
        var order = Self.rainJacket()
        let refund = order.refund(returning: [RefundLine(line: 0, quantity: 1)], at: Self.later, reason: nil, restock: true)
        #expect(refund.amount == 31_240, "28,400 + 2,840 of tax")
        _ = try order.apply([.refund(refund)], actor: "mia", at: Self.later)
        #expect(order.refunded == 31_240)
        #expect(order.outstanding == 0)
        #expect(order.payment == .refunded)
        #expect(order.status == .refunded)
    }

    @Test("a unit refunded before it was sent cannot be sent: fulfil says why and changes nothing")
    func aRefundedUnitIsNeverSent() throws {
        var order = Self.rainJacket()
        let refund = order.refund(returning: [RefundLine(line: 0, quantity: 1)], at: Self.later, reason: nil, restock: true)
        _ = try order.apply([.refund(refund)], actor: "mia", at: Self.later)
        let refunded = order
        #expect(order.remainingShipment.lines.isEmpty)
        #expect(order.unitsLeftToSend(ofLine: 0) == 0)
        #expect(order.refundedBeforeSending(ofLine: 0) == 1)
        #expect(order.nothingLeftToSendReason == "nothing is left to send: every unit is sent or was refunded before sending")
        #expect(throws: FulfilmentError(number: "ORD-0004994", reason: "1 × JK-RAIN-M cannot be sent: 1 bought, 0 already sent, "
                                        + "1 refunded before sending, so at most 0")) {
            try order.apply([.fulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 1)]))], actor: "mia", at: Self.later)
        }
        #expect(throws: FulfilmentError(number: "ORD-0004994", reason: "nothing is left to send: every unit is sent or was refunded before sending")) {
            try order.apply([.setFulfillment(.fulfilled)], actor: "mia", at: Self.later)
        }
        #expect(order == refunded)
        #expect(order.items[0].fulfilledQuantity == 0)
        #expect(order.fulfillment == .unfulfilled)
    }

    @Test("the last unsent units refunded: a partly sent order is fulfilled, and the refund's undo makes it partly sent again")
    func refundingTheRestCompletesTheFulfilment() throws {
        var order = Self.order(.eur, [LineItem(sku: "MUG", title: "Mug", quantity: 10, unitPrice: 5, fulfilledQuantity: 7)])
        order.fulfillment = .partiallyFulfilled
        let refund = order.refund(returning: [RefundLine(line: 0, quantity: 3)], at: Self.later, reason: "out of stock", restock: false)
        _ = try order.apply([.refund(refund)], actor: "mia", at: Self.later)
        #expect(order.fulfillment == .fulfilled)
        #expect(order.items[0].fulfilledQuantity == 7)
        #expect(order.status == .shipped)
        _ = try order.apply([.removeRefund(refund.id), .restorePayment(.paid)], actor: "mia", at: Self.later)
        #expect(order.fulfillment == .partiallyFulfilled)
        #expect(order.unitsLeftToSend(ofLine: 0) == 3)
    }

    @Test("advance of a partly sent order, then the list's undo: refused with the reason, never 10 of 10 sent and partly fulfilled")
    func theListsUndoOfAnAdvanceNeverLeavesAnImpossibleOrder() throws {
        var order = Self.order(.eur, [LineItem(sku: "MUG", title: "Mug", quantity: 10, unitPrice: 5, fulfilledQuantity: 7)])
        order.fulfillment = .partiallyFulfilled
        let before = order
        _ = try order.apply([.setStatus(.shipped)], actor: "mia", at: Self.later)
        #expect(order.items[0].fulfilledQuantity == 10)
        #expect(order.fulfillment == .fulfilled)
        let shipped = order
        // What the list's undo asks: the statuses the row had (`MutableOrderFields.mutations(to:)`).
        let undo = MutableOrderFields(order).mutations(to: MutableOrderFields(before), workflow: false)
        #expect(undo == [.restoreStatus(.processing), .restorePayment(.paid), .restoreFulfillment(.partiallyFulfilled)])
        #expect(throws: FulfilmentError(number: "ORD-0004994", reason: "the units sent before everything was sent are not known "
                                        + "line by line, so it stays fulfilled")) {
            try order.apply(undo, actor: "mia", at: Self.later)
        }
        #expect(order == shipped)
    }

    @Test("released, a partly sent order is partly sent again, not unfulfilled with units sent")
    func releaseKeepsWhatWasSent() throws {
        var order = Self.order(.eur, [LineItem(sku: "MUG", title: "Mug", quantity: 10, unitPrice: 5, fulfilledQuantity: 7)])
        order.fulfillment = .partiallyFulfilled
        _ = try order.apply([.setFulfillment(.onHold)], actor: "mia", at: Self.later)
        _ = try order.apply([.setFulfillment(.unfulfilled)], actor: "mia", at: Self.later)
        #expect(order.fulfillment == .partiallyFulfilled)
        #expect(order.items[0].fulfilledQuantity == 7)
    }

    @Test("cancelling a paid order keeps the money taken (refunded apart); an unpaid one is voided")
    func cancellingKeepsMoneyTaken() throws {
        var paid = Self.rainJacket()
        _ = try paid.apply([.setStatus(.cancelled)], actor: "mia", at: Self.later)
        #expect(paid.payment == .paid)
        #expect(paid.status == .cancelled)
        var unpaid = Self.rainJacket()
        unpaid.payment = .pending
        _ = try unpaid.apply([.setStatus(.cancelled)], actor: "mia", at: Self.later)
        #expect(unpaid.payment == .voided)
        #expect(unpaid.status == .cancelled)
    }

    /// EUR: A 3 × 8.33 (24.99), B 1 × 10.00, discount 1.00, tax 6.46 added, shipping 4.95; total 45.40.
    /// Discount by price: A 100 × 2499 / 3499 = 71 rest 1471, B 100 × 1000 / 3499 = 28 rest 2028; one cent
    /// left goes to the larger rest, B: A 71, B 29. Tax by price after discount (2428, 971; 3399):
    /// A 646 × 2428 / 3399 = 461 rest 1549, B 646 × 971 / 3399 = 184 rest 1850; one cent left to B: A 461,
    /// B 185. Line values: A 2499 − 71 + 461 = 2889 (963 a unit), B 1000 − 29 + 185 = 1156.
    @Test("discount and tax spread over lines and units by the largest remainder: every refund together gives back the total")
    func sharesWorkedByHand() throws {
        var order = Self.order(.eur, [LineItem(sku: "A", title: "A", quantity: 3, unitPrice: Decimal(string: "8.33")!),
                                      LineItem(sku: "B", title: "B", quantity: 1, unitPrice: 10)],
                               discount: 1, tax: Decimal(string: "6.46")!, shipping: Decimal(string: "4.95")!)
        #expect(order.total == Decimal(string: "45.40")!)
        #expect(order.lineRefundValues == [LineRefundValue(price: 2499, discount: 71, tax: 461, taxIncluded: false),
                                           LineRefundValue(price: 1000, discount: 29, tax: 185, taxIncluded: false)])
        let amounts: [([RefundLine], Decimal, Decimal)] = [
            ([RefundLine(line: 0, quantity: 2)], 0, Decimal(string: "19.26")!),
            ([RefundLine(line: 0, quantity: 1)], 0, Decimal(string: "9.63")!),
            ([RefundLine(line: 1, quantity: 1)], Decimal(string: "4.95")!, Decimal(string: "16.51")!),
        ]
        for (lines, shipping, expected) in amounts {
            let refund = order.refund(returning: lines, shipping: shipping, at: Self.later, reason: nil, restock: false)
            #expect(refund.amount == expected)
            _ = try order.apply([.refund(refund)], actor: "mia", at: Self.later)
        }
        #expect(order.outstanding == 0)
        #expect(order.payment == .refunded)
    }

    /// JPY 3 × 1,000 with 100 of tax: the line is worth 3,100, 1,033 a unit with 1 yen left over, which the
    /// first unit given back carries: 1,034, then 2 units 2,066.
    @Test("a line's value spread over its units: the first unit given back carries the minor unit left over")
    func unitsCarryTheRemainderFirst() throws {
        var order = Self.order(.jpy, [LineItem(sku: "T", title: "Tea", quantity: 3, unitPrice: 1_000)], tax: 100)
        let first = order.refund(returning: [RefundLine(line: 0, quantity: 1)], at: Self.later, reason: nil, restock: false)
        #expect(first.amount == 1_034)
        _ = try order.apply([.refund(first)], actor: "mia", at: Self.later)
        #expect(order.refundAmount(returning: [RefundLine(line: 0, quantity: 2)]) == 2_066)
        // Both parts of one refund of the same line count the units before them.
        var fresh = Self.order(.jpy, [LineItem(sku: "T", title: "Tea", quantity: 3, unitPrice: 1_000)], tax: 100)
        #expect(fresh.refundAmount(returning: [RefundLine(line: 0, quantity: 1), RefundLine(line: 0, quantity: 2)]) == 3_100)
        fresh.taxesIncluded = true
        #expect(fresh.refundAmount(returning: [RefundLine(line: 0, quantity: 1)]) == 1_000, "tax inside the price is not added again")
    }

    @Test("shares: exact, proportional, the earliest first among equal remainders, even without weights")
    func proportionalShares() {
        #expect(ProportionalShares.split(100, by: [2499, 1000]) == [71, 29])
        #expect(ProportionalShares.split(10, by: [1, 1, 1]) == [4, 3, 3])
        #expect(ProportionalShares.split(5, by: [0, 0]) == [3, 2])
        #expect(ProportionalShares.split(0, by: [7, 3]) == [0, 0])
        #expect(ProportionalShares.split(-1, by: [1]) == nil)
        #expect(ProportionalShares.split(Int64.max / 2, by: [Int64.max / 2, Int64.max / 2]) == [Int64.max / 4 + 1, Int64.max / 4])
        #expect(ProportionalShares.units(0, count: 3, of: 3, sharing: 3_100) == 3_100)
        #expect(ProportionalShares.units(1, count: 1, of: 3, sharing: 3_101) == 1_034)
        #expect(ProportionalShares.units(2, count: 1, of: 3, sharing: 3_101) == 1_033)
    }
}
