import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
import Testing

@Suite("Order list: rows, selection, sorting, tabs")
@MainActor
struct OrderListModelTests {
    @Test("loads every order newest first and selects the first row")
    func loadsNewestFirst() async throws {
        let (model, _) = await PresentationFixtures.loadedModel()
        #expect(model.loadingState == .loaded)
        #expect(model.visibleNumbers == [5, 2, 3, 1, 4, 7, 6])
        #expect(model.rowCount == 7)
        #expect(model.selectedIndex == 0)
        #expect(model.selectedOrderID == OrderID(5))
        #expect(model.summary == ListSummary(shown: 7, total: 7, marked: 0,
                                             totalsByCurrency: ["USD": Decimal(string: "4709.99")!, "JPY": 12000]))
        #expect(model.tabCounts == [.all: 7, .pending: 2, .processing: 1, .shipped: 1, .completed: 1, .closed: 2])
    }

    @Test("a row carries its formatted values")
    func rowContents() async throws {
        let (model, _) = await PresentationFixtures.loadedModel()
        let row = try #require(model.row(at: 2))
        #expect(row == OrderRow(
            id: OrderID(3), idText: "ORD-0000003", dateText: "5h ago", ageText: "5h", customer: "山田 太郎", customerHighlights: [],
            itemCount: 1, total: 12000, currency: .jpy, totalText: "¥12,000", status: .shipped, statusText: "Shipped",
            statusCell: "Paid/Sent", country: "JP", source: "local", outstandingText: "¥12,000",
            isFlagged: false, isMarked: false, isRecentlyChanged: false, isSelected: false))
        #expect(row.itemCountText == "1")
        #expect(try #require(model.row(at: 0)).isSelected)
        #expect(try #require(model.row(at: 1)).totalText == "$1,500.00")
        #expect(try #require(model.row(at: 3)).dateText == "yesterday")
        #expect(model.row(at: 7) == nil)
        #expect(model.row(at: -1) == nil)
    }

    /// Each step is a user action; the expectation is the selected index after it.
    static let movement: [(String, (OrderListModel) -> Void, Int?)] = [
        ("down", { $0.moveSelection(by: 1) }, 1),
        ("down 3", { $0.moveSelection(by: 3) }, 4),
        ("down past the end clamps", { $0.moveSelection(by: 100) }, 6),
        ("down at the end stays", { $0.moveSelection(by: 1) }, 6),
        ("page up", { $0.page(.up, pageSize: 4) }, 2),
        ("page up past the top clamps", { $0.page(.up, pageSize: 4) }, 0),
        ("up at the top stays", { $0.moveSelection(by: -1) }, 0),
        ("page down", { $0.page(.down, pageSize: 5) }, 5),
        ("first", { $0.selectFirst() }, 0),
        ("last", { $0.selectLast() }, 6),
        ("select an out-of-range index clamps", { $0.select(at: 99) }, 6),
    ]

    @Test("selection moves and clamps at both ends")
    func selectionMovement() async {
        let (model, _) = await PresentationFixtures.loadedModel()
        for (name, step, expected) in Self.movement {
            step(model)
            #expect(model.selectedIndex == expected, "\(name)")
        }
    }

    @Test("an empty list never traps and has no selection")
    func emptyList() async {
        let (model, _) = await PresentationFixtures.loadedModel([])
        for step in Self.movement.map(\.1) { step(model) }
        #expect(model.rowCount == 0)
        #expect(model.selectedIndex == nil)
        #expect(model.selectedOrderID == nil)
        #expect(model.row(at: 0) == nil)
        model.toggleMark()
        model.markAllVisible()
        #expect(model.markedCount == 0)
        #expect(model.perform(.flag) == 0)
    }
}
