import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import Testing

@Suite("Domain rules")
struct DomainRulesTests {
    static let created = Date(millisecondsSince1970: 1_780_000_000_000)

    static func order(_ currency: Currency = .usd, items: [LineItem]? = nil, discount: Decimal = 0,
                      shipping: Decimal = 0, tax: Decimal = 0, status: OrderStatus = .pending) -> Order {
        Order(id: OrderID(7), customerName: "Zoë Ngọc", email: "zoe@example.com", country: "FR", currency: currency,
              items: items ?? [LineItem(sku: "A-1", title: "Thing", quantity: 2, unitPrice: Decimal(string: "10.25")!)],
              discount: discount, shipping: shipping, tax: tax, createdAt: created, status: status)
    }

    // MARK: Status workflow

    static let allowed: Set<[OrderStatus]> = [
        [.pending, .processing], [.pending, .cancelled], [.processing, .shipped], [.processing, .cancelled],
        [.shipped, .completed], [.completed, .refunded],
    ]

    @Test(arguments: OrderStatus.allCases)
    func everyTransitionIsAllowedOrRefusedPerTheTable(_ from: OrderStatus) throws {
        for to in OrderStatus.allCases {
            var order = Self.order(status: from)
            let isAllowed = Self.allowed.contains([from, to])
            #expect(from.canTransition(to: to) == isAllowed, "\(from) → \(to)")
            if isAllowed {
                let entries = try order.apply([.setStatus(to)], actor: "ines", at: Self.created.addingTimeInterval(60))
                #expect(order.status == to)
                #expect(order.version == 2)
                func entry(_ field: String, _ old: String?, _ new: String?) -> AuditEntry {
                    AuditEntry(orderID: OrderID(7), at: Self.created.addingTimeInterval(60), actor: "ines", field: field,
                               oldValue: old, newValue: new)
                }
                switch to {
                case .shipped:
                    // The move sends every unit still to send, and says which, as a shipment does.
                    #expect(entries == [entry("status", from.rawValue, to.rawValue), entry("fulfilled_lines", nil, "2 × A-1")])
                case .refunded:
                    // Refunded is the money going back: a refund of everything outstanding (the order's 20.50 USD).
                    #expect(entries == [entry("refunds", nil, "R1 20.50 USD"), entry("payment", "paid", "refunded")])
                default:
                    #expect(entries == [entry("status", from.rawValue, to.rawValue)])
                }
            } else {
                let before = order
                #expect(throws: StatusTransitionError(orderID: OrderID(7), from: from, to: to)) {
                    try order.apply([.setStatus(to)], actor: "ines", at: Self.created)
                }
                #expect(order == before)
            }
        }
    }

    @Test func refusedTransitionsSayWhichAndWhy() {
        #expect(StatusTransitionError(orderID: OrderID(7), from: .pending, to: .shipped).description
            == "ORD-0000007: cannot change status from pending to shipped: a pending order can only become processing or cancelled")
        #expect(StatusTransitionError(orderID: OrderID(7), from: .cancelled, to: .pending).description
            == "ORD-0000007: cannot change status from cancelled to pending: cancelled is final")
        #expect(StatusTransitionError(orderID: OrderID(7), from: .shipped, to: .shipped).description
            == "ORD-0000007: cannot change status from shipped to shipped: it is already shipped")
        #expect(StatusTransitionError(orderID: OrderID(7), from: .completed, to: .cancelled).reason
            == "a completed order can only become refunded")
    }

    @Test func theNextStepIsTheTablesWayForward() {
        #expect(OrderStatus.allCases.map(\.nextStep) == [.processing, .shipped, .completed, nil, nil, nil])
        for status in OrderStatus.allCases {
            if let next = status.nextStep { #expect(status.canTransition(to: next)) }
        }
    }

    @Test func finalStatusesAreCancelledAndRefunded() {
        #expect(OrderStatus.allCases.filter(\.isFinal) == [.cancelled, .refunded])
    }

    @Test func aRefusedChangeInABatchLeavesTheOrderUntouched() {
        var order = Self.order()
        let before = order
        #expect(throws: StatusTransitionError.self) {
            try order.apply([.setFlagged(true), .setStatus(.completed)], actor: "a", at: Self.created)
        }
        #expect(order == before)
    }

    @Test func everyEffectiveChangeIsAuditedAndNoOpsAreNot() throws {
        var order = Self.order()
        let at = Self.created.addingTimeInterval(5)
        let entries = try order.apply([.setFlagged(true), .addTag("vip"), .addTag("vip"), .setAssignee("chen"),
                                       .addNote("Called the customer"), .setFlagged(true)], actor: "bob", at: at)
        #expect(entries.map(\.field) == ["flagged", "tags", "assignee", "notes"])
        #expect(entries.map(\.newValue) == ["true", "vip", "chen", "Called the customer"])
        #expect(order.version == 2)
        #expect(order.updatedAt == at)
        #expect(order.notes == [OrderNote(createdAt: at, author: "bob", text: "Called the customer")])
        let none = try order.apply([.setFlagged(true), .removeTag("gift")], actor: "bob", at: at.addingTimeInterval(1))
        #expect(none.isEmpty)
        #expect(order.version == 2)
        #expect(order.updatedAt == at)
    }

    @Test func undoRestoresStatusOutsideTheWorkflowAndSaysSo() throws {
        var order = Self.order(status: .cancelled)
        let entries = try order.apply([.restoreStatus(.pending)], actor: "a", at: Self.created)
        #expect(order.status == .pending)
        #expect(entries.first?.newValue == "pending (undo)")
    }

    // MARK: Money

    @Test func moneyArithmeticPerCurrency() {
        let usd = Self.order(.usd, items: [LineItem(sku: "A", title: "a", quantity: 3, unitPrice: Decimal(string: "19.99")!),
                                           LineItem(sku: "B", title: "b", quantity: 1, unitPrice: Decimal(string: "0.01")!)],
                             discount: Decimal(string: "5.00")!, shipping: Decimal(string: "4.99")!, tax: Decimal(string: "11.40")!)
        #expect(usd.subtotal == Decimal(string: "59.98")!)
        #expect(usd.total == Decimal(string: "71.37")!)
        #expect(usd.itemCount == 4)

        let jpy = Self.order(.jpy, items: [LineItem(sku: "A", title: "a", quantity: 2, unitPrice: 1_980)], shipping: 500, tax: 446)
        #expect(jpy.subtotal == 3_960)
        #expect(jpy.total == 4_906)
        #expect(jpy.validationIssues().isEmpty)
    }

    /// The integer fast paths of `subtotal`, `total` and `minorUnits(of:)` agree with plain
    /// Decimal arithmetic, including amounts a currency cannot represent.
    @Test func fastMoneyPathsAgreeWithDecimalArithmetic() {
        var random = SplitMix64(seed: 11)
        let amounts = ["0", "0.01", "19.99", "0.005", "1234.5", "99999999.99", "12.345", "-3.10", "1000000000000.01"]
        for _ in 0..<2_000 {
            let currency = [Currency.usd, .jpy, .eur][random.below(3)]
            let items = (0..<(random.below(4) + 1)).map { _ in
                LineItem(sku: "S", title: "t", quantity: random.below(50) - 5, unitPrice: Decimal(string: amounts[random.below(amounts.count)])!)
            }
            let order = Self.order(currency, items: items, discount: Decimal(string: amounts[random.below(amounts.count)])!,
                                   shipping: Decimal(string: amounts[random.below(4)])!, tax: Decimal(string: amounts[random.below(amounts.count)])!)
            let subtotal = currency.rounded(items.reduce(Decimal(0)) { $0 + $1.unitPrice * Decimal($1.quantity) })
            #expect(order.subtotal == subtotal)
            #expect(order.total == currency.rounded(subtotal - order.discount + order.shipping + order.tax))
            for item in items {
                let scaled = item.unitPrice * Decimal(currency.minorUnitScale)
                let expected: Int64? = currency.isRepresentable(item.unitPrice) ? NSDecimalNumber(decimal: scaled).int64Value : nil
                #expect(currency.minorUnits(of: item.unitPrice) == expected, "\(item.unitPrice) \(currency)")
            }
        }
    }

    @Test func roundingFollowsMinorUnits() {
        #expect(Currency.usd.rounded(Decimal(string: "10.125")!) == Decimal(string: "10.12")!) // banker's: to even
        #expect(Currency.usd.rounded(Decimal(string: "10.135")!) == Decimal(string: "10.14")!)
        #expect(Currency.jpy.rounded(Decimal(string: "10.5")!) == 10)
        #expect(Currency.jpy.rounded(Decimal(string: "11.5")!) == 12)
        #expect(Currency.gbp.isRepresentable(Decimal(string: "0.01")!))
        #expect(!Currency.eur.isRepresentable(Decimal(string: "0.001")!))
        #expect(!Currency.jpy.isRepresentable(Decimal(string: "0.5")!))
        #expect(Currency.jpy.isRepresentable(1_000_000))
    }

    @Test func minorUnitsAndPlainTextAreExact() {
        #expect(Currency.usd.minorUnits(of: Decimal(string: "1234.50")!) == 123_450)
        #expect(Currency.usd.minorUnits(of: Decimal(string: "1234.505")!) == nil)
        #expect(Currency.jpy.minorUnits(of: 980) == 980)
        #expect(Currency.usd.amount(minorUnits: -1) == Decimal(string: "-0.01")!)
        #expect(Currency.eur.plainText(Decimal(string: "1234.5")!) == "1234.50")
        #expect(Currency.eur.plainText(0) == "0.00")
        #expect(Currency.eur.plainText(Decimal(string: "-0.07")!) == "-0.07")
        #expect(Currency.jpy.plainText(98_000) == "98000")
    }

    @Test func highValueAndDiscountRules() {
        let small = Self.order(items: [LineItem(sku: "A", title: "a", quantity: 1, unitPrice: 1000)])
        #expect(!small.isHighValue())
        let large = Self.order(items: [LineItem(sku: "A", title: "a", quantity: 1, unitPrice: Decimal(string: "1000.01")!)])
        #expect(large.isHighValue())
        #expect(large.isHighValue(threshold: 2000) == false)
        #expect(large.eligibleDiscount == 100)
        #expect(large.qualifiesForDiscount)
        let hundred = Self.order(items: [LineItem(sku: "A", title: "a", quantity: 1, unitPrice: 100)])
        #expect(hundred.eligibleDiscount == 10)
        #expect(!hundred.qualifiesForDiscount) // must exceed 10
        let yen = Self.order(.jpy, items: [LineItem(sku: "A", title: "a", quantity: 1, unitPrice: 105)])
        #expect(yen.eligibleDiscount == 10) // 10.5 rounds to even
    }

    // MARK: Validation

    @Test func validationNamesEachFieldAndProblem() {
        var order = Self.order(items: [
            LineItem(sku: "", title: " ", quantity: 0, unitPrice: Decimal(string: "-1")!),
            LineItem(sku: "B", title: "y", quantity: 1, unitPrice: Decimal(string: "1.001")!),
        ], discount: Decimal(string: "0.001")!, shipping: -2)
        order.customerName = "  \n"
        order.email = "not an email"
        order.updatedAt = order.createdAt.addingTimeInterval(-1)
        #expect(order.validationIssues().map(\.description) == [
            "customer: must not be empty",
            "email: \"not an email\" is not a plausible email address",
            "items[0].quantity: must be at least 1, got 0",
            "items[0].unit_price: must not be negative, got -1",
            "items[0].sku: must not be empty when the line has no title",
            "items[1].unit_price: has more decimals than USD allows",
            "discount: has more decimals than USD allows",
            "shipping: must not be negative, got -2",
            "updated_at: is before created_at",
        ])
        #expect(Self.order(items: []).validationIssues().map(\.description) == ["items: an order needs at least one line item"])
        #expect(Self.order(discount: 100).validationIssues().map(\.description)
            == ["discount: is larger than the subtotal", "total: must not be negative"])
    }

    @Test(arguments: [
        ("a@b.co", true), ("josé.müller@exämple.de", true), ("a.b+c@d.e.f", true),
        ("@b.co", false), ("a@b", false), ("a@.b.co", false), ("a@b.co.", false), ("a@b..co", false),
        ("a@@b.co", false), ("a b@c.de", false), ("a@b.co\u{1B}", false), ("a\u{3000}b@c.de", false), ("", false),
    ])
    func plausibleEmails(_ email: String, _ plausible: Bool) {
        #expect(Order.isPlausibleEmail(email) == plausible)
    }

    @Test func orderIDsParseAndPrint() {
        #expect(OrderID("ORD-0001234") == OrderID(1234))
        #expect(OrderID("ord-42") == OrderID(42))
        #expect(OrderID("42") == OrderID(42))
        #expect(OrderID("ORD-") == nil)
        #expect(OrderID("ORD-12a") == nil)
        #expect(OrderID(12_345_678).description == "ORD-12345678")
    }

    @Test func millisecondDatesRoundTrip() {
        for ms: Int64 in [0, 1, 999, 1_780_000_000_123, -1, -86_400_001] {
            #expect(Date(millisecondsSince1970: ms).millisecondsSince1970 == ms)
        }
        #expect(Date(timeIntervalSince1970: 1.2345).wholeMilliseconds == Date(millisecondsSince1970: 1234))
    }
}
