import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersScreens
@testable import OrdersStorage
import TermRender
import TermRenderTesting
import Testing

/// The tab bar with saved views: after the status tabs, with live counts; at 80 columns the
/// status tabs shorten and the views that do not fit collapse into "+N" (the selected one is
/// always shown); at 200 columns everything shows in full. Whole screens as snapshots, and the
/// tab line spelled out.
@MainActor
@Suite("Saved view tabs rendering")
struct SavedViewTabsRenderTests {
    nonisolated static let now = Date(timeIntervalSince1970: 1_790_000_000) // 2026-09-21 14:13:20 UTC

    static func order(_ number: Int, _ customer: String, status: OrderStatus, hoursAgo: Double, assignee: String? = nil) -> Order {
        Order(id: OrderID(number), customerName: customer, email: "c\(number)@example.com", country: "DE", currency: .eur,
              items: [LineItem(sku: "SKU-\(number)", title: "Item", quantity: 1, unitPrice: Decimal(number * 10))],
              createdAt: now.addingTimeInterval(-hoursAgo * 3600), status: status, assignee: assignee)
    }

    static func models() async throws -> (OrderListModel, SavedViewsModel) {
        let store = InMemoryOrderStore(orders: [
            order(1, "Ana Lima", status: .pending, hoursAgo: 100),
            order(2, "王秀英", status: .processing, hoursAgo: 30, assignee: "tester"),
            order(3, "José Müller", status: .processing, hoursAgo: 3),
            order(4, "Bob Stone", status: .shipped, hoursAgo: 80),
        ], now: { now })
        try await store.saveView(SavedView(name: "Germany, big", query: "country:DE total>25", sort: "total:desc",
                                           createdAt: now, updatedBy: "bo"), replacing: false)
        try await store.saveView(SavedView(name: "Broken", query: "total>lots", sort: "date:desc",
                                           createdAt: now, updatedBy: "bo"), replacing: false)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let environment = PresentationEnvironment(now: { now }, actor: "tester", locale: Locale(identifier: "en_US"), calendar: calendar)
        let list = OrderListModel(store: store, environment: environment)
        list.load()
        await list.waitForPendingWork()
        let views = SavedViewsModel(list: list, store: store, personalStore: nil)
        views.reload()
        await views.waitForPendingWork()
        return (list, views)
    }

    static func screen(_ list: OrderListModel, _ views: SavedViewsModel) -> OrderListScreen {
        // The search line as the app shows it: the view's query, with its error when it has one.
        OrderListScreen(model: list, databaseName: "test.db", hints: [.init(key: "q", label: "quit")],
                        search: SearchFieldDisplay(text: list.searchText, cursor: 0, isFocused: false), views: views.tabs)
    }

    @Test("80x24: the status tabs in full and the views as +N; a selected view is shown, the status tabs shortening for it")
    func narrow() async throws {
        let (list, views) = try await Self.models()
        let size = Size(width: 80, height: 24)
        let buffer = FrameRenderer.render(Self.screen(list, views), size: size, environment: EnvironmentValues())
        #expect(buffer.lines[1]
            == " All 4   Pending 1   Processing 2   Shipped 1   Completed 0   Closed 0   +6     ")
        expectSnapshot(buffer, named: "saved-view-tabs-80x24")

