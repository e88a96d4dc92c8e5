import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// The list against the fulfilment promise: each row's time left or overdue, the status bar's count
/// of the overdue shown, `overdue` in the search and the sort by due time.
@MainActor
@Suite("The list's due times")
struct DueListTests {
    static func model(promise: FulfilmentPromise? = DueFixtures.promise, clock: TestClock = TestClock(DueFixtures.now))
        async -> OrderListModel {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = DueFixtures.vienna
        let environment = PresentationEnvironment(now: { clock.now }, actor: "mia", locale: Locale(identifier: "en_US"),
                                                  calendar: calendar, fulfilmentPromise: promise)
        let model = OrderListModel(store: InMemoryOrderStore(orders: DueFixtures.orders), environment: environment)
        model.load()
        await model.waitForPendingWork()
        return model
    }

    /// Each shown row as "number: due text", in list order.
    static func dueColumn(_ model: OrderListModel) -> [String] {
        (0..<model.rowCount).compactMap { model.row(at: $0) }.map { "\($0.id.number): \($0.dueText)" }
    }

    @Test("each open order shows its time left or how late it is; sent and cancelled orders show nothing")
    func rows() async {
        let model = await Self.model()
        #expect(model.showsDueTimes)
        // Newest first (the default sort).
        #expect(Self.dueColumn(model) == [
            "7: ", "4: 38h left", "3: 30h left", "1: 1h left", "2: 1h late", "5: 5d late", "8: 6d late", "6: ",
        ])
        #expect(model.row(at: 4)?.due == .overdue(seconds: 3_600))
        #expect(model.row(at: 3)?.due == .timeLeft(seconds: 3_600))
        #expect(model.row(at: 0)?.due == nil)
        #expect(model.summary.overdue == 3)
        #expect(model.overdueFigure == "3 overdue")
        #expect(model.hasOverdue)
    }

    @Test("overdue in the search lists exactly the overdue orders, and the count follows the view")
    func overdueSearchAndCount() async {
        let clock = TestClock(DueFixtures.now)
        let model = await Self.model(clock: clock)
        model.searchTextChanged("overdue")
        #expect(model.queryError == nil)
        #expect(model.visibleNumbers == [2, 5, 8])
        #expect(model.overdueFigure == "3 overdue")
        model.searchTextChanged("status:pending")
        #expect(model.visibleNumbers == [4])
        #expect(model.overdueFigure == "0 overdue")
        #expect(!model.hasOverdue)
        // Two hours later order 1 (due at 11:00) is late too: the next view counts it.
        clock.advance(by: 2 * 3_600)
        model.searchTextChanged("overdue")
        #expect(model.visibleNumbers == [1, 2, 5, 8])
        #expect(model.overdueFigure == "4 overdue")
        #expect(Self.dueColumn(model) == ["1: 1h late", "2: 3h late", "5: 5d late", "8: 6d late"])
    }

    @Test("sorting by due time puts the latest first and the orders without a due time last")
    func sortByDue() async {
        let model = await Self.model()
        model.setSort(OrderSort(.due))
        #expect(model.visibleNumbers == [8, 5, 2, 1, 3, 4, 6, 7])
        model.setSort(OrderSort(.due, ascending: false))
        #expect(model.visibleNumbers == [4, 3, 1, 2, 5, 8, 6, 7])
    }

    @Test("without a promise there is no due column, no count, and overdue is refused with a message")
    func withoutPromise() async {
        let model = await Self.model(promise: nil)
        #expect(!model.showsDueTimes)
        #expect(model.overdueFigure == nil)
        #expect(model.row(at: 0)?.due == nil)
        #expect(model.row(at: 0)?.dueText == "")
        model.searchTextChanged("overdue")
        #expect(model.queryError?.message == SearchQueryParser.noPromiseMessage)
        #expect(model.visibleNumbers == [7, 4, 3, 1, 2, 5, 8, 6])
    }
}
