import Foundation
@testable import OrdersCore
import OrdersTestSupport
import Testing

@Suite("Search query parser")
struct QueryParserTests {

    static let valid: [(String, [OrderFilter])] = [
        ("", []),
        ("   ", []),
        ("jose", [OrderFilter(.text("jose"))]),
        ("Jose Müller", [OrderFilter(.text("Jose")), OrderFilter(.text("Müller"))]),
        ("\"ana lima\"", [OrderFilter(.text("ana lima"))]),
        ("status:pending,processing", [OrderFilter(.status([.pending, .processing]))]),
        ("STATUS:Shipped", [OrderFilter(.status([.shipped]))]),
        ("-status:cancelled", [OrderFilter(.status([.cancelled]), negated: true)]),
        ("total>1000", [OrderFilter(.totalAbove(1000))]),
        ("total<49.90", [OrderFilter(.totalBelow(Decimal(string: "49.90")!))]),
        ("flagged", [OrderFilter(.flagged)]),
        ("-flagged", [OrderFilter(.flagged, negated: true)]),
        ("\"flagged\"", [OrderFilter(.text("flagged"))]),
        ("tag:vip", [OrderFilter(.tag("vip"))]),
        ("customer:\"Ana Lima\"", [OrderFilter(.customer("Ana Lima"))]),
        ("country:de", [OrderFilter(.country("DE"))]),
        ("assignee:ana", [OrderFilter(.assignee("ana"))]),
        ("assignee:none", [OrderFilter(.assignee(""))]),
        ("since:7d", [OrderFilter(.createdSince(OrderFixtures.now.addingTimeInterval(-7 * 86_400)))]),
        ("since:12h", [OrderFilter(.createdSince(OrderFixtures.now.addingTimeInterval(-12 * 3_600)))]),
        ("since:2w", [OrderFilter(.createdSince(OrderFixtures.now.addingTimeInterval(-14 * 86_400)))]),
        ("since:1m", [OrderFilter(.createdSince(QueryFixtures.calendar.date(byAdding: .month, value: -1, to: OrderFixtures.now)!))]),
        ("before:2026-01-01", [OrderFilter(.createdBefore(QueryFixtures.day(2026, 1, 1)))]),
        ("since:2026-03-15", [OrderFilter(.createdSince(QueryFixtures.day(2026, 3, 15)))]),
        ("since:2026-09-21T14:13:20Z before:2026-09-22T01:00:00+02:00", [OrderFilter(.createdSince(OrderFixtures.now)),
            OrderFilter(.createdBefore(Date(timeIntervalSince1970: 1_790_031_600)))]),
        ("-jose", [OrderFilter(.text("jose"), negated: true)]),
        ("-\"ana lima\"", [OrderFilter(.text("ana lima"), negated: true)]),
        ("12:30", [OrderFilter(.text("12:30"))]),
        ("ORD-0000042 status:pending -tag:wholesale total>100",
         [OrderFilter(.text("ORD-0000042")), OrderFilter(.status([.pending])),
          OrderFilter(.tag("wholesale"), negated: true), OrderFilter(.totalAbove(100))]),
        ("山田", [OrderFilter(.text("山田"))]),
        ("refunded -refunded \"refunded\"", [OrderFilter(.refunded), OrderFilter(.refunded, negated: true), OrderFilter(.text("refunded"))]),
        ("customer-orders>2 -age>1w", [OrderFilter(.customerOrdersAbove(2)),
                                       OrderFilter(.ageStartBefore(OrderFixtures.now.addingTimeInterval(-7 * 86_400)), negated: true)]),
        ("age<1m", [OrderFilter(.ageStartAfter(QueryFixtures.calendar.date(byAdding: .month, value: -1, to: OrderFixtures.now)!))]),
        ("city:\"Frankfurt am Main\" -postcode:603", [OrderFilter(.city("Frankfurt am Main")), OrderFilter(.postcode("603"), negated: true)]),
        ("well-known:x", [OrderFilter(.text("well-known:x"))]),
    ]

