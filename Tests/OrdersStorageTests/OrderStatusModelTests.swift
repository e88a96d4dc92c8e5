import Foundation
@testable import OrdersCore
import OrdersTestSupport
import Testing

/// Payment and fulfilment apart, each with its table, and the triage state derived from them.
@Suite("Two statuses and the derived triage state")
struct OrderStatusModelTests {
    static let created = Date(timeIntervalSince1970: 1_790_000_000)
    static let later = created.addingTimeInterval(3_600)

    static func order(_ status: OrderStatus = .pending) -> Order {
        Order(id: OrderID(1), customerName: "Ida", email: "ida@example.com", country: "DK", currency: .eur,
              items: [LineItem(sku: "S", title: "Stool", quantity: 1, unitPrice: 100)], createdAt: created, status: status)
    }

    @Test func paymentTableIsExactlyThis() {
        let table = Dictionary(uniqueKeysWithValues: PaymentStatus.allCases.map { ($0.rawValue, $0.allowedNextStatuses.map(\.rawValue)) })
        #expect(table == [
            "pending": ["authorized", "partially_paid", "paid", "voided", "failed"],
            "authorized": ["partially_paid", "paid", "voided", "failed"],
            "partially_paid": ["paid", "partially_refunded", "refunded"],
            "paid": ["partially_refunded", "refunded"],
            "partially_refunded": ["partially_refunded", "refunded"],
            "refunded": [], "voided": [], "failed": ["pending", "voided"],
        ])
    }

    @Test func fulfillmentTableIsExactlyThis() {
        let table = Dictionary(uniqueKeysWithValues: FulfillmentStatus.allCases.map { ($0.rawValue, $0.allowedNextStatuses.map(\.rawValue)) })
        #expect(table == [
            "unfulfilled": ["partially_fulfilled", "fulfilled", "on_hold"],
            "partially_fulfilled": ["fulfilled", "on_hold", "returned"],
            "fulfilled": ["returned"], "on_hold": ["unfulfilled", "partially_fulfilled"], "returned": [],
        ])
    }

    /// Every payment move, allowed or not, through `Order.apply`: allowed ones change the payment
    /// and leave one audit entry; the others are refused and change nothing.
    @Test(arguments: PaymentStatus.allCases)
    func everyPaymentMoveIsAppliedOrRefused(_ from: PaymentStatus) throws {
        for to in PaymentStatus.allCases {
            var order = Self.order()
            order.payment = from
            let before = order
            if from.canTransition(to: to) {
                let entries = try order.apply([.setPayment(to)], actor: "mia", at: Self.later)
                #expect(entries == [AuditEntry(orderID: OrderID(1), at: Self.later, actor: "mia", field: "payment",
                                               oldValue: from.rawValue, newValue: to.rawValue)])
                #expect(order.payment == to)
                #expect(order.version == 2)
                #expect(order.cancelledAt == (to == .voided ? Self.later : nil))
            } else {
                #expect(throws: StateTransitionError(orderID: OrderID(1), field: "payment", from: from.rawValue, to: to.rawValue,
                                                     allowed: from.allowedNextStatuses.map(\.rawValue))) {
                    _ = try order.apply([.setPayment(to)], actor: "mia", at: Self.later)
                }
                #expect(order == before)
            }
        }
    }

    @Test(arguments: FulfillmentStatus.allCases)
    func everyFulfillmentMoveIsAppliedOrRefused(_ from: FulfillmentStatus) throws {
        for to in FulfillmentStatus.allCases {
            var order = Self.order()
            order.fulfillment = from
            let before = order
            if from.canTransition(to: to), to == .partiallyFulfilled {
                // Partly sent is what lines give, never a status set: with nothing sent it is refused.
                #expect(throws: FulfilmentError(number: "ORD-0000001", reason: "its lines give unfulfilled: choose the lines that were sent")) {
                    _ = try order.apply([.setFulfillment(to)], actor: "mia", at: Self.later)
                }
                #expect(order == before)
            } else if from.canTransition(to: to) {
                let entries = try order.apply([.setFulfillment(to)], actor: "mia", at: Self.later)
                var expected = [AuditEntry(orderID: OrderID(1), at: Self.later, actor: "mia", field: "fulfillment",
                                           oldValue: from.rawValue, newValue: to.rawValue)]
                // Everything sent says which units it sent (the order's one unit of S), as a shipment does.
                if to == .fulfilled {
                    expected.append(AuditEntry(orderID: OrderID(1), at: Self.later, actor: "mia", field: "fulfilled_lines",
                                               oldValue: nil, newValue: "1 × S"))
                }
                #expect(entries == expected)
                #expect(order.fulfillment == to)
            } else {
                #expect(throws: StateTransitionError.self) { _ = try order.apply([.setFulfillment(to)], actor: "mia", at: Self.later) }
                #expect(order == before)
            }
        }
    }

    @Test func refusalsReadAsSentences() {
        #expect(StateTransitionError(orderID: OrderID(1), field: "payment", from: "refunded", to: "paid", allowed: []).description
                == "ORD-0000001: cannot change payment from refunded to paid: refunded is final")
        #expect(StateTransitionError(orderID: OrderID(1), field: "fulfillment", from: "fulfilled", to: "on_hold", allowed: ["returned"]).description
                == "ORD-0000001: cannot change fulfillment from fulfilled to on_hold: from fulfilled it can only become returned")
    }

    /// The triage state of every combination of payment and fulfilment (not cancelled, not closed).
    @Test func triageOfEveryCombination() {
        var table: [String: [String]] = [:]
        for payment in PaymentStatus.allCases {
            table[payment.rawValue] = FulfillmentStatus.allCases.map {
                Order.triage(payment: payment, fulfillment: $0, cancelledAt: nil, isClosed: false).rawValue
            }
        }
        // Columns: unfulfilled, partially_fulfilled, fulfilled, on_hold, returned.
        #expect(table == [
            "pending": ["pending", "processing", "shipped", "processing", "shipped"],
            "authorized": ["processing", "processing", "shipped", "processing", "shipped"],
            "partially_paid": ["pending", "processing", "shipped", "processing", "shipped"],
            "paid": ["processing", "processing", "shipped", "processing", "shipped"],
            "partially_refunded": ["processing", "processing", "shipped", "processing", "shipped"],
            "refunded": ["refunded", "refunded", "refunded", "refunded", "refunded"],
            "voided": ["cancelled", "cancelled", "cancelled", "cancelled", "cancelled"],
            "failed": ["pending", "processing", "shipped", "processing", "shipped"],
        ])
        #expect(Order.triage(payment: .paid, fulfillment: .fulfilled, cancelledAt: nil, isClosed: true) == .completed)
        #expect(Order.triage(payment: .refunded, fulfillment: .fulfilled, cancelledAt: nil, isClosed: true) == .refunded)
        #expect(Order.triage(payment: .paid, fulfillment: .unfulfilled, cancelledAt: Self.later, isClosed: false) == .cancelled)
    }

    /// Today's statuses map onto payment and fulfilment (the migration's mapping) and back.
    @Test(arguments: OrderStatus.allCases)
    func eachTriageStatusHasItsCanonicalForm(_ status: OrderStatus) {
        let order = Self.order(status)
        let expected: (PaymentStatus, FulfillmentStatus, Bool, Date?) = switch status {
        case .pending: (.pending, .unfulfilled, false, nil)
        case .processing: (.paid, .unfulfilled, false, nil)
        case .shipped: (.paid, .fulfilled, false, nil)
        case .completed: (.paid, .fulfilled, true, nil)
        case .cancelled: (.voided, .unfulfilled, false, Self.created)
        case .refunded: (.refunded, .unfulfilled, false, nil)
        }
        #expect(order.payment == expected.0)
        #expect(order.fulfillment == expected.1)
        #expect(order.isClosed == expected.2)
        #expect(order.cancelledAt == expected.3)
        #expect(order.status == status)
    }

    /// Today's workflow actions (advance, cancel, refund) go through payment and fulfilment; the
    /// audit keeps its one "status" entry, and the detail of a held order is not flattened.
    @Test func workflowActionsMoveTheTwoStatuses() throws {
        var order = Self.order()
        _ = try order.apply([.setStatus(.processing)], actor: "mia", at: Self.later)
        #expect((order.payment, order.fulfillment, order.status) == (.paid, .unfulfilled, .processing))
        _ = try order.apply([.setFulfillment(.onHold)], actor: "mia", at: Self.later)
        #expect(order.status == .processing, "a held paid order still needs fulfilling")
        _ = try order.apply([.setStatus(.shipped)], actor: "mia", at: Self.later)
        #expect((order.payment, order.fulfillment, order.status) == (.paid, .fulfilled, .shipped))
        _ = try order.apply([.setStatus(.completed)], actor: "mia", at: Self.later)
        #expect((order.isClosed, order.status) == (true, .completed))
        // Refunded is the money going back, recorded as a refund of everything outstanding; the order
        // stays closed, as a shop's archived order does when it is refunded.
        let entries = try order.apply([.setStatus(.refunded)], actor: "mia", at: Self.later)
        #expect(entries.map(\.field) == ["refunds", "payment"])
        #expect(order.refunds.map(\.id) == ["R1"] && order.outstanding == 0)
        #expect((order.payment, order.fulfillment, order.isClosed, order.status) == (.refunded, .fulfilled, true, .refunded))

        var cancelled = Self.order()
        _ = try cancelled.apply([.setPayment(.authorized)], actor: "mia", at: Self.later)
        #expect(cancelled.status == .processing)
        _ = try cancelled.apply([.setStatus(.cancelled)], actor: "mia", at: Self.later)
        #expect((cancelled.payment, cancelled.cancelledAt, cancelled.status) == (.voided, Self.later, .cancelled))
        _ = try cancelled.apply([.restoreStatus(.processing)], actor: "mia", at: Self.later)
        #expect((cancelled.payment, cancelled.cancelledAt, cancelled.status) == (.paid, nil, .processing))
    }

    @Test(arguments: StoreKind.allCases)
    func storesKeepBothStatusesAndTheShopsWord(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        var order = Self.order()
        order.payment = .partiallyRefunded
        order.fulfillment = .partiallyFulfilled
        order.sourceStatus = "on-hold"
        order.cancelReason = "customer asked"
        order.cancelledAt = Self.later
        order.isClosed = true
        try await fixture.store.insert([order])
        #expect(try await fixture.store.order(OrderID(1)) == order)
        let updated = try await fixture.store.update(OrderID(1), expectedVersion: 1, mutations: [.setFulfillment(.returned)], actor: "mia")
        #expect(updated.fulfillment == .returned)
        #expect(try await fixture.store.order(OrderID(1)) == updated)
        #expect(try await fixture.store.history(of: OrderID(1)).map(\.field) == ["fulfillment"])
    }
}
