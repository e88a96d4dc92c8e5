import Foundation
import OrdersCore
@testable import OrdersScreens
import TermRender
import TermRenderTesting
import Testing

/// The list with a saved view's columns: the header, the cells and the sort indicator follow the
/// chosen columns in their order (the marks always first), narrow terminals still drop by
/// priority, and a click on a moved column's heading sorts by that column. Whole screens at 80x24
/// and 200x60, over the due column's fixture (a promise, so Due can be moved too).
@MainActor
@Suite("The list with a view's columns")
struct ViewColumnsRenderTests {
    /// Due first, then total (sorted largest first), the number and the customer.
    static let chosen: [ListColumn] = [.due, .total, .number, .customer]

    static func model() async -> OrderListModel {
        let model = await DueColumnRenderTests.model()
        model.show(query: "", sort: OrderSort(.total, ascending: false), columns: chosen)
        return model
    }

    @Test("a view's columns in its order with the sort indicator on the moved Total, at 80x24 and 200x60",
          arguments: [(80, 24), (200, 60)])
    func screens(_ size: (width: Int, height: Int)) async {
        let model = await Self.model()
        #expect(model.shownColumns == Self.chosen)
        let backend = DueColumnRenderTests.render(model, width: size.width, height: size.height, monochrome: false)
        expectScreenSnapshot(backend, named: "view-columns-\(size.width)x\(size.height)")
    }

    @Test("at 80 columns the header is the view's columns, in its order, with ▼ on Total")
    func header() async {
        let model = await Self.model()
        let backend = DueColumnRenderTests.render(model, width: 80, height: 24, monochrome: true)
        let header = backend.screenLines.first { $0.contains("Number") } ?? ""
        #expect(header == "           Due          Total▼ Number        Customer                              ")
    }

    @Test("a click on a moved column's heading sorts by that column; the indicator follows it")
    func clickOnAMovedHeading() async throws {
        let model = await Self.model()
        let backend = TestBackend(size: Size(width: 80, height: 24))
        let session = RenderSession(backend: backend, environment: EnvironmentValues())
        let screen = { OrderListScreen(model: model, databaseName: "shop.db", hints: [.init(key: "q", label: "quit")]) }
        session.render(screen())
        let headerRow = try #require(backend.screenLines.firstIndex { $0.contains("Number") })
        let numberX = try #require(backend.screenLines[headerRow].range(of: "Number")).lowerBound.utf16Offset(in: backend.screenLines[headerRow])
        // What the shell does with a click on a heading (`AppShell.handleMouse`).
        let hit = try #require(session.hitTest(Point(x: numberX + 1, y: headerRow))?.base as? TableHeaderHit)
        #expect(hit == TableHeaderHit(table: AnyHashable(ListHit.table), column: 3))
        let key = try #require(ListHit.sortKey(ofColumn: hit.column, shown: model.shownColumns))
        #expect(key == .id)
        model.sort(by: key)
        session.render(screen())
        #expect(model.sort == OrderSort(.id))
        #expect(backend.screenLines[headerRow] == "           Due          Total Number▲       Customer                              ")
        #expect(backend.screenLines.filter { $0.contains("ORD-") }.map { String($0.prefix(42)) } == [
            "                    €10.00 ORD-0000001",
        ])
        // The marks column does not sort.
        #expect(ListHit.sortKey(ofColumn: 0, shown: model.shownColumns) == nil)
        #expect(ListHit.sortKey(ofColumn: 4, shown: model.shownColumns) == .customer)
        #expect(ListHit.sortKey(ofColumn: 5, shown: model.shownColumns) == nil)
    }
}
