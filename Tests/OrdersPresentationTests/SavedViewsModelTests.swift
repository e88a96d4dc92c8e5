import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// The saved views as the list shows them: tabs with live counts, showing one, saving the current
/// search, replacing, renaming, deleting, a broken query shown with its error, and other operators'
/// changes arriving through the change feed. Whole states: every tab's label, the list's rows.
@Suite("Saved views model")
@MainActor
struct SavedViewsModelTests {
    static func loaded(_ orders: [Order] = OrderFixtures.sample, clock: TestClock = TestClock())
        async -> (SavedViewsModel, OrderListModel, InMemoryOrderStore) {
        let (list, store) = await PresentationFixtures.loadedModel(orders, clock: clock)
        let views = SavedViewsModel(list: list, store: store, personalStore: nil)
        views.reload()
        await views.waitForPendingWork()
        return (views, list, store)
    }

    static func labels(_ views: SavedViewsModel) -> [String] {
        views.tabs.map { $0.label + ($0.isSelected ? "[selected]" : "") }
    }

    @Test func theDefaultViewsShowWithTheirCounts() async {
        let (views, _, _) = await Self.loaded()
        // To fulfil: order 2 (processing); unpaid over 3 days: none (1 and 7 are 30 and 50 hours old);
        // high risk: none; Mine (the actor is mia): order 7.
        #expect(Self.labels(views) == [" To fulfil 1 ", " Unpaid > 3 days 0 ", " High risk 0 ", " Mine 1 "])
        #expect(views.names == ["To fulfil", "Unpaid > 3 days", "High risk", "Mine"])
    }

    @Test func showingAViewPutsItsSearchAndSortOnTheList() async {
        let (views, list, _) = await Self.loaded()
        list.selectTab(.pending)
        #expect(views.show("MINE"))
        #expect(list.searchText == "assignee:me status:pending,processing")
        #expect(list.sort == OrderSort(.date, ascending: true))
        #expect(list.statusTab == .all)
        #expect(list.visibleNumbers == [7])
        #expect(list.statusMessage == nil, "the tab bar shows the view; a message would stay after leaving it")
        #expect(Self.labels(views) == [" To fulfil 1 ", " Unpaid > 3 days 0 ", " High risk 0 ", " Mine 1 [selected]"])
        // Typing in the search leaves the view: it is no longer what the list shows.
        list.searchTextChanged("assignee:me")
        #expect(views.selectedView == nil)
        #expect(!views.show("Nope"))
        #expect(list.errorMessage == "There is no view named \"Nope\" (known: To fulfil, Unpaid > 3 days, High risk, Mine).")
    }

    @Test func savingTheCurrentSearchAddsATabAndAsksBeforeReplacing() async throws {
        let (views, list, store) = await Self.loaded()
        list.searchTextChanged("country:BR")
        list.setSort(OrderSort(.total, ascending: false))
        #expect(!views.wouldReplace("brazil", personal: false))
        views.save("Brazil", personal: false, replacing: false)
        await views.waitForPendingWork()
        #expect(list.statusMessage == "Saved view Brazil")
        #expect(Self.labels(views) == [" To fulfil 1 ", " Unpaid > 3 days 0 ", " High risk 0 ", " Mine 1 ", " Brazil 2 [selected]"])
        let stored = try #require(try await store.savedViews().last)
        #expect([stored.name, stored.query, stored.sort, stored.updatedBy] == ["Brazil", "country:BR", "total:desc", "mia"])
        #expect(stored.columns == ListColumn.standard.map(\.rawValue))

        // The same name in any case would replace it: the app asks first; without asking it is refused.
        #expect(views.wouldReplace("BRAZIL", personal: false))
        list.searchTextChanged("country:BR flagged")
        views.save("BRAZIL", personal: false, replacing: false)
        await views.waitForPendingWork()
        #expect(list.errorMessage == "A view named \"Brazil\" already exists.")
        views.save("BRAZIL", personal: false, replacing: true)
        await views.waitForPendingWork()
        #expect(Self.labels(views).last == " BRAZIL 1 [selected]")
        #expect(try await store.savedViews().map(\.query).last == "country:BR flagged")
    }

