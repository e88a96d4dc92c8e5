import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Demo data in the shop model (issue 12): among the orders a new user's database starts with, every
/// kind of payment, fulfilment and refund, other currencies, addresses, phones, codes, fees,
/// tracking, risk, notes, attributes and returning customers; all of it consistent and stored whole.
@Suite("Demo data in the shop model")
struct DemoShopModelTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    /// What the app seeds a new database with.
    static let firstRun = DemoDataGenerator(seed: OrderDatabase.demoSeed, now: now).orders(count: 5_000)

    @Test func aNewUserSeesEveryKindOfOrder() {
        let orders = Self.firstRun
        func count(_ rule: (Order) -> Bool) -> Int { orders.filter(rule).count }
        let partlyRefunded = orders.filter { $0.payment == .partiallyRefunded }
        #expect(partlyRefunded.count >= 50)
        #expect(partlyRefunded.allSatisfy { $0.refunds.count == 1 && $0.refunds[0].reason != nil && !$0.refunds[0].lines.isEmpty })
        let refunded = orders.filter { $0.payment == .refunded }
        #expect(refunded.count >= 50)
        #expect(refunded.allSatisfy { $0.refunds.count == 1 && $0.refunded == $0.total && $0.outstanding == 0 })
        // Open orders are few among them (most are old and done): a couple of each kind.
        #expect(count { $0.payment == .authorized } >= 2)
        #expect(count { $0.payment == .partiallyPaid } >= 2)
        #expect(count { $0.payment == .failed } >= 2)
        #expect(count { $0.fulfillment == .onHold } >= 2)
        #expect(count { $0.fulfillment == .partiallyFulfilled } >= 2)
        let cancelled = orders.filter { $0.status == .cancelled }
        #expect(!cancelled.isEmpty && cancelled.allSatisfy { $0.cancelledAt != nil && $0.cancelReason != nil })
        let otherCurrency = orders.filter { $0.shopCurrency != nil }
        #expect(otherCurrency.count >= 500)
        #expect(otherCurrency.allSatisfy { $0.shopCurrency == .usd && $0.currency != .usd && $0.shopTotal != nil && $0.exchangeRate != nil })
        #expect(orders.allSatisfy { $0.shippingAddress?.city != nil && $0.shippingAddress?.postcode != nil })
        #expect(count { $0.billingAddress != nil && $0.billingAddress != $0.shippingAddress } >= 300)
        #expect(count { $0.phone != nil } > 2_500)
        #expect(orders.allSatisfy { $0.discount == 0 ? $0.discountCodes.isEmpty : $0.discountCodes.count == 1 })
        #expect(count { !$0.adjustments.isEmpty } >= 50)
        #expect(orders.filter { $0.fulfillment == .fulfilled }.allSatisfy { $0.trackingNumbers.count == 1 && $0.fulfilledAt != nil })
        #expect(count { $0.riskLevel == .high } >= 50)
        #expect(count { $0.customerNote?.contains("\n") == true } >= 10)
        #expect(count { !$0.noteAttributes.isEmpty } >= 50)
        let byCustomer = Dictionary(grouping: orders, by: { $0.customerKey ?? "" })
        #expect(byCustomer[""] == nil)
        #expect(byCustomer.values.filter { $0.count > 1 }.count >= 100)
    }

    @Test func aReturningCustomerIsTheSamePersonOnEveryOrder() {
        for (key, orders) in Dictionary(grouping: Self.firstRun, by: { $0.customerKey ?? "" }) where orders.count > 1 {
            let people = Set(orders.map { [$0.customerName, $0.email, $0.phone ?? "", $0.country, $0.shippingAddress?.city ?? ""] })
            #expect(people.count == 1, "\(key)")
        }
    }

    @Test func paymentAndRefundsAgree() {
        for order in Self.firstRun {
            #expect(order.validationIssues() == [], "\(order.id)")
            switch order.payment {
            case .refunded: #expect(order.refunded == order.total || order.total == 0, "\(order.id)")
            case .partiallyRefunded: #expect(order.refunded > 0 && order.refunded < order.total, "\(order.id)")
            default: #expect(order.refunds.isEmpty, "\(order.id)")
            }
            for time in [order.paidAt, order.fulfilledAt, order.cancelledAt] + order.refunds.map(\.createdAt) {
                if let time { #expect(time >= order.createdAt && time <= order.updatedAt, "\(order.id)") }
            }
        }
    }

    /// The load `orders demo` does (one transaction over batches) keeps every field: the stored orders
    /// export to exactly the JSON of the generator's.
    @Test func theBulkLoadStoresEveryField() async throws {
        let fixture = try StoreFixture(.sqlite)
        let store = try #require(fixture.store as? SQLiteOrderStore)
        let generator = DemoDataGenerator(seed: OrderDatabase.demoSeed, now: Self.now)
        try await store.insertAllOrNothing { insert in
            try await generator.populate(count: 1_500, batchSize: 600, insert: insert)
        }
        var stored = ""
        _ = try await OrderExporter.export(store, format: .json) { stored += $0 }
        var exporter = OrderExporter(format: .json)
        let generated = exporter.prologue() + exporter.text(for: generator.orders(count: 1_500)) + exporter.epilogue()
        #expect(stored == generated)
        #expect(stored.contains("\"payment_status\": \"partially_refunded\"") && stored.contains("\"billing_address\": {"))
    }

    /// Pins the shop details of one seed's first orders, so a change to them is made on purpose.
    @Test func pinnedShopDetailsForSeed42() {
        let orders = DemoDataGenerator(seed: 42, now: Self.now).orders(count: 6)
        let summary = orders.map { order in
            [order.number, order.customerKey ?? "-", order.payment.rawValue, order.fulfillment.rawValue, order.phone ?? "-",
             order.shippingAddress.map { ($0.lines + [$0.postcode ?? "", $0.city ?? ""]).joined(separator: ", ") } ?? "-",
             order.riskLevel?.rawValue ?? "-", order.trackingNumbers.joined(separator: " "),
             order.shopTotal.map { "\($0) \(order.shopCurrency?.code ?? "")" } ?? "-"].joined(separator: " | ")
        }
        #expect(summary == [
            "ORD-0000001 | C0000001 | paid | fulfilled | +1 695 5207038 | 82 Oak Avenue, Unit 12, 78701, Austin | low | 9400474283857 | -",
            "ORD-0000002 | C0000002 | paid | fulfilled | +81 389 7890906 | 神南2-5-166, 150-0041, 渋谷区 | low | JP265859337 | 598.85 USD",
            "ORD-0000003 | C0000003 | paid | fulfilled | +33 336 7634979 | 30 rue de Rivoli, c/o Reception, 75001, Paris | medium | 6A326301762 | -",
            "ORD-0000004 | C0000004 | paid | fulfilled | - | 23 avenue Jean Jaurès, Apt 4, 69002, Lyon | low | CB548594811 | -",
            "ORD-0000005 | C0000005 | paid | fulfilled | +44 110 2207503 | 18 High Street, SW1A 1AA, London | low | RM794362627 | -",
            "ORD-0000006 | C0000006 | refunded | fulfilled | +1 880 6674728 | 37 Maple Drive, 11215, Brooklyn | low | 1Z389778084 | -",
        ])
    }
}