        // The last view selected: it is shown, the ones before it collapse.
        #expect(views.show("Broken"))
        let selected = FrameRenderer.render(Self.screen(list, views), size: size, environment: EnvironmentValues())
        expectSnapshot(selected, named: "saved-view-tabs-selected-80x24")
    }

    /// Issue 30: at 80 columns the chosen view was never on the tab bar, and "View: …" stayed in the
    /// status bar after switching to All. Now the view shown is on the bar (the status tabs
    /// shortening for it), the status bar never names it, and All or another status tab takes
    /// the view off the bar again (back to +N) with nothing left behind.
    @Test("80x24: the view shown is on the tab bar, not in the status bar; All or another tab leaves it with nothing left behind")
    func switchingAwayFromAView() async throws {
        let (list, views) = try await Self.models()
        let size = Size(width: 80, height: 24)
        let collapsed = " All 4   Pending 1   Processing 2   Shipped 1   Completed 0   Closed 0   +6     "
        #expect(views.show("Germany, big"))
        let shown = FrameRenderer.render(Self.screen(list, views), size: size, environment: EnvironmentValues())
        expectSnapshot(shown, named: "saved-view-shown-80x24")
        #expect(shown.lines[1].contains("Germany, big"))
        #expect(!shown.lines.contains { $0.contains("View") })

        // What the app does on a status tab while a view is shown (`AppCoordinator.selectStatusTab`).
        func selectStatusTab(_ tab: StatusTab) {
            list.show(query: "", sort: nil, columns: nil)
            list.selectTab(tab)
        }
        selectStatusTab(.all)
        #expect(views.selectedView == nil)
        let all = FrameRenderer.render(Self.screen(list, views), size: size, environment: EnvironmentValues())
        expectSnapshot(all, named: "saved-view-left-for-all-80x24")
        #expect(all.lines[1] == collapsed)
        #expect(!all.lines.contains { $0.contains("View") || $0.contains("Germany") })

        #expect(views.show("Germany, big"))
        selectStatusTab(.processing)
        #expect(views.selectedView == nil)
        let processing = FrameRenderer.render(Self.screen(list, views), size: size, environment: EnvironmentValues())
        #expect(processing.lines[1] == collapsed)
        #expect(!processing.lines.contains { $0.contains("View") || $0.contains("Germany") })
    }

    @Test("200x60: every tab in full, a broken view marked with !")
    func wide() async throws {
        let (list, views) = try await Self.models()
        #expect(views.show("Mine"))
        let buffer = FrameRenderer.render(Self.screen(list, views), size: Size(width: 200, height: 60), environment: EnvironmentValues())
        expectSnapshot(buffer, named: "saved-view-tabs-200x60")
    }

    @Test("the layout rule: status tabs first, then views in order while they fit with room for +N")
    func layoutRule() {
        let status = StatusTab.allCases.map { StatusTabLabel(tab: $0, count: "1", isSelected: false) }
        func view(_ name: String, selected: Bool = false) -> SavedViewTab {
            SavedViewTab(view: SavedView(name: name, query: "", sort: "date:desc", createdAt: Self.now, updatedBy: ""),
                         count: 3, problem: nil, isSelected: selected)
        }
        let views = [view("One"), view("Two"), view("Three"), view("Four")]
        // Everything fits in full at 200.
        #expect(TabBarLayout.fitting(status, views: views, width: 200)
            == TabBarLayout(statusTexts: status.map(\.full), shownViews: [0, 1, 2, 3],
                            shownViewTexts: [" One 3 ", " Two 3 ", " Three 3 ", " Four 3 "], hiddenViews: 0))
        // At 80 the full titles (71 columns with gaps) leave room for "+4" only: views never shorten them…
        #expect(TabBarLayout.fitting(status, views: views, width: 80)
            == TabBarLayout(statusTexts: status.map(\.full), shownViews: [], shownViewTexts: [], hiddenViews: 4))
        // …except for the view shown, which is always on the bar: the short titles (54 columns) leave room
        // for it, one more view (9 + 9) and "+2".
        var selectedLast = views
        selectedLast[3].isSelected = true
        #expect(TabBarLayout.fitting(status, views: selectedLast, width: 80)
            == TabBarLayout(statusTexts: status.map(\.compact), shownViews: [0, 3], shownViewTexts: [" One 3 ", " Four 3 "],
                            hiddenViews: 2))
        // No room at all: only "+N", never a cut tab.
        #expect(TabBarLayout.fitting(status, views: views, width: 30).shownViews == [])
        #expect(TabBarLayout.fitting(status, views: views, width: 0).hiddenViews == 4)
    }

    /// 21,000 orders: counts of five digits. Widths with one column between tabs:
    /// full 11+14+17+14+16+12 = 84, +5 = 89; short 11+11+11+11+11+12 = 67, +5 = 72;
    /// unpadded 9+9+9+9+9+10 = 55, +5 = 60; two letters 9+7+7+7+7+6 = 43, +5 = 48.
    static let bigCounts: [StatusTabLabel] = zip(StatusTab.allCases, ["21000", "3120", "5480", "4211", "7702", "487"])
        .map { StatusTabLabel(tab: $0, count: $1, isSelected: $0 == .all) }
    static func bigViews(selecting selected: String?) -> [SavedViewTab] {
        [("To fulfil", 12), ("Mine", 3), ("Unpaid > 3 days", 0)].map { name, count in
            SavedViewTab(view: SavedView(name: name, query: "", sort: "date:desc", createdAt: now, updatedBy: ""),
                         count: count, problem: nil, isSelected: name == selected)
        }
    }

    @Test("counts are never cut: the labels shorten, down to two letters; the selected view stays, its name cut before its count")
    func countsNeverCut() {
        let status = Self.bigCounts
        // 80, nothing selected: short titles (72) and " +3 " (4 + 1) = 77.
        #expect(TabBarLayout.fitting(status, views: Self.bigViews(selecting: nil), width: 80)
            == TabBarLayout(statusTexts: status.map(\.compact), shownViews: [], shownViewTexts: [], hiddenViews: 3))
        // 80, "Unpaid > 3 days" (19) selected with " +2 " (4): 48 + 1 + 19 + 1 + 4 = 73; short titles would need 97.
        #expect(TabBarLayout.fitting(status, views: Self.bigViews(selecting: "Unpaid > 3 days"), width: 80)
            == TabBarLayout(statusTexts: status.map(\.tiny), shownViews: [2], shownViewTexts: [" Unpaid > 3 days 0 "],
                            hiddenViews: 2))
        // 60, nothing selected: unpadded (60) leaves no room for " +3 ", so two letters: 48 + 5 = 53.
        #expect(TabBarLayout.fitting(status, views: Self.bigViews(selecting: nil), width: 60)
            == TabBarLayout(statusTexts: status.map(\.tiny), shownViews: [], shownViewTexts: [], hiddenViews: 3))
        // 60, selected: 61 - 49 = 12 columns left; " +2 " and its gap take 5, the gap before the view 1: the
        // view gets 6, " U… 0 " (the count whole). 48 + 1 + 6 + 1 + 4 = 60.
        #expect(TabBarLayout.fitting(status, views: Self.bigViews(selecting: "Unpaid > 3 days"), width: 60)
            == TabBarLayout(statusTexts: status.map(\.tiny), shownViews: [2], shownViewTexts: [" U… 0 "], hiddenViews: 2))
    }

    @Test("the tab bar drawn at 60, 80 and 200 columns with five-digit counts", arguments: [60, 80, 200])
    func bigCountsDrawn(width: Int) {
        var lines: [String] = []
        for selected in [nil, "Unpaid > 3 days"] {
            let bar = StatusTabsBar(tabs: Self.bigCounts, views: Self.bigViews(selecting: selected), toggles: nil)
            lines.append(FrameRenderer.render(bar, size: Size(width: width, height: 1), environment: EnvironmentValues()).lines[0])
        }
        let expected: [Int: [String]] = [
            60: ["All 21000 Pe 3120 Pr 5480 Sh 4211 Do 7702 Cl 487  +3        ",
                 "All 21000 Pe 3120 Pr 5480 Sh 4211 Do 7702 Cl 487  U… 0   +2 "],
            80: [" All 21000   Pend 3120   Proc 5480   Ship 4211   Done 7702   Closed 487   +3    ",
                 "All 21000 Pe 3120 Pr 5480 Sh 4211 Do 7702 Cl 487  Unpaid > 3 days 0   +2        "],
            200: [" All 21000   Pending 3120   Processing 5480   Shipped 4211   Completed 7702   Closed 487   To fulfil 12   Mine 3 "
                  + "  Unpaid > 3 days 0 " + String(repeating: " ", count: 200 - 133),
                  " All 21000   Pending 3120   Processing 5480   Shipped 4211   Completed 7702   Closed 487   To fulfil 12   Mine 3 "
                  + "  Unpaid > 3 days 0 " + String(repeating: " ", count: 200 - 133)],
        ]
        #expect(lines == expected[width])
    }
}