    @Test func renamingAndDeleting() async throws {
        let (views, list, store) = await Self.loaded()
        views.rename("high risk", to: "Risky")
        await views.waitForPendingWork()
        #expect(list.statusMessage == "Renamed view high risk to Risky")
        views.delete("To fulfil")
        await views.waitForPendingWork()
        #expect(list.statusMessage == "Deleted view To fulfil")
        #expect(Self.labels(views) == [" Unpaid > 3 days 0 ", " Risky 0 ", " Mine 1 "])
        #expect(try await store.savedViews().map(\.name) == ["Unpaid > 3 days", "Risky", "Mine"])
        views.delete("To fulfil")
        await views.waitForPendingWork()
        #expect(list.errorMessage == "There is no view named \"To fulfil\" (known: Unpaid > 3 days, Risky, Mine).")
    }

    @Test func aViewWhoseQueryNoLongerParsesIsShownWithItsError() async throws {
        let (views, list, store) = await Self.loaded()
        let now = OrderFixtures.now
        try await store.saveView(SavedView(name: "Broken", query: "total>lots", sort: "date:desc", createdAt: now, updatedBy: "bo"),
                                 replacing: false)
        try await store.saveView(SavedView(name: "Old sort", query: "flagged", sort: "weight:asc", createdAt: now, updatedBy: "bo"),
                                 replacing: false)
        views.reload()
        await views.waitForPendingWork()
        #expect(Self.labels(views) == [" To fulfil 1 ", " Unpaid > 3 days 0 ", " High risk 0 ", " Mine 1 ", " Broken ! ", " Old sort ! "])
        #expect(views.tabs.map(\.problem) == [nil, nil, nil, nil, "\"lots\" is not an amount (write total>1000 or total<49.90)",
                                              "unknown sort field \"weight\" (expected date, id, customer, total, status, items, due, age, number)"])
        let before = list.visibleNumbers
        #expect(views.show("broken"))
        // The query stays in the search box with its error; the rows stay those of the last good search.
        #expect(list.searchText == "total>lots")
        #expect(list.queryError != nil)
        #expect(list.visibleNumbers == before)
        // A sort that cannot be read leaves the list's sort as it was; the query still applies.
        list.setSort(OrderSort(.customer, ascending: true))
        #expect(views.show("Old sort"))
        #expect(list.sort == OrderSort(.customer, ascending: true))
        #expect(list.visibleNumbers == [6, 2], "ana lima before Jürgen Müller")
    }

    @Test func countsFollowLiveChangesAndOtherOperatorsViews() async throws {
        let (views, list, store) = await Self.loaded()
        list.startObservingChanges()
        // Another operator moves order 1 to processing and assigns order 2 to mia.
        try await store.update(OrderID(1), expectedVersion: 1, mutations: [.setStatus(.processing)], actor: "bo")
        try await list.expectChangesHandled(1)
        await list.waitForPendingWork()
        try await store.update(OrderID(2), expectedVersion: 1, mutations: [.setAssignee("mia")], actor: "bo")
        try await list.expectChangesHandled(2)
        await list.waitForPendingWork()
        #expect(Self.labels(views) == [" To fulfil 2 ", " Unpaid > 3 days 0 ", " High risk 0 ", " Mine 2 "])
        // Our own action counts at once (the optimistic row), like the status tabs.
        list.select(id: OrderID(7))
        list.perform(.setStatus(.cancelled), on: [OrderID(7)])
        #expect(Self.labels(views) == [" To fulfil 2 ", " Unpaid > 3 days 0 ", " High risk 0 ", " Mine 1 "])
        await list.waitForPendingWork()

        // Another operator saves and deletes views: the tabs follow.
        try await store.saveView(SavedView(name: "Flagged", query: "flagged", sort: "total:desc",
                                           createdAt: OrderFixtures.now, updatedBy: "bo"), replacing: false)
        try await list.expectChangesHandled(4)
        await views.waitForPendingWork()
        try await store.deleteView("Unpaid > 3 days")
        try await list.expectChangesHandled(5)
        await views.waitForPendingWork()
        #expect(Self.labels(views) == [" To fulfil 2 ", " High risk 0 ", " Mine 1 ", " Flagged 2 "])
    }
}
