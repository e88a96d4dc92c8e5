import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersPresentation
import OrdersTestSupport
import Testing

/// The in-memory index must return exactly what the reference evaluation
/// (`OrderQuery.matches` + `OrderSort.areInIncreasingOrder`) returns.
@Suite("Search index agrees with the reference semantics")
struct SearchIndexEquivalenceTests {
    static let generated = DemoDataGenerator(seed: 20_260_921, now: OrderFixtures.now).orders(count: 1_500)

    /// Orders built to hit the slow, exact paths: multi-scalar graphemes, a NUL,
    /// totals beyond the scaled range, a 3-decimal currency, an empty title.
    static let awkward: [Order] = [
        OrderFixtures.order(900_001, customer: "Flag 🇩🇪 Fan", email: "flag🇩🇪@example.com", total: 10),
        OrderFixtures.order(900_002, customer: "Zoe\u{301} Decomposed", email: "e\u{301}@x.example", total: 20),
        OrderFixtures.order(900_003, customer: "Nul\u{0}Byte", email: "nul\u{0}mail@example.com", total: 30),
        OrderFixtures.order(900_004, customer: "Huge Total", total: Decimal(string: "123456789012345678.5")!),
        OrderFixtures.order(900_005, customer: "Dinar", total: Decimal(string: "12.345")!,
                                   currency: Currency(code: "KWD", minorUnits: 3)),
        OrderFixtures.order(900_006, customer: "हिन्दी नाम", email: "hindi@example.com", total: 40, title: "किताब"),
        OrderFixtures.order(900_007, customer: "ＦＵＬＬ Width", total: 50, sku: "ＳＫＵ-1"),
        OrderFixtures.order(12_345_678, customer: "Long Id", total: 60),
        OrderFixtures.order(-42, customer: "Negative Id", total: 70),
        OrderFixtures.order(900_008, customer: "Carriage\r\nReturn", email: "cr\r\nlf@example.com", total: 80),
        // Paid in the customer's currency, compared in the shop's: ₩957,880 is US$650.00, ¥150,000 is US$990.00.
        paidInAnotherCurrency(900_009, "Won Paid", total: 957_880, currency: "KRW", shopTotal: "650.00", rate: "0.000679"),
        paidInAnotherCurrency(900_010, "Yen Paid", total: 150_000, currency: "JPY", shopTotal: "990.00", rate: "0.0066"),
    ]

    static func paidInAnotherCurrency(_ number: Int, _ customer: String, total: Decimal, currency: String,
                                      shopTotal: String, rate: String) -> Order {
        var order = OrderFixtures.order(number, customer: customer, total: total, currency: Currency.named(currency)!)
        order.shopCurrency = .usd
        order.shopTotal = Decimal(string: shopTotal)!
        order.exchangeRate = Decimal(string: rate)!
        return order
    }

    static let orders = generated + awkward + ShopOrderFixtures.orders + ShopSearchFixtures.orders

    static let queries: [String] = [
        "", "jose", "JOSÉ", "muller", "müller", "mull", "王", "佐藤", "민준", "nguyen", "o'brien", "\"st. john\"",
        "ord-00012", "0001", "gmail", "keyboard", "kb-mx", "usb-c cable", "status:pending,processing",
        "-status:completed", "total>1000", "total<50", "total>99.99", "total<0.01", "flagged", "-flagged",
        "tag:vip", "tag:VIP", "-tag:fragile", "customer:\"ana\"", "customer:lee", "country:de", "-country:us",
        "assignee:alice", "assignee:none", "assignee:me", "assignee:\"me\"", "-assignee:me", "since:30d", "before:2026-01-01", "since:2w total>500 -flagged",
        "-jose", "-gmail -yahoo", "mechanical -brown", "🇩", "🇩🇪", "e", "nul", "\"\u{0}\"", "huge", "12.3",
        "dinar total>12.34", "dinar total<12.346", "paid total>989", "paid total>990", "paid total<651", "paid", "हिन्दी", "ि", "full", "ｆｕｌｌ", "sku-1", "ß", "strasse", "gross",
        "e\u{301}", "zoe", "flag", "o", "ord-", "d-", "\"-\"", "d-00001", "rd-0001", "ord-0000010", "0000010", "00", "90000",
        "12345678", "-0001234", "ord-12345678", "2345", "-42", "000-4", "ord-00000-42", "1234567890123456789012", "ord-x",
        "\r", "\n", "\r\n", "lf@", "d-0000001", "ord-00009000", "j", "k", "q", "x", "@", ".", "1", "z", "gm", "us", "ü", "é", "'",
    ] + ShopOrderFixtures.queries + ShopSearchFixtures.queries + dueQueries

