import Foundation
@testable import OrdersCore
@testable import OrdersPresentation

/// Everything the list screen shows of a list model: the counts, the sums, the selection and the
/// page of rows in sight. Two list sources are the same to the user when these are equal.
struct ListScreenState: Equatable, CustomStringConvertible {
    var rowCount: Int
    var tabCounts: [StatusTab: Int]
    var summary: ListSummary
    var selectedIndex: Int?
    var selected: OrderID?
    var top: Int
    var page: [OrderID]
    var marked: [OrderID]

    @MainActor
    init(_ list: OrderListModel) {
        rowCount = list.rowCount
        tabCounts = list.tabCounts
        summary = list.summary
        selectedIndex = list.selectedIndex
        selected = list.selectedOrderID
        let viewport = list.viewport(height: list.pageHeight)
        top = viewport.top
        page = (viewport.top..<viewport.top + viewport.height).compactMap { list.row(at: $0)?.id }
        marked = list.markedIDs
    }

    var description: String {
        "rows \(rowCount), tabs \(tabCounts.sorted { $0.key.rawValue < $1.key.rawValue }), \(summary), "
            + "selected \(selectedIndex.map(String.init) ?? "-") \(selected?.description ?? "-"), top \(top), "
            + "page \(page.map(\.number)), marked \(marked.map(\.number))"
    }
}
