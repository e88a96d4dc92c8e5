import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// A saved view's columns, applied: the names as stored and as typed (`ListColumn`), and the list
/// model's shown columns after showing a view, choosing columns, refining the search, a status tab,
/// saving and reading the views again. Whole states: the exact columns in order.
@Suite("Saved view columns")
@MainActor
struct SavedViewColumnsTests {
    static let everyColumnWithoutDue: [ListColumn] = [.number, .date, .age, .customer, .items, .total, .status]

    @Test func storedNamesAreReadInTheirOrderAndEveryColumnReadsAsNone() {
        #expect(ListColumn.parse(["total", "NUMBER", "bogus", "total", "age"]) == [.total, .number, .age])
        // None known, the standard columns in their order, or the seven every view stored before Due: the standard columns.
        #expect(ListColumn.parse([]) == nil)
        #expect(ListColumn.parse(["from-a-newer-build"]) == nil)
        #expect(ListColumn.parse(ListColumn.standard.map(\.rawValue)) == nil)
        // Every column, the chooseable extras included, is a choice kept as it is.
        #expect(ListColumn.parse(ListColumn.allCases.map(\.rawValue)) == ListColumn.allCases)
        #expect(ListColumn.parse(["assignee", "Tags", "country", "source", "outstanding"]) == [.assignee, .tags, .country, .source, .outstanding])
        #expect(ListColumn.parse(["number", "date", "age", "customer", "items", "total", "status"]) == nil)
        // The same seven in another order is a choice (Due left out).
        #expect(ListColumn.parse(["date", "number", "age", "customer", "items", "total", "status"])
            == [.date, .number, .age, .customer, .items, .total, .status])
        #expect(ListColumn.names(nil) == ["number", "date", "age", "customer", "items", "total", "status", "due"])
        #expect(ListColumn.names([.total, .due]) == ["total", "due"])
    }

    @Test func typedChoicesAreReadOrRefusedNamingTheColumns() throws {
        #expect(try ListColumn.choice("number,customer,total,status") == [.number, .customer, .total, .status])
        #expect(try ListColumn.choice(" Total, number  due,total ") == [.total, .number, .due])
        #expect(try ListColumn.choice("") == nil)
        #expect(try ListColumn.choice("standard") == nil)
        #expect(try ListColumn.choice("ALL") == ListColumn.allCases)
        #expect(ListColumn.allCases == ListColumn.standard + [.assignee, .tags, .country, .source, .outstanding])
        #expect(try ListColumn.choice("number,date,age,customer,items,total,status,due") == nil)
        #expect(try ListColumn.choice("number customer assignee tags outstanding") == [.number, .customer, .assignee, .tags, .outstanding])
        #expect(throws: ListColumnError.unknown("colour")) { try ListColumn.choice("number,colour") }
        #expect(ListColumnError.unknown("colour").description
            == "unknown column \"colour\"; the columns are number, date, age, customer, items, total, status, due, assignee, tags, country, source, outstanding (or standard, or all)")
    }

    @Test func aViewsColumnsShowUntilAStatusTabAndSavingKeepsTheChoice() async throws {
        let (views, list, store) = await SavedViewsModelTests.loaded()
        #expect(list.chosenColumns == nil)
        #expect(list.shownColumns == Self.everyColumnWithoutDue)

        // Chosen columns, in the order typed, are saved with the search and sort.
        list.searchTextChanged("country:BR")
        list.setColumns([.total, .number, .customer])
        #expect(list.shownColumns == [.total, .number, .customer])
        views.save("Brazil", personal: false, replacing: false)
        await views.waitForPendingWork()
        #expect(try await store.savedViews().last?.columns == ["total", "number", "customer"])

        // A status tab goes back to every column; showing the view again brings its columns.
        list.selectTab(.pending)
        #expect(list.chosenColumns == nil)
        #expect(list.shownColumns == Self.everyColumnWithoutDue)
        #expect(views.show("brazil"))
        #expect(list.chosenColumns == [.total, .number, .customer])
        #expect(views.selectedView?.name == "Brazil")
        #expect(list.statusTab == .all)
        #expect(list.searchText == "country:BR")

        // Refining the search leaves the view but keeps its columns (so :save keeps them).
        list.searchTextChanged("country:BR flagged")
        #expect(views.selectedView == nil)
        #expect(list.chosenColumns == [.total, .number, .customer])

        // A seeded view (stored with the seven names from before Due) shows every column.
        #expect(views.show("To fulfil"))
        #expect(list.chosenColumns == nil)
        #expect(list.shownColumns == Self.everyColumnWithoutDue)

        // Choosing other columns on a shown view, then saving it again under its name, replaces it.
        #expect(views.show("Brazil"))
        list.setColumns([.number, .status])
        #expect(views.selectedView == nil)
        #expect(views.wouldReplace("Brazil", personal: false))
        views.save("Brazil", personal: false, replacing: true)
        await views.waitForPendingWork()
        #expect(views.selectedView?.name == "Brazil")
        #expect(try await store.savedViews().map(\.columns) == Array(repeating: ["number", "date", "age", "customer", "items", "total", "status"], count: 4)
            + [["number", "status"]])

        // The standard columns chosen again (`:columns`) are saved as their names.
        list.setColumns(nil)
        views.save("Brazil", personal: false, replacing: true)
        await views.waitForPendingWork()
        #expect(try await store.savedViews().last?.columns == ListColumn.standard.map(\.rawValue))

        // The chooseable extras are saved with a view and come back with it.
        list.setColumns([.number, .assignee, .tags, .country, .source, .outstanding])
        views.save("Extras", personal: false, replacing: false)
        await views.waitForPendingWork()
        #expect(try await store.savedViews().last?.columns == ["number", "assignee", "tags", "country", "source", "outstanding"])

        // Read again by another list on the same store (the app started again): the same columns.
        list.setColumns([.customer, .age])
        views.save("Ages", personal: false, replacing: false)
        await views.waitForPendingWork()
        let again = OrderListModel(store: store, environment: PresentationFixtures.environment())
        again.load()
        await again.waitForPendingWork()
        let viewsAgain = SavedViewsModel(list: again, store: store, personalStore: nil)
        viewsAgain.reload()
        await viewsAgain.waitForPendingWork()
        #expect(again.shownColumns == Self.everyColumnWithoutDue)
        #expect(viewsAgain.show("Ages"))
        #expect(again.shownColumns == [.customer, .age])
        #expect(viewsAgain.show("Brazil"))
        #expect(again.chosenColumns == nil)
        #expect(viewsAgain.show("Extras"))
        #expect(again.shownColumns == [.number, .assignee, .tags, .country, .source, .outstanding])
    }

    @Test func dueShowsOnlyWithAPromiseWhereverTheChoicePutsIt() async {
        let store = InMemoryOrderStore(orders: OrderFixtures.sample)
        let utc = TimeZone(identifier: "UTC") ?? .current
        var environment = PresentationFixtures.environment()
        environment.fulfilmentPromise = FulfilmentPromise(allowance: .days(2), timeZone: utc)
        let promised = OrderListModel(store: store, environment: environment)
        #expect(promised.shownColumns == Self.everyColumnWithoutDue + [.due])
        promised.setColumns([.due, .number])
        #expect(promised.shownColumns == [.due, .number])
        promised.setColumns([.number, .total])
        #expect(promised.shownColumns == [.number, .total])
        // Without a promise there is nothing to be due against: a view's Due is left out.
        let unpromised = OrderListModel(store: store, environment: PresentationFixtures.environment())
        unpromised.setColumns([.due, .number])
        #expect(unpromised.shownColumns == [.number])
        // The standard columns, or none, chosen is no choice; every column is one.
        unpromised.setColumns(ListColumn.allCases)
        #expect(unpromised.chosenColumns == ListColumn.allCases)
        #expect(unpromised.shownColumns == ListColumn.allCases.filter { $0 != .due })
        unpromised.setColumns(ListColumn.standard)
        #expect(unpromised.chosenColumns == nil)
        unpromised.setColumns([])
        #expect(unpromised.chosenColumns == nil)
    }
}
