import Foundation
import OrdersCore
@testable import OrdersScreens
import TermRender
import Testing

/// The list screen drawn into the in-memory backend, compared line by line.
@MainActor
@Suite("Order list screen rendering")
struct OrderListScreenRenderTests {
    nonisolated static let now = Date(timeIntervalSince1970: 1_790_000_000) // 2026-09-21 14:13:20 UTC

    static func order(_ number: Int, _ customer: String, total: Decimal, currency: Currency, status: OrderStatus, hoursAgo: Double) -> Order {
        Order(id: OrderID(number), customerName: customer, email: "c\(number)@example.com", country: "DE", currency: currency,
              items: [LineItem(sku: "SKU-\(number)", title: "Item", quantity: 1, unitPrice: total)],
              createdAt: now.addingTimeInterval(-hoursAgo * 3600), status: status)
    }

    @Test("header, rows with wide names, status bar and hints, each column aligned")
    func listScreen() async throws {
        let store = InMemoryOrderStore(orders: [
            Self.order(1, "Ana Lima", total: 12.5, currency: .usd, status: .pending, hoursAgo: 3),
            Self.order(2, "王秀英", total: 1200, currency: .jpy, status: .shipped, hoursAgo: 30),
            Self.order(3, "José Müller", total: 99.99, currency: .eur, status: .completed, hoursAgo: 80),
        ])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let environment = PresentationEnvironment(now: { Self.now }, actor: "tester", locale: Locale(identifier: "en_US"), calendar: calendar)
        let model = OrderListModel(store: store, environment: environment)
        model.load()
        await model.waitForPendingWork()
        let backend = TestBackend(size: Size(width: 72, height: 8))
        let session = RenderSession(backend: backend)
        session.render(OrderListScreen(model: model, screenState: ListScreenState(), databaseName: "test.db",
                                       hints: [.init(key: "q", label: "quit")]))
        #expect(backend.screenLines == [
            "orders test.db                                                3/3 orders",
            "ID          Date       Customer                         Total Status    ",
            "ORD-0000001 3h ago     Ana Lima                        $12.50 Pending   ",
            "ORD-0000002 yesterday  王秀英                          ¥1,200 Shipped   ",
            "ORD-0000003 Sep 18     José Müller                     €99.99 Completed ",
            "                                                                        ",
            "                                                                        ",
            "q quit                                                                  ",
        ])
        // The selection (first row) is reverse video across the whole row, so it shows without colour.
        #expect(backend.style(x: 0, y: 2).attributes.contains(.reverse))
        #expect(backend.style(x: 71, y: 2).attributes.contains(.reverse))
        #expect(!backend.style(x: 0, y: 3).attributes.contains(.reverse))
    }
}
