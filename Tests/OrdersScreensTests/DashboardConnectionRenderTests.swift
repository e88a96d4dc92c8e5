import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersScreens
import TermRender
import Testing

/// The dashboard says when the database cannot be reached, above the hints, as the list's status
/// bar and the detail do: whole 80x24 screens, the notice in the theme's warning style.
@MainActor
@Suite("Dashboard screen: the database connection's notice")
struct DashboardConnectionRenderTests {
    func render(_ model: DashboardModel) -> TestBackend {
        let backend = TestBackend(size: Size(width: 80, height: 24))
        RenderSession(backend: backend).render(DashboardScreen(model: model, databaseName: "postgresql://ines@db/orders",
                                                               hints: DashboardScreenRenderTests.hints))
        return backend
    }

    @Test("unreachable, then reconnected, then nothing: one line above the hints, the panels unmoved")
    func theNoticeAboveTheHints() async throws {
        let model = await DashboardScreenRenderTests.dashboard()
        model.setLayout(DashboardLayout(width: 80, height: 24))
        let list = try #require(model.list)
        let healthy = render(model)
        #expect(healthy.screenLines[22] == String(repeating: " ", count: 80))

        // Set as the store's health report sets it (`OrderListModel+ConnectionHealth`, tested over a real server).
        list.connectionNotice = .unreachable
        let unreachable = render(model)
        #expect(unreachable.screenLines[22] == "Database unreachable — reconnecting…" + String(repeating: " ", count: 44))
        #expect((0..<36).allSatisfy { unreachable.style(x: $0, y: 22) == Theme.dark.warning })
        #expect(unreachable.style(x: 36, y: 22) == Style())
        // Every other line is the healthy screen's: header, panels and hints stay where they were.
        #expect(Array(unreachable.screenLines[0..<22]) == Array(healthy.screenLines[0..<22]))
        #expect(unreachable.screenLines[23] == healthy.screenLines[23])
        #expect(unreachable.screenLines[23].hasPrefix("esc back  tab panel  enter list them"))

        list.connectionNotice = .reconnected
        let reconnected = render(model)
        #expect(reconnected.screenLines[22] == "Reconnected" + String(repeating: " ", count: 69))
        #expect((0..<11).allSatisfy { reconnected.style(x: $0, y: 22) == Theme.dark.warning })

        list.connectionNotice = nil
        #expect(render(model).screenLines == healthy.screenLines)
    }
}
