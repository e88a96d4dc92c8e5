import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import Testing

/// The one rule every store follows for what a change tells the order's shop (`ShopFacts.change`),
/// from the entries the change writes (its workflow state before and after) and the operator's shipment.
@Suite("Shop facts of a change")
struct ShopFactsTests {
    static let created = Date(timeIntervalSince1970: 1_790_000_000)

    /// A paid order of 2 mugs and 3 cups, nothing sent.
    static func paid() -> Order {
        var order = Order(id: OrderID(7), number: "#1007", source: "eu", customerName: "Ana Lima", email: "ana@example.pt",
                          country: "PT", currency: .eur,
                          items: [LineItem(sku: "MUG-1", title: "Mug", quantity: 2, unitPrice: 14),
                                  LineItem(sku: "", title: "Cup", quantity: 3, unitPrice: 8)],
                          createdAt: created, status: .processing)
        order.payment = .paid
        return order
    }

    func change(_ order: inout Order, _ mutations: [OrderMutation]) throws -> ShopOutboxChange {
        let entries = try order.applyRecordingUndo(mutations, actor: "ana", at: Self.created)
        return ShopFacts.change(of: order, entries: entries, mutations: mutations)
    }

    @Test func aShipmentOfChosenLinesIsTheirUnitsWithTrackingCarrierAndNotify() throws {
        var order = Self.paid()
        let shipped = try change(&order, [.fulfilLines(Shipment(lines: [ShipmentLine(line: 1, quantity: 2)], trackingNumber: "CTT-1",
                                                                carrier: "CTT", notifyCustomer: true))])
        #expect(shipped == ShopOutboxChange(facts: [.shipment([ShopFact.Line(line: 1, quantity: 2, sku: "", title: "Cup")],
                                                               trackingNumber: "CTT-1", carrier: "CTT", notifyCustomer: true,
                                                               completesOrder: false)], withdrawnVersion: nil))
        // The rest by a move to shipped: every unit left (2 mugs, 1 cup), no carrier, not notified, complete.
        let rest = try change(&order, [.setStatus(.shipped)])
        #expect(rest == ShopOutboxChange(facts: [.shipment([ShopFact.Line(line: 0, quantity: 2, sku: "MUG-1", title: "Mug"),
                                                            ShopFact.Line(line: 1, quantity: 1, sku: "", title: "Cup")],
                                                           trackingNumber: nil, carrier: nil, notifyCustomer: false,
                                                           completesOrder: true)], withdrawnVersion: nil))
    }

    @Test func aCancellationCarriesItsReasonAndFlagsAndAssigneesTellNothing() throws {
        var order = Self.paid()
        #expect(try change(&order, [.setFlagged(true), .setAssignee("rui")]).isEmpty)
        let cancelled = try change(&order, [.setStatus(.cancelled), .setCancelReason("out of stock")])
        #expect(cancelled == ShopOutboxChange(facts: [.cancellation(reason: "out of stock")], withdrawnVersion: nil))
    }

    @Test func aRefundIsItsMoneyLinesAndRestockAndAnUndoTellsTheShopNothing() throws {
        var order = Self.paid()
        order.shipping = 5
        // 2 mugs at 14.00 and 3 cups at 8.00, shipping 5.00: 57.00 paid. One cup back, restocked, then the shipping.
        let refund = Refund(id: order.nextRefundID, createdAt: Self.created, reason: "chipped", amount: 13, lines: [RefundLine(line: 1, quantity: 1)],
                            shipping: 0, restock: true)
        let refunded = try change(&order, [.refund(refund)])
        let fact = ShopFact(kind: .refund, lines: [ShopFact.Line(line: 1, quantity: 1, sku: "", title: "Cup")], trackingNumber: nil,
                            carrier: nil, notifyCustomer: false, completesOrder: false, reason: "chipped", refundID: "R1",
                            amount: "13.00", shipping: "0.00", currency: "EUR", restock: true)
        #expect(refunded == ShopOutboxChange(facts: [fact], withdrawnVersion: nil))
        #expect(fact.summary == "refund R1 of 13.00 EUR: 1 × line 2 (chipped)")
        #expect(fact.storedText == """
            {"amount":"13.00","completesOrder":false,"currency":"EUR","kind":"refund",\
            "lines":[{"line":1,"quantity":1,"sku":"","title":"Cup"}],"notifyCustomer":false,"reason":"chipped",\
            "refundID":"R1","restock":true,"shipping":"0.00"}
            """)
        #expect(ShopFact(storedText: fact.storedText) == fact)
        // Money only, with shipping: no lines, the shipping named.
        let late = Refund(id: order.nextRefundID, createdAt: Self.created, amount: 5, shipping: 5)
        #expect(try change(&order, [.refund(late)]).facts.map(\.summary) == ["refund R2 of 5.00 EUR: shipping 5.00"])
        // Nothing takes money back from a shop: an undo of a refund already sent tells it nothing (one not
        // yet sent is withdrawn: ShopPushTests.aRefundUndoneBeforeItIsSentIsNeverSentAndOneSentStaysInTheShop).
        #expect(ShopFacts.undoing([fact]).isEmpty)
    }

    @Test func aRulesHoldSendsTheWordsAfterItsOnHoldAsTheReason() throws {
        var order = Self.paid()
        // What a rule's hold writes (RuleBook): the hold and the note "On hold: high risk" in one change.
        let held = try change(&order, [.setFulfillment(.onHold), .addNote(RuleBook.holdNotePrefix + "high risk")])
        #expect(held == ShopOutboxChange(facts: [.hold(reason: "high risk")], withdrawnVersion: nil))
        #expect(ShopFacts.holdReason(inNote: "waiting for stock") == "waiting for stock")
    }

    @Test func tagsAddedAndRemovedAreAFactEachAndEachNoteIsOne() throws {
        var order = Self.paid()
        order.tags = ["gift"]
        // "gift" is there already and "  " is blank: neither is an entry, so neither is told.
        let tagged = try change(&order, [.addTag("vip"), .addTag("gift"), .addTag("  "), .addTag("fragile"), .removeTag("gift"),
                                         .addNote("called"), .addNote("left a message")])
        #expect(tagged == ShopOutboxChange(facts: [.tags(added: true, ["vip", "fragile"]), .tags(added: false, ["gift"]),
                                                   .note("called"), .note("left a message")], withdrawnVersion: nil))
    }

    @Test func aHoldCarriesTheNoteOfItsChangeAsItsReasonAndLeavingHoldIsARelease() throws {
        var order = Self.paid()
        let held = try change(&order, [.setFulfillment(.onHold), .addNote("address check"), .addNote("asked the customer")])
        // The first note is the hold's reason; a second is a note of its own.
        #expect(held == ShopOutboxChange(facts: [.hold(reason: "address check"), .note("asked the customer")], withdrawnVersion: nil))
        #expect(try change(&order, [.setFulfillment(.unfulfilled)]) == ShopOutboxChange(facts: [.release], withdrawnVersion: nil))
        #expect(try change(&order, [.setFulfillment(.onHold)]) == ShopOutboxChange(facts: [.hold(reason: nil)], withdrawnVersion: nil))
        // Cancelled while held: the cancellation, not a release (the shop's cancel closes the held work).
        let cancelled = try change(&order, [.setStatus(.cancelled)])
        #expect(cancelled.facts.contains(.release) == false)
        #expect(cancelled.facts.last == .cancellation(reason: nil))
    }

    @Test func undoingTellsTheOppositeOfWhatTheShopMayHaveLastFirst() {
        #expect(ShopFacts.undoing([.hold(reason: "x"), .tags(added: true, ["vip"]), .note("n"), .cancellation(reason: nil),
                                   .tags(added: false, ["gift"]), .release])
                == [.hold(reason: nil), .tags(added: true, ["gift"]), .tags(added: false, ["vip"]), .release])
    }

    @Test func anUndoTellsNothingAndWithdrawsTheFactsOfTheVersionItTookBack() {
        let undo = AuditEntry(orderID: OrderID(7), at: Self.created, actor: "ana", field: AuditEntry.undoField, oldValue: nil,
                              newValue: AuditEntry.undoText(of: 4))
        #expect(ShopFacts.change(of: Self.paid(), entries: [undo], mutations: [.undoChange(version: 4)])
                == ShopOutboxChange(facts: [], withdrawnVersion: 4))
    }
}
