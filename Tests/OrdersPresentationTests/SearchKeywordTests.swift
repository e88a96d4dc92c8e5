import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
import OrdersTestSupport
import Testing

/// The palette completes from the same keyword list the parser reads: every completion, given a
/// value, parses to the filter its keyword names, and the palette offers every keyword.
@Suite("Search keywords: one list for parser and palette")
struct SearchKeywordTests {
    static let samples: [(String, OrderPredicate)] = [
        ("status:pending", .status([.pending])), ("pay:paid", .payment([.paid])), ("ship:on_hold", .fulfillment([.onHold])),
        ("source:shopify", .source("shopify")), ("total>10", .totalAbove(10)), ("total<10", .totalBelow(10)),
        ("outstanding>0", .outstandingAbove(0)), ("outstanding<0.5", .outstandingBelow(Decimal(string: "0.5")!)),
        ("flagged", .flagged), ("refunded", .refunded), ("tag:vip", .tag("vip")), ("customer:ana", .customer("ana")),
        ("country:DE", .country("DE")), ("city:münchen", .city("münchen")), ("postcode:10115", .postcode("10115")),
        ("assignee:ana", .assignee("ana")), ("risk:high,low", .risk([.high, .low])), ("code:SUMMER10", .discountCode("SUMMER10")),
        ("since:2026-01-01", .createdSince(QueryFixtures.day(2026, 1, 1))),
        ("before:2026-01-01", .createdBefore(QueryFixtures.day(2026, 1, 1))),
        ("age>2d", .ageStartBefore(OrderFixtures.now.addingTimeInterval(-2 * 86_400))),
        ("age<4h", .ageStartAfter(OrderFixtures.now.addingTimeInterval(-4 * 3_600))),
        ("customer-orders>1", .customerOrdersAbove(1)), ("customer-orders<3", .customerOrdersBelow(3)),
        ("due>1d", .dueClockStartFrom(promise.onTimeCutoff(now: OrderFixtures.now.addingTimeInterval(86_400)))),
        ("due<4h", .dueClockStartBefore(promise.onTimeCutoff(now: OrderFixtures.now.addingTimeInterval(4 * 3_600)))),
        ("overdue", .dueClockStartBefore(promise.onTimeCutoff(now: OrderFixtures.now))),
    ]

    /// What `due` and `overdue` are measured against.
    static let promise = FulfilmentPromise(allowance: .days(2), workingDays: Weekday.mondayToFriday,
                                           timeZone: TimeZone(identifier: "UTC")!)

    @Test func everyCompletionParsesOnceGivenAValue() throws {
        #expect(SearchKeyword.allCompletions == [
            "status:", "pay:", "ship:", "source:", "total>", "total<", "outstanding>", "outstanding<", "flagged", "refunded",
            "tag:", "customer:", "country:", "city:", "postcode:", "assignee:", "risk:", "code:", "since:", "before:",
            "age>", "age<", "customer-orders>", "customer-orders<", "due>", "due<", "overdue",
        ])
        #expect(Self.samples.count == SearchKeyword.allCompletions.count)
        for (completion, (sample, predicate)) in zip(SearchKeyword.allCompletions, Self.samples) {
            #expect(sample.hasPrefix(completion))
            let filters = try SearchQueryParser.parse(sample, now: OrderFixtures.now, calendar: QueryFixtures.calendar,
                                                      promise: Self.promise)
            #expect(filters == [OrderFilter(predicate)], "\(sample)")
        }
    }

    @Test("longer spellings name the same keyword: payment: is pay:, fulfil: and fulfillment: are ship:")
    func aliases() throws {
        let spellings: [(String, OrderPredicate)] = [
            ("payment:paid", .payment([.paid])), ("PAY:Paid", .payment([.paid])), ("fulfil:fulfilled", .fulfillment([.fulfilled])),
            ("fulfill:returned", .fulfillment([.returned])), ("fulfilment:on-hold", .fulfillment([.onHold])),
            ("fulfillment:partially_fulfilled,unfulfilled", .fulfillment([.partiallyFulfilled, .unfulfilled])),
            ("pay:partially-refunded,partially_paid", .payment([.partiallyRefunded, .partiallyPaid])),
            ("-source:local", .source("local")), ("zip:SW1A", .postcode("SW1A")), ("-Customer-Orders>1", .customerOrdersAbove(1)),
            ("RISK:High", .risk([.high])),
        ]
        for (text, predicate) in spellings {
            let filters = try SearchQueryParser.parse(text, now: OrderFixtures.now, calendar: QueryFixtures.calendar)
            #expect(filters == [OrderFilter(predicate, negated: text.hasPrefix("-"))], "\(text)")
        }
        #expect(SearchKeyword(named: "Fulfillment") == .ship)
        #expect(SearchKeyword(named: "paid") == nil)
    }

    @Test @MainActor func thePaletteOffersEveryKeyword() {
        let palette = CommandPaletteModel()
        var offered: [String] = []
        for letter in Set(SearchKeyword.allCompletions.map { $0.prefix(1) }).sorted() {
            palette.textChanged(":filter \(letter)")
            offered += palette.suggestions.map { String($0.completion.dropFirst(":filter ".count)) }
        }
        #expect(offered.sorted() == SearchKeyword.allCompletions.sorted())
    }
}
