import Foundation
import OrdersCore
import OrdersPresentation
@testable import OrdersScreens
import OrdersStorage
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
    /// Due first, then total (sorted largest first), the number, the customer, then the columns
    /// narrow terminals drop first (items, date, age) and the payment/shipping cell.
    static let chosen: [ListColumn] = [.due, .total, .number, .customer, .items, .date, .age, .status]

    /// The due column's orders (their due times), each at its own price, so the sort by total shows.
    static let orders: [Order] = zip(DueColumnRenderTests.orders, [30, 120, 45, 80, 5, 60]).map { order, price in
        var priced = order
        priced.items = [LineItem(sku: "SKU-\(order.id.number)", title: "Item", quantity: 1, unitPrice: Decimal(price))]
        return priced
    }

    static func model() async -> OrderListModel {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = DueColumnRenderTests.vienna
        let environment = PresentationEnvironment(now: { DueColumnRenderTests.now }, actor: "tester", locale: Locale(identifier: "en_US"),
                                                  calendar: calendar, fulfilmentPromise: DueColumnRenderTests.promise)
        let model = OrderListModel(store: InMemoryOrderStore(orders: orders), environment: environment)
        model.load()
        await model.waitForPendingWork()
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

    @Test("at 80 columns the header is the view's columns in its order, ▼ on Total; items, date and age dropped")
    func header() async {
        let model = await Self.model()
        let backend = DueColumnRenderTests.render(model, width: 80, height: 24, monochrome: true)
        let header = backend.screenLines.first { $0.contains("Number") } ?? ""
        #expect(header == "            Due        Total ▼ Number        Customer      Payment/Shipping     ")
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
        #expect(backend.screenLines[headerRow] == "            Due          Total Number ▲      Customer      Payment/Shipping     ")
        #expect(backend.screenLines.filter { $0.contains("ORD-") }.map { String($0.prefix(42)) } == [
            "        1h left         €30.00 ORD-0000001", "      ⚠ 1h late        €120.00 ORD-0000002",
            "       30h left         €45.00 ORD-0000003", "                        €80.00 ORD-0000004",
            "      ⚠ 5d late          €5.00 ORD-0000005", "                        €60.00 ORD-0000006",
        ])
        // The marks column does not sort.
        #expect(ListHit.sortKey(ofColumn: 0, shown: model.shownColumns) == nil)
        #expect(ListHit.sortKey(ofColumn: 4, shown: model.shownColumns) == .customer)
        #expect(ListHit.sortKey(ofColumn: 7, shown: model.shownColumns) == .date)
        #expect(ListHit.sortKey(ofColumn: 8, shown: model.shownColumns) == .status)
        #expect(ListHit.sortKey(ofColumn: 9, shown: model.shownColumns) == nil)
    }
}