    /// Against `promise`: overdue and due soon or later, negated and combined.
    static let dueQueries = ["overdue", "-overdue", "due<4h", "due<2d", "due>1d", "-due>1w", "overdue status:pending",
                             "due<1w -overdue", "overdue -assignee:none", "due>0h"]

    /// Two working days in Berlin with a holiday on the Friday before `now` (Monday 21 September 2026),
    /// so the orders' clocks cross a weekend and a holiday on the way to the cutoffs the terms compare with.
    static let promise = FulfilmentPromise(allowance: .days(2), workingDays: Weekday.mondayToFriday,
                                           holidays: [CalendarDay(year: 2026, month: 9, day: 18)],
                                           timeZone: TimeZone(identifier: "Europe/Berlin")!)

    /// Who `assignee:me` names in these queries: an operator the demo orders are assigned to.
    static let actor = "alice"

    static let sorts: [OrderSort] = OrderSortKey.allCases.flatMap { [OrderSort($0, ascending: true), OrderSort($0, ascending: false)] }

    @Test("filters and every sort match the reference", arguments: queries)
    func matchesReference(_ text: String) throws {
        let filters = try SearchQueryParser.parse(text, now: OrderFixtures.now, calendar: OrderFixtures.utcCalendar,
                                                   promise: SearchIndexEquivalenceTests.promise, actor: Self.actor)
        let index = OrderIndex(Self.orders)
        let matched = index.evaluate(filters)
        let reference = OrderQuery(filters: filters).filter(Self.orders)
        #expect(matched.count == reference.count, "\(text)")
        for sort in Self.sorts {
            let expected = reference.sorted(by: sort.areInIncreasingOrder).map(\.id)
            let actual = index.orderedSlots(of: matched, sort: sort).map(index.id)
            #expect(actual == expected, "\(text) sorted by \(sort)")
        }
    }

    @Test("predicates the parser does not produce match too")
    func otherPredicates() {
        let index = OrderIndex(Self.orders)
        let predicates: [OrderPredicate] = [
            .highValue(threshold: 250), .customer(""), .text(""), .tag(""), .assignee(""), .country("ZZ"),
            .totalAbove(Decimal(string: "123456789012345678")!), .totalBelow(-1), .status([]),
            .payment([]), .fulfillment([]), .source(""), .source("shopify "), .payment(Set(PaymentStatus.allCases)),
            .risk([]), .city(""), .postcode(""), .discountCode(""), .customerOrdersAbove(0), .customerOrdersBelow(1),
            .customerGroup("key\u{1F}c-1"), .customerGroup("email\u{1F}repeat@example.com"), .customerGroup(""),
            .ageStartBefore(ShopSearchFixtures.now.addingTimeInterval(-72 * 3_600)),
            .ageStartAfter(ShopSearchFixtures.now.addingTimeInterval(-2 * 3_600)),
            .dueClockStartBefore(OrderFixtures.now.addingTimeInterval(-50 * 3_600)),
            .dueClockStartFrom(OrderFixtures.now.addingTimeInterval(-50 * 3_600)),
            .dueClockStartBefore(.distantPast), .dueClockStartFrom(.distantPast),
        ]
        for predicate in predicates {
            for negated in [false, true] {
                let filter = OrderFilter(predicate, negated: negated)
                let expected = OrderQuery(filters: [filter]).filter(Self.orders).map(\.id).sorted()
                let actual = index.orderedSlots(of: index.evaluate([filter]), sort: OrderSort(.id, ascending: true)).map(index.id)
                #expect(actual == expected, "\(filter)")
            }
        }
    }

