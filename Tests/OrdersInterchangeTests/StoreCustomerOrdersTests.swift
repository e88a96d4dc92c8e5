import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import OrdersTestSupport
import Testing

/// `orders(ofCustomer:)` in every store: the same customer is the same customer key, else the same
/// email with ASCII case ignored (`CustomerMatch`), newest first, ties by the higher key.
@Suite("Store contract: a customer's orders")
struct StoreCustomerOrdersTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static func order(_ key: Int, daysAgo: Double, email: String, customerKey: String? = nil, phone: String? = nil) -> Order {
        var order = Order(id: OrderID(key), number: "#\(key)", source: "shopify", customerName: "Customer \(key)", email: email,
                          country: "DK", currency: .eur, items: [LineItem(sku: "S-\(key)", title: "Item", quantity: 1, unitPrice: 10)],
                          createdAt: now.addingTimeInterval(-daysAgo * 86_400))
        order.customerKey = customerKey
        order.phone = phone
        return order
    }

    static let orders: [Order] = [
        order(1, daysAgo: 3, email: "ana@example.com", customerKey: "cust-1"),
        order(2, daysAgo: 1, email: "ana.lima@work.example", customerKey: "cust-1"),
        order(3, daysAgo: 2, email: "Ana@Example.COM"),
        order(4, daysAgo: 2, email: "ana@example.com", customerKey: "cust-2"),
        order(5, daysAgo: 2, email: "ana@example.com"),
        order(6, daysAgo: 5, email: "ÉVA@example.com"),
        order(7, daysAgo: 5, email: "éva@example.com"),
        order(8, daysAgo: 4, email: "", phone: "+45 12 34 56 78"),
        order(9, daysAgo: 4, email: "", phone: "+45 12 34 56 78"),
        order(10, daysAgo: 6, email: "bob@example.com", customerKey: "CUST-1"),
    ] + DemoDataGenerator(seed: 3, now: now).orders(count: 60).map {
        var order = $0
        order.id = OrderID(order.id.number + 1_000)
        return order
    }

    @Test("exact orders for a key, an email and a non-ASCII email", arguments: StoreKind.allCases)
    func exactOrders(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert(Self.orders)
        func keys(_ match: CustomerMatch) async throws -> [Int] {
            try await fixture.store.orders(ofCustomer: match).map(\.id.number)
        }
        #expect(try await keys(.key("cust-1")) == [2, 1], "the key verbatim: CUST-1 is someone else")
        #expect(try await keys(.email("ana@example.com")) == [5, 4, 3, 1], "newest first, the higher key first on a tie")
        #expect(try await keys(.email("éva@example.com")) == [7], "only ASCII letters' case is ignored")
        #expect(try await keys(.email("nobody@example.com")) == [])
        #expect(CustomerMatch(of: Self.orders[7]) == nil, "no key and no email: no customer to look for")
        // Whole orders, with their child rows, as stored.
        #expect(try await fixture.store.orders(ofCustomer: .key("cust-1")) == [Self.orders[1], Self.orders[0]])
    }

    @Test("every store agrees with CustomerMatch.matches for every order's customer", arguments: StoreKind.allCases)
    func agreesWithTheRule(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert(Self.orders)
        for order in Self.orders {
            guard let match = CustomerMatch(of: order) else { continue }
            let expected = Self.orders.filter(match.matches).sorted(by: CustomerMatch.newestFirst).map(\.id)
            #expect(try await fixture.store.orders(ofCustomer: match).map(\.id) == expected, "\(match)")
        }
    }
}
