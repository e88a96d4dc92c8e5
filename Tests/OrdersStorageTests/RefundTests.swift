import Foundation
@testable import OrdersCore
import OrdersTestSupport
import Testing

/// Refunds as records: by lines and quantities or by amount, never more than was paid or bought,
/// moving the payment through its table, audited, and kept by every store.
@Suite("Refunds")
struct RefundTests {

    /// A paid €403.70 order: 2 mugs at 45.05, 1 lamp at 299.00, shipping 14.60, no tax.
    static func paidOrder() -> Order {
        var order = Order(
            id: OrderID(7), number: "#1001", source: "shopify", customerName: "Aoife Wood", email: "aoife@example.ie",
            country: "IE", currency: .eur,
            items: [LineItem(sku: "MUG-1", title: "Mug", quantity: 2, unitPrice: Decimal(string: "45.05")!),
                    LineItem(sku: "LAMP-2", title: "Lamp", quantity: 1, unitPrice: 299)],
            shipping: Decimal(string: "14.60")!, createdAt: OrderFixtures.now, status: .processing)
        order.payment = .paid
        return order
    }

    @Test func aPartialRefundByLinesRecordsItMovesThePaymentAndIsAudited() throws {
        var order = Self.paidOrder()
        #expect(order.total == Decimal(string: "403.70")!)
        let lines = [RefundLine(line: 0, quantity: 1)]
        let amount = try #require(order.refundAmount(returning: lines, shipping: Decimal(string: "4.60")!))
        #expect(amount == Decimal(string: "49.65")!)
        let refund = Refund(id: order.nextRefundID, createdAt: OrderFixtures.anHourLater, reason: "chipped", amount: amount, lines: lines,
                            shipping: Decimal(string: "4.60")!, restock: true)
        let entries = try order.apply([.refund(refund)], actor: "mia", at: OrderFixtures.anHourLater)
        #expect(entries == [
            AuditEntry(orderID: OrderID(7), at: OrderFixtures.anHourLater, actor: "mia", field: "refunds", oldValue: nil,
                       newValue: "R1 49.65 EUR: 1 × line 1, shipping 4.60, restocked (chipped)"),
            AuditEntry(orderID: OrderID(7), at: OrderFixtures.anHourLater, actor: "mia", field: "payment", oldValue: "paid", newValue: "partially_refunded"),
        ])
        var expected = Self.paidOrder()
        expected.refunds = [refund]
        expected.payment = .partiallyRefunded
        expected.updatedAt = OrderFixtures.anHourLater
        expected.version = 2
        #expect(order == expected)
        #expect((order.refunded, order.outstanding) == (Decimal(string: "49.65")!, Decimal(string: "354.05")!))
        #expect(order.returnedQuantity(ofLine: 0) == 1)
        #expect(order.status == .processing, "a partly refunded order still needs fulfilling")
        #expect(order.nextRefundID == "R2")
    }

    @Test func aPartialRefundByAmountThenTheRestRefundsTheOrder() throws {
        var order = Self.paidOrder()
        let first = Refund(id: "R1", createdAt: OrderFixtures.anHourLater, reason: "late delivery", amount: 189)
        _ = try order.apply([.refund(first)], actor: "mia", at: OrderFixtures.anHourLater)
        #expect((order.payment, order.refunded, order.outstanding) == (.partiallyRefunded, 189, Decimal(string: "214.70")!))
        let rest = Refund(id: "R2", createdAt: OrderFixtures.anHourLater, amount: Decimal(string: "214.70")!)
        let entries = try order.apply([.refund(rest)], actor: "mia", at: OrderFixtures.anHourLater)
        #expect(entries.map(\.field) == ["refunds", "payment"])
        #expect(entries[1].oldValue == "partially_refunded" && entries[1].newValue == "refunded")
        #expect((order.payment, order.status, order.refunded, order.outstanding) == (.refunded, .refunded, Decimal(string: "403.70")!, 0))
        #expect(order.refunds == [first, rest])
    }

    /// (what is refunded after a €189 refund of 1 mug and shipping 4.60, the exact refusal)
    static let refusals: [(Refund, String)] = [
        (Refund(id: "R2", createdAt: OrderFixtures.anHourLater, amount: Decimal(string: "214.71")!),
         "#1001: cannot refund: 214.71 EUR is more than was paid and not yet given back (214.70 of 403.70 EUR)"),
        (Refund(id: "R2", createdAt: OrderFixtures.anHourLater, amount: 90, lines: [RefundLine(line: 0, quantity: 2)]),
         "#1001: cannot refund: 2 × MUG-1 cannot come back: 2 bought, 1 already returned, so at most 1"),
        (Refund(id: "R2", createdAt: OrderFixtures.anHourLater, amount: 10, lines: [RefundLine(line: 2, quantity: 1)]),
         "#1001: cannot refund: the order has no line 3 (it has 2)"),
        (Refund(id: "R2", createdAt: OrderFixtures.anHourLater, amount: 20, shipping: 11),
         "#1001: cannot refund: only 10.00 EUR of shipping is left to give back, not 11.00"),
        (Refund(id: "R1", createdAt: OrderFixtures.anHourLater, amount: 5), "#1001: cannot refund: \"R1\" is already a refund of this order"),
        (Refund(id: "R2", createdAt: OrderFixtures.anHourLater, amount: Decimal(string: "0.001")!), "#1001: cannot refund: has more decimals than EUR allows"),
        (Refund(id: "R2", createdAt: OrderFixtures.anHourLater, amount: 0), "#1001: cannot refund: the amount is zero"),
    ]

    @Test(arguments: refusals.indices)
    func overRefundsAreRefusedAndChangeNothing(_ index: Int) throws {
        var order = Self.paidOrder()
        _ = try order.apply([.refund(Refund(id: "R1", createdAt: OrderFixtures.anHourLater, amount: 189, lines: [RefundLine(line: 0, quantity: 1)],
                                            shipping: Decimal(string: "4.60")!))], actor: "mia", at: OrderFixtures.anHourLater)
        let before = order
        let (refund, message) = Self.refusals[index]
        #expect(throws: RefundError(number: "#1001", reason: String(message.dropFirst("#1001: cannot refund: ".count)))) {
            _ = try order.apply([.refund(refund)], actor: "mia", at: OrderFixtures.anHourLater)
        }
        #expect(order == before)
        #expect("\(RefundError(number: "#1001", reason: String(message.dropFirst("#1001: cannot refund: ".count))))" == message)
    }

    @Test func onlyMoneyThatWasPaidCanBeGivenBack() {
        var order = Self.paidOrder()
        order.payment = .pending
        let before = order
        #expect(throws: RefundError(number: "#1001", reason: "its payment is pending: only money that was paid can be given back")) {
            _ = try order.apply([.refund(Refund(id: "R1", createdAt: OrderFixtures.anHourLater, amount: 10))], actor: "mia", at: OrderFixtures.anHourLater)
        }
        #expect(order == before)
    }

    @Test func storedRefundsThatBreakTheRulesAreRefusedWithTheirField() {
        var order = Self.paidOrder()
        order.refunds = [Refund(id: "1", createdAt: OrderFixtures.anHourLater, amount: 300, lines: [RefundLine(line: 1, quantity: 1)]),
                         Refund(id: "2", createdAt: OrderFixtures.anHourLater, amount: 200, lines: [RefundLine(line: 1, quantity: 1)])]
        #expect(order.validationIssues() == [
            OrderValidationIssue(field: "refunds[1].lines", problem: "1 × LAMP-2 cannot come back: 1 bought, 1 already returned, so at most 0"),
            OrderValidationIssue(field: "refunds[1].amount", problem: "200.00 EUR is more than was paid and not yet given back (103.70 of 403.70 EUR)"),
        ])
    }

    /// The undo of a refund: removing exactly that refund by its id and putting the payment back gives
    /// the order as it was, with both changes audited; a refund that is gone (taken back meanwhile) is refused.
    @Test func removingARefundByItsIDTakesBackExactlyItAndIsRefusedWhenItIsGone() throws {
        var order = Self.paidOrder()
        let first = Refund(id: "R1", createdAt: OrderFixtures.anHourLater, reason: "late delivery", amount: 189)
        let second = Refund(id: "R2", createdAt: OrderFixtures.anHourLater, amount: 10)
        _ = try order.apply([.refund(first), .refund(second)], actor: "mia", at: OrderFixtures.anHourLater)
        let entries = try order.apply([.restorePayment(.partiallyRefunded), .removeRefund("R1")], actor: "mia", at: OrderFixtures.anHourLater)
        #expect(entries == [
            AuditEntry(orderID: OrderID(7), at: OrderFixtures.anHourLater, actor: "mia", field: "refunds",
                       oldValue: "R1 189.00 EUR (late delivery)", newValue: nil),
        ])
        #expect(order.refunds == [second])
        #expect((order.refunded, order.outstanding) == (10, Decimal(string: "393.70")!))
        let before = order
        #expect(throws: RefundError(number: "#1001", reason: "it has no refund R1 (it was taken back meanwhile)")) {
            try order.apply([.restorePayment(.paid), .removeRefund("R1")], actor: "mia", at: OrderFixtures.anHourLater)
        }
        #expect(order == before, "a refused removal changes nothing")
    }

    /// Both stores keep refunds with their lines exactly, audit them, and refuse an over-refund.
    @Test(arguments: StoreKind.allCases)
    func storesKeepRefundsAndTheirHistory(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert([Self.paidOrder()])
        let refund = Refund(id: "R1", createdAt: OrderFixtures.anHourLater, reason: "chipped", amount: Decimal(string: "49.65")!,
                            lines: [RefundLine(line: 0, quantity: 1)], shipping: Decimal(string: "4.60")!, restock: true)
        let updated = try await fixture.store.update(OrderID(7), expectedVersion: 1, mutations: [.refund(refund)], actor: "mia")
        #expect(updated.refunds == [refund])
        #expect(try await fixture.store.order(OrderID(7)) == updated)
        #expect(try await fixture.store.history(of: OrderID(7)).map(\.field) == ["refunds", "payment"])
        await #expect(throws: RefundError.self) {
            _ = try await fixture.store.update(OrderID(7), expectedVersion: 2, mutations: [.refund(
                Refund(id: "R2", createdAt: OrderFixtures.anHourLater, amount: 400))], actor: "mia")
        }
        #expect(try await fixture.store.order(OrderID(7)) == updated)
        let reopened = try fixture.secondHandle()
        #expect(try await reopened.order(OrderID(7)) == updated)
    }
}
