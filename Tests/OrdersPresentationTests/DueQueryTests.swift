import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import Testing

/// `overdue`, `due<4h`, `due>1d` and the sort by due time: the reference, the list's index and the
/// promise's own due times agree, on clocks that cross a weekend, a holiday and a daylight saving change.
@Suite("Due and overdue against the fulfilment promise")
struct DueQueryTests {
    static func filters(_ text: String, promise: FulfilmentPromise? = DueFixtures.promise) throws -> [OrderFilter] {
        try SearchQueryParser.parse(text, now: DueFixtures.now, calendar: Calendar(identifier: .gregorian), promise: promise)
    }

    /// The ids the reference and the index both select for `text` (checked equal), ascending.
    static func matching(_ text: String) throws -> [Int] {
        let filters = try filters(text)
        let reference = OrderQuery(filters: filters).filter(DueFixtures.orders).map(\.id.number).sorted()
        let index = OrderIndex(DueFixtures.orders)
        let indexed = index.orderedSlots(of: index.evaluate(filters), sort: OrderSort(.id, ascending: true)).map { index.id($0).number }
        #expect(indexed == reference, "\(text)")
        return reference
    }

    @Test("each term selects exactly the orders its due times say")
    func terms() throws {
        #expect(try Self.matching("overdue") == [2, 5, 8])
        #expect(try Self.matching("-overdue") == [1, 3, 4, 6, 7])
        #expect(try Self.matching("due<4h") == [1, 2, 5, 8])
        #expect(try Self.matching("due<2d") == [1, 2, 3, 4, 5, 8])
        #expect(try Self.matching("due>1d") == [3, 4])
        #expect(try Self.matching("due>2d") == [])
        #expect(try Self.matching("-due>1d") == [1, 2, 5, 6, 7, 8])
        #expect(try Self.matching("overdue status:processing -ship:on_hold") == [2, 5])
        #expect(try Self.matching("due<0h") == [2, 5, 8])
    }

    @Test("the terms are the promise's own due times, order by order")
    func termsFollowTheDueTimes() throws {
        let expectedDue: [Int: Date] = [
            1: DueFixtures.at("2026-10-27 11:00"), 2: DueFixtures.at("2026-10-27 09:00"),
            3: DueFixtures.at("2026-10-28 16:00"), 4: DueFixtures.at("2026-10-29 00:00"),
            5: DueFixtures.at("2026-10-22 10:00"), 8: DueFixtures.at("2026-10-21 08:00"),
        ]
        var due: [Int: Date] = [:]
        for order in DueFixtures.orders { due[order.id.number] = DueFixtures.promise.dueDate(for: order) }
        #expect(due == expectedDue)
        let overdue = due.filter { $0.value < DueFixtures.now }.keys.sorted()
        #expect(try Self.matching("overdue") == overdue)
        let soon = due.filter { $0.value < DueFixtures.now.addingTimeInterval(4 * 3_600) }.keys.sorted()
        #expect(try Self.matching("due<4h") == soon)
    }

    @Test("without a promise due and overdue are refused with a message, never an empty list")
    func refusedWithoutPromise() {
        for text in ["overdue", "due<4h", "jose -overdue"] {
            #expect(throws: SearchQueryError.self) { try Self.filters(text, promise: nil) }
            do {
                _ = try SearchQueryParser.parse(text, now: DueFixtures.now, calendar: Calendar(identifier: .gregorian))
            } catch {
                #expect(error.message == SearchQueryParser.noPromiseMessage)
                #expect(error.message == "due and overdue need a fulfilment promise: add \"fulfilmentPromise\": {\"within\": \"2d\"} to the config file")
            }
        }
        #expect(throws: SearchQueryError.self) { try Self.filters("due<soon") }
        #expect(throws: SearchQueryError.self) { try Self.filters("due:4h") }
        #expect(throws: SearchQueryError.self) { try Self.filters("due<4") }
    }

    @Test("sort by due time: soonest first, orders without a due time last in both directions")
    func sortByDue() throws {
        let index = OrderIndex(DueFixtures.orders)
        let all = index.evaluate([])
        for (ascending, expected) in [(true, [8, 5, 2, 1, 3, 4, 6, 7]), (false, [4, 3, 1, 2, 5, 8, 6, 7])] {
            let sort = OrderSort(.due, ascending: ascending)
            #expect(DueFixtures.orders.sorted(by: sort.areInIncreasingOrder).map(\.id.number) == expected)
            #expect(index.orderedSlots(of: all, sort: sort).map { index.id($0).number } == expected)
        }
        #expect(OrderSort(.due) == OrderSort(.due, ascending: true))
        #expect(try OrderSort(parsing: "due:desc") == OrderSort(.due, ascending: false))
    }

    @Test("keyset paging by due time walks every order once, in order")
    func pagingByDue() async throws {
        let store = InMemoryOrderStore(orders: DueFixtures.orders)
        for ascending in [true, false] {
            let query = OrderQuery(sort: OrderSort(.due, ascending: ascending))
            var seen: [Int] = []
            var cursor: PageCursor?
            repeat {
                let page = try await store.orders(matching: query, page: PageRequest(after: cursor, limit: 3))
                seen += page.orders.map(\.id.number)
                cursor = page.orders.last.map(PageCursor.init)
                if page.orders.count < 3 { break }
            } while true
            #expect(seen == (ascending ? [8, 5, 2, 1, 3, 4, 6, 7] : [4, 3, 1, 2, 5, 8, 6, 7]))
        }
    }

    @Test("the dashboard writes its overdue figures as overdue, which reads back to the same filters")
    func overdueSearchText() throws {
        let query = OrderQuery(filters: [OrderFilter(.status(OrderStatus.awaitingShipment))] + (try Self.filters("overdue")))
        let text = query.searchText(calendar: Calendar(identifier: .gregorian), promise: DueFixtures.promise, now: DueFixtures.now)
        #expect(text == "status:pending,processing overdue")
        // Without the moment it was computed for, the cutoff cannot be written.
        #expect(query.searchText(calendar: Calendar(identifier: .gregorian)) == nil)
    }
}