    @Test("typing letter by letter refines to the same result as a fresh search")
    @MainActor
    func incrementalSearch() async throws {
        let (model, _) = await PresentationFixtures.loadedModel(Self.orders)
        for word in ["müller", "kb-mx-brn", "ord-0001", "王", "status:pending total>1", "jose -gmail", "a e -status:cancelled mx-b",
                     "-tag:vip e total>10 ana li"] {
            model.searchTextChanged("")
            var typed = ""
            for character in word {
                typed.append(character)
                model.searchTextChanged(typed)
                guard model.queryError == nil else { continue }
                let filters = try SearchQueryParser.parse(typed, now: OrderFixtures.now,
                                                          calendar: OrderFixtures.utcCalendar)
                let expected = OrderQuery(filters: filters).filter(Self.orders)
                    .sorted(by: OrderSort.default.areInIncreasingOrder).map(\.id)
                #expect(model.visibleIDs == expected, "\(typed)")
            }
        }
    }

    @Test("the ASCII fast path folds exactly like SearchFolding")
    func asciiFolding() {
        for value in UInt8(1)..<0x80 {
            let text = "a" + String(UnicodeScalar(value)) + "Z"
            #expect(FastFolding.fold(text) == SearchFolding.fold(text), "\(value)")
        }
    }
}

/// The SQL stores evaluate the same parsed queries themselves and must return exactly what the
/// reference returns, under every sort. (The in-memory store is left out here: it evaluates
/// with the reference itself, so the comparison could not fail.)
@Suite("SQL stores agree with the reference semantics")
struct StoreSearchEquivalenceTests {
    /// The equivalence suite's orders that a store accepts: not the one beyond the money
    /// limits (refused by every store) nor the one holding NUL, which PostgreSQL cannot store.
    static let orders = SearchIndexEquivalenceTests.orders.filter { order in
        order.validationIssues().isEmpty && !"\(order.customerName)\(order.email)".unicodeScalars.contains("\u{0}")
    }

    /// Each query with every sort and the reference's answer, worked out once for all stores.
    static let cases: [(text: String, query: OrderQuery, expected: [OrderID])] = SearchIndexEquivalenceTests.queries.flatMap { text in
        // The queries are the suite's own, all valid; a parse failure shows up as an empty case list.
        let filters = (try? SearchQueryParser.parse(text, now: OrderFixtures.now, calendar: OrderFixtures.utcCalendar,
                                                   promise: SearchIndexEquivalenceTests.promise,
                                                   actor: SearchIndexEquivalenceTests.actor)) ?? []
        let matching = OrderQuery(filters: filters).filter(orders)
        return SearchIndexEquivalenceTests.sorts.map { sort in
            (text, OrderQuery(filters: filters, sort: sort), matching.sorted(by: sort.areInIncreasingOrder).map(\.id))
        }
    }

    @Test("every query and every sort match the reference", arguments: [StoreKind.sqlite, .postgres])
    func matchesReference(_ kind: StoreKind) async throws {
        #expect(Self.cases.count == SearchIndexEquivalenceTests.queries.count * SearchIndexEquivalenceTests.sorts.count)
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert(Self.orders)
        for (text, query, expected) in Self.cases {
            let page = try await fixture.store.orders(matching: query, page: PageRequest(limit: 10_000))
            #expect(page.orders.map(\.id) == expected, "\(kind): \(text) sorted by \(query.sort)")
            #expect(page.totalCount == expected.count, "\(kind): \(text)")
        }
    }
}
