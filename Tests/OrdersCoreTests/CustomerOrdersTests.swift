import Foundation
import Testing
@testable import OrdersCore

/// Who the same customer is, and what their orders are worth to the shop.
@Suite("A customer's orders: the match and the lifetime value")
struct CustomerOrdersTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static func order(_ key: Int, total: Decimal, daysAgo: Double, currency: Currency = .eur) -> Order {
        var order = Order(id: OrderID(key), customerName: "Ana", email: "ana@example.com", country: "DK", currency: currency,
                          items: [LineItem(sku: "S", title: "Item", quantity: 1, unitPrice: total)],
                          createdAt: now.addingTimeInterval(-daysAgo * 86_400))
        order.customerKey = "cust-1"
        return order
    }

    @Test("the key when there is one, else the email with ASCII case ignored")
    func match() {
        var order = Self.order(1, total: 10, daysAgo: 1)
        #expect(CustomerMatch(of: order) == .key("cust-1"))
        order.customerKey = ""
        order.email = "Ana.ÄLIMA@Example.COM"
        #expect(CustomerMatch(of: order) == .email("ana.Älima@example.com"))
        var other = order
        other.email = "ana.Älima@EXAMPLE.com"
        other.customerKey = "someone"
        #expect(CustomerMatch(of: order)?.matches(other) == true, "an email match ignores the other's key")
        other.email = "ana.älima@example.com"
        #expect(CustomerMatch(of: order)?.matches(other) == false)
        order.email = ""
        order.phone = "+45 1234"
        #expect(CustomerMatch(of: order) == nil)
    }

    @Test("count and recent exclude the order looked from; the lifetime value counts every order, net of refunds, cancelled and untaken ones as nothing, per shop currency")
    func summary() throws {
        var current = Self.order(1, total: 100, daysAgo: 0)
        current.payment = .paid
        var refunded = Self.order(2, total: 50, daysAgo: 1)
        refunded.payment = .paid
        _ = try refunded.apply([.refund(Refund(id: "R1", createdAt: Self.now, amount: 20))], actor: "t", at: Self.now)
        var cancelled = Self.order(3, total: 70, daysAgo: 2)
        cancelled.status = .cancelled
        var inDKK = Self.order(4, total: 1_000, daysAgo: 3, currency: Currency.named("DKK")!)
        inDKK.shopCurrency = .eur
        inDKK.shopTotal = Decimal(string: "134.10")!
        inDKK.exchangeRate = Decimal(string: "0.1341")!
        inDKK.payment = .paid
        _ = try inDKK.apply([.refund(Refund(id: "R1", createdAt: Self.now, amount: 100))], actor: "t", at: Self.now)
        var inUSD = Self.order(5, total: 30, daysAgo: 4, currency: .usd)
        inUSD.payment = .paid
        var unpaidInGBP = Self.order(6, total: 500, daysAgo: 5, currency: .gbp)
        unpaidInGBP.payment = .authorized
        let all = [current, refunded, cancelled, inDKK, inUSD, unpaidInGBP]
        let customer = CustomerOrders(of: current, among: all, recentLimit: 3)
        #expect(customer.otherCount == 5)
        #expect(customer.recent.map(\.id) == [OrderID(2), OrderID(3), OrderID(4)])
        // €100 + €(50 − 20) + €0 + €(134.10 − 100 × 0.1341); $30; the authorized £500 not taken yet: nothing.
        #expect(customer.lifetimeValue == [CurrencyAmount(currency: .eur, amount: Decimal(string: "250.69")!),
                                           CurrencyAmount(currency: .usd, amount: 30)])
    }
}
