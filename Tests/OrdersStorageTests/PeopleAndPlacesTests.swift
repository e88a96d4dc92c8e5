import Foundation
@testable import OrdersCore
import OrdersTestSupport
import Testing

/// People and places: a customer with a phone and perhaps no email, a customer key, both addresses
/// with every line, methods, tracking numbers, risk, the customer's own note, note attributes and times.
@Suite("People and places")
struct PeopleAndPlacesTests {
    static let created = Date(timeIntervalSince1970: 1_790_000_000)

    static func posOrder() -> Order {
        var order = Order(id: OrderID(3), number: "POS-17", source: "shopify", customerName: "Walk-in", email: "",
                          country: "PL", currency: Currency.named("PLN")!,  // in the ISO table
                          items: [LineItem(sku: "GC-100", title: "Gift card", quantity: 1, unitPrice: 100)], createdAt: created)
        order.phone = "+48 600 100 200"
        order.customerKey = "cust-5"
        order.shippingAddress = PostalAddress(name: "Jan Kowalski", company: "Kowalski sp. z o.o.", lines: ["ul. Długa 5", "lok. 3"],
                                              city: "Kraków", postcode: "31-147", region: "Małopolskie", country: "PL",
                                              phone: "+48 600 100 200")
        order.billingAddress = PostalAddress(lines: ["ul. Krótka 1"], city: "Kraków", country: "PL")
        order.shippingMethod = "InPost Paczkomat"
        order.trackingNumbers = ["6200000000000000000001", "X2"]
        order.paymentMethod = "BLIK"
        order.riskLevel = .medium
        order.customerNote = "Proszę zadzwonić\nprzed dostawą"
        order.noteAttributes = [NoteAttribute(key: "gift-message", value: "Wszystkiego najlepszego"), NoteAttribute(key: "x", value: "")]
        order.paidAt = created.addingTimeInterval(60)
        order.fulfilledAt = created.addingTimeInterval(120)
        return order
    }

    /// Marketplaces give no buyer's email and often no phone: the order's number and name are enough.
    @Test func anEmailIsOptionalButOneGivenMustBePlausible() {
        var order = Self.posOrder()
        #expect(order.validationIssues() == [])
        order.phone = nil
        #expect(order.validationIssues() == [])
        order.phone = "+48 1"
        order.email = "nope"
        #expect(order.validationIssues() == [OrderValidationIssue(field: "email", problem: "\"nope\" is not a plausible email address")])
    }

    @Test func addressLinesAreSingleNonEmptyLines() {
        var order = Self.posOrder()
        order.billingAddress?.lines = ["a\nb", ""]
        #expect(order.validationIssues() == [
            OrderValidationIssue(field: "billing_address.lines", problem: "each line must be one line of text, not empty"),
        ])
    }

    @Test(arguments: StoreKind.allCases)
    func storesKeepPeopleAndPlaces(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        var bare = Self.posOrder()
        bare.id = OrderID(4)
        bare.number = "POS-18"
        bare.email = "jan@example.pl"
        bare.phone = nil
        bare.shippingAddress = nil
        bare.billingAddress = PostalAddress()
        bare.trackingNumbers = []
        bare.noteAttributes = []
        bare.riskLevel = nil
        try await fixture.store.insert([Self.posOrder(), bare])
        #expect(try await fixture.store.order(OrderID(3)) == Self.posOrder())
        #expect(try await fixture.store.order(OrderID(4)) == bare)
        let updated = try await fixture.store.update(OrderID(3), expectedVersion: 1, mutations: [.setFlagged(true)], actor: "mia")
        #expect(try await fixture.secondHandle().order(OrderID(3)) == updated)
        #expect(updated.shippingAddress == Self.posOrder().shippingAddress)
    }
}