    @Test("valid queries", arguments: valid.indices)
    func parsesValidQuery(_ case_: Int) throws {
        let (query, expected) = Self.valid[case_]
        let filters = try SearchQueryParser.parse(query, now: OrderFixtures.now, calendar: QueryFixtures.calendar)
        #expect(filters == expected, "\(query)")
    }

    static let invalid: [(query: String, message: String, token: String, position: Int)] = [
        ("status:shiped", "unknown status \"shiped\" (known: pending, processing, shipped, completed, cancelled, refunded)", "status:shiped", 0),
        ("jose status:", "status: needs a value", "status:", 5),
        ("status:pending,", "empty status in \"pending,\"", "status:pending,", 0),
        ("total>abc", "\"abc\" is not an amount (write total>1000 or total<49.90)", "total>abc", 0),
        ("total>=5", "\"=5\" is not an amount (write total>1000 or total<49.90)", "total>=5", 0),
        ("total:5", "write total>N or total<N", "total:5", 0),
        ("total>", "total> needs an amount", "total>", 0),
        ("tag>3", "tag cannot be compared with >; only total, outstanding, age, customer-orders, due can", "tag>3", 0),
        ("colour:red", "unknown filter \"colour:\" (known: status, pay, ship, source, total, outstanding, tag, customer, country, city, "
            + "postcode, assignee, risk, code, since, before, age, customer-orders, due)", "colour:red", 0),
        ("refunded:yes", "unknown filter \"refunded:\" (known: status, pay, ship, source, total, outstanding, tag, customer, country, city, "
            + "postcode, assignee, risk, code, since, before, age, customer-orders, due)", "refunded:yes", 0),
        ("risk:severe", "unknown status \"severe\" (known: low, medium, high)", "risk:severe", 0),
        ("age>2", "\"2\" is not an age (write age>2d, age<4h, age>3w or age>2m)", "age>2", 0),
        ("age>2026-01-01", "\"2026-01-01\" is not an age (write age>2d, age<4h, age>3w or age>2m)", "age>2026-01-01", 0),
        ("age:2d", "write age>N or age<N", "age:2d", 0),
        ("x age<", "age< needs an age such as 2d or 4h", "age<", 2),
        ("customer-orders>one", "\"one\" is not a number of orders (write customer-orders>1)", "customer-orders>one", 0),
        ("customer-orders>-1", "\"-1\" is not a number of orders (write customer-orders>1)", "customer-orders>-1", 0),
        ("outstanding>x", "\"x\" is not an amount (write outstanding>1000 or outstanding<49.90)", "outstanding>x", 0),
        ("city:", "city: needs a value", "city:", 0),
        ("country:DEU", "a country is a two-letter code such as DE, not \"DEU\"", "country:DEU", 0),
        ("since:7x", "\"7x\" is not a date or age (write 7d, 12h, 2w, 3m, 2026-01-31 or 2026-01-31T09:30:00Z)", "since:7x", 0),
        ("before:2026-02-30", "\"2026-02-30\" is not a date or age (write 7d, 12h, 2w, 3m, 2026-01-31 or 2026-01-31T09:30:00Z)", "before:2026-02-30", 0),
        ("ana \"lima", "missing closing quote", "\"lima", 4),
        ("a -", "nothing to exclude after -", "-", 2),
        ("customer:\"\"", "customer: needs a value", "customer:\"\"", 0),
    ]

    @Test("malformed queries name the token and its position", arguments: invalid.indices)
    func rejectsInvalidQuery(_ case_: Int) {
        let expected = Self.invalid[case_]
        #expect(throws: SearchQueryError(message: expected.message, token: expected.token, position: expected.position)) {
            try SearchQueryParser.parse(expected.query, now: OrderFixtures.now, calendar: QueryFixtures.calendar)
        }
    }
}
