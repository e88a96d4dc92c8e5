import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Money arithmetic never traps: amounts, quantities and their products outside
/// `MoneyLimits` are refused with the field named, and sums of many large totals add up.
@Suite("Money limits")
struct MoneyLimitsTests {
    static let created = Date(millisecondsSince1970: 1_772_357_400_000)

    static func order(_ number: Int = 7, items: [LineItem], discount: Decimal = 0, shipping: Decimal = 0, tax: Decimal = 0,
                      currency: Currency = .eur) -> Order {
        Order(id: OrderID(number), customerName: "Zoë Ngọc", email: "zoe@example.com", country: "FR", currency: currency,
              items: items, discount: discount, shipping: shipping, tax: tax, createdAt: created)
    }

    static func item(_ price: String, quantity: Int = 1) -> LineItem {
        LineItem(sku: "A-1", title: "Thing", quantity: quantity, unitPrice: Decimal(string: price)!)
    }

    /// Each order breaks the range in one way and gets exactly these issues.
    static let cases: [(String, Order, [String])] = [
        ("price of 10^15", order(items: [item("1000000000000000")]),
         ["items[0].unit_price: is 1000000000000000, above the largest amount orders can hold (1000000000000)"]),
        ("price of 922337203685477 twice", order(items: [item("922337203685477", quantity: 2)]),
         ["items[0].unit_price: is 922337203685477, above the largest amount orders can hold (1000000000000)"]),
        ("Int64.max as shipping", order(items: [item("1")], shipping: Decimal(string: "9223372036854775807")!),
         ["shipping: is 9223372036854775807, above the largest amount orders can hold (1000000000000)"]),
        ("Int64.max as discount", order(items: [item("1")], discount: Decimal(string: "9223372036854775807")!),
         ["discount: is 9223372036854775807, above the largest amount orders can hold (1000000000000)"]),
        ("line total above the maximum", order(items: [item("600000000000", quantity: 2)]),
         ["items[0].unit_price: × quantity 2 comes to 1200000000000, above the largest amount orders can hold (1000000000000)"]),
        ("quantity above the maximum", order(items: [item("1", quantity: 1_000_001)]),
         ["items[0].quantity: is 1000001, above the largest quantity orders can hold (1000000)"]),
        ("Int.max quantity", order(items: [item("1", quantity: .max)]),
         ["items[0].quantity: is 9223372036854775807, above the largest quantity orders can hold (1000000)"]),
        ("lines within range, sum above", order(items: [item("999999999999"), item("999999999999")]),
         ["total: is 1999999999998, above the largest amount orders can hold (1000000000000)"]),
        ("tax pushes the total over", order(items: [item("1000000000000")], tax: 1),
         ["total: is 1000000000001, above the largest amount orders can hold (1000000000000)"]),
    ]

    @Test(arguments: cases.map(\.0))
    func outOfRangeIsAnIssueNamingTheField(_ name: String) throws {
        let (_, order, expected) = try #require(Self.cases.first { $0.0 == name })
        #expect(order.validationIssues().map(\.description) == expected)
    }

    @Test func theMaximumItselfIsAccepted() {
        let yen = Self.order(items: [Self.item("1000000000000")], currency: .jpy)
        let euro = Self.order(items: [Self.item("999999999999.99"), Self.item("0.01")])
        let units = Self.order(items: [Self.item("1", quantity: MoneyLimits.maximumQuantity)])
        #expect(yen.validationIssues() == [])
        #expect(euro.validationIssues() == [])
        #expect(euro.total == MoneyLimits.maximumAmount)
        #expect(units.validationIssues() == [])
    }

    @Test func itemCountSaturatesInsteadOfTrapping() {
        let order = Self.order(items: [Self.item("1", quantity: .max), Self.item("1", quantity: 2)])
        #expect(order.itemCount == .max)
        #expect(order.total == Decimal(Int.max) + 2)
    }

    @Test(arguments: StoreKind.allCases)
    func storesRefuseOutOfRangeOrdersAndWriteNothing(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let good = Self.order(1, items: [Self.item("10")])
        for (name, bad, expected) in Self.cases {
            var bad = bad
            bad.id = OrderID(2)
            do {
                try await fixture.store.insert([good, bad])
                Issue.record("\(name): accepted")
            } catch let OrderStoreError.invalidOrder(id, issues) {
                #expect(id == OrderID(2))
                #expect(issues.map(\.description) == expected, "\(name)")
            }
            do {
                try await fixture.store.upsert([bad], actor: "test")
                Issue.record("\(name): upsert accepted")
            } catch let OrderStoreError.invalidOrder(id, _) {
                #expect(id == OrderID(2))
            }
            #expect(try await fixture.store.order(OrderID(1)) == nil, "\(name)")
        }
    }

    @Test func storeRowConversionRefusesInsteadOfTrapping() {
        // The row conversion runs after validation; on its own it still must not trap
        // on the orders whose 64-bit arithmetic would overflow.
        let overflowing = ["price of 10^15", "price of 922337203685477 twice", "Int64.max as shipping", "Int64.max as discount",
                           "Int.max quantity"]
        for (name, order, _) in Self.cases where overflowing.contains(name) {
            #expect(throws: OrderStoreError.self, "\(name)") { try OrderRows.Money(order) }
        }
    }

    @Test func sumsOfManyHugeTotalsAddUpExactly() {
        // 3,000 orders at the maximum overflow a 64-bit sum of 1/10 000ths (3·10¹⁹);
        // a few out-of-range totals (built directly, never stored) take the exact path.
        var orders = (1...3_000).map { Self.order($0, items: [Self.item("1000000000000")], currency: .usd) }
        orders += (3_001...3_010).map { Self.order($0, items: [Self.item("922337203685477", quantity: 2)], currency: .usd) }
        orders += (3_011...3_020).map { Self.order($0, items: [Self.item("1000000000000")], currency: .jpy) }
        let index = OrderIndex(orders)
        let tally = index.tally(of: SlotSet(capacity: index.count, full: true), statusMask: .all, flaggedOnly: false,
                                highValueAbove: nil)
        #expect(tally.totalsByCurrency == [
            "USD": Decimal(string: "3000000000000000")! + Decimal(string: "18446744073709540")!,
            "JPY": Decimal(string: "10000000000000")!,
        ])
        let high = index.tally(of: SlotSet(capacity: index.count, full: true), statusMask: .all, flaggedOnly: false,
                               highValueAbove: Decimal(string: "1000000000000")!)
        #expect(high.totalsByCurrency == ["USD": Decimal(string: "18446744073709540")!])
    }
}
