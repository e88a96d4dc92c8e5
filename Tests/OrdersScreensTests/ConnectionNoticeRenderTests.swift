import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersScreens
@testable import OrdersStorage
import TermRender
import Testing

/// The status bar's words about the database connection (PostgreSQL): whole screens, and
/// the notice in the theme's warning style.
@MainActor
@Suite("Order list screen: the database connection's notice")
struct ConnectionNoticeRenderTests {
    func render(_ notice: ConnectionNotice?) async -> TestBackend {
        let model = OrderListModel(store: InMemoryOrderStore(orders: [
            OrderListScreenRenderTests.order(1, "Ana Lima", total: 12.5, currency: .usd, status: .pending, hoursAgo: 3),
        ]), environment: ScreenFixtures.environment)
        model.load()
        await model.waitForPendingWork()
        // Set as the store's health report sets it (`OrderListModel+ConnectionHealth`, tested over a real server).
        model.connectionNotice = notice
        let backend = TestBackend(size: Size(width: 80, height: 6))
        RenderSession(backend: backend).render(OrderListScreen(model: model, databaseName: "postgresql://ines@db/orders",
                                                               hints: [.init(key: "q", label: "quit")]))
        return backend
    }

    @Test("unreachable, then reconnected, then nothing: the line before the sums, in the warning style")
    func theNoticeOnTheStatusBar() async throws {
        let header = "orders postgresql://ines@db/orders                                    1/1 orders"
        let rows = [
            " All 1   Pending 1   Processing 0   Shipped 0   Completed 0   Closed 0          ",
            "    Number        Age▲ Customer                      Total Payment/Shipping     ",
            "    ORD-0000001     3h Ana Lima                     $12.50 Unpaid/Unsent        ",
        ]
        let unreachable = await render(.unreachable)
        #expect(unreachable.screenLines == [header] + rows + [
            "                                    Database unreachable — reconnecting…  $12.50",
            "q quit                                                                          ",
        ])
        let noticeStart = 36
        for x in noticeStart..<(noticeStart + 36) {
            #expect(unreachable.style(x: x, y: 4) == Theme.dark.warning, "column \(x)")
        }
        let reconnected = await render(.reconnected)
        #expect(reconnected.screenLines == [header] + rows + [
            "                                                             Reconnected  $12.50",
            "q quit                                                                          ",
        ])
        #expect((61..<72).allSatisfy { reconnected.style(x: $0, y: 4) == Theme.dark.warning })
        let healthy = await render(nil)
        #expect(healthy.screenLines == [header] + rows + [
            "                                                                          $12.50",
            "q quit                                                                          ",
        ])
        #expect((0..<72).allSatisfy { healthy.style(x: $0, y: 4) == Style() })
    }

    @Test("on an order's detail the notice shows above the hints, and goes with the outage")
    func theNoticeOnTheDetail() async throws {
        let model = try await ScreenFixtures.detailModel()
        let (healthy, _) = OrderDetailScreenRenderTests.render(model, size: Size(width: 80, height: 24))
        model.list.connectionNotice = .unreachable
        let (unreachable, _) = OrderDetailScreenRenderTests.render(model, size: Size(width: 80, height: 24))
        #expect(unreachable.screenLines[22] == "Database unreachable — reconnecting…" + String(repeating: " ", count: 44))
        #expect((0..<36).allSatisfy { unreachable.style(x: $0, y: 22) == Theme.dark.warning })
        // The order gives up its last row to the notice (its scroll bar, in the last column, is
        // drawn for the shorter view); header and hints stay.
        #expect(unreachable.screenLines[0] == healthy.screenLines[0])
        #expect(unreachable.screenLines[23] == healthy.screenLines[23])
        #expect(unreachable.screenLines[2..<22].map { $0.dropLast() } == healthy.screenLines[2..<22].map { $0.dropLast() })
        model.list.connectionNotice = nil
        let (after, _) = OrderDetailScreenRenderTests.render(model, size: Size(width: 80, height: 24))
        #expect(after.screenLines == healthy.screenLines)
    }
}
