import Foundation
import OrdersCore
import OrdersPresentation
@testable import OrdersScreens
import OrdersStorage
import TermRender
import TermRenderTesting
import Testing

/// The list's Due column and the status bar's overdue count, drawn whole at 80x24 and 200x60, in
/// colour and without it (the glyph and the words carry it there).
@MainActor
@Suite("The list's due column")
struct DueColumnRenderTests {
    nonisolated static let vienna = TimeZone(identifier: "Europe/Vienna")!
    /// Two working days in Vienna, Austria's national holiday (Monday 26 October 2026) off.
    nonisolated static let promise = FulfilmentPromise(allowance: .days(2), workingDays: Weekday.mondayToFriday,
                                           holidays: [CalendarDay(year: 2026, month: 10, day: 26)], timeZone: vienna)
    /// Tuesday 27 October 2026, 10:00 in Vienna.
    nonisolated static let now = at("2026-10-27 10:00")

    nonisolated static func at(_ text: String) -> Date {
        let parts = text.split(whereSeparator: { "- :".contains($0) }).map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = vienna
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4]))!
    }

    static func order(_ number: Int, _ customer: String, created: String, paid: String?, status: OrderStatus) -> Order {
        var order = Order(id: OrderID(number), customerName: customer, email: "c\(number)@example.com", country: "AT",
                          currency: .eur, items: [LineItem(sku: "SKU-\(number)", title: "Item", quantity: 1, unitPrice: 10)],
                          createdAt: at(created), status: status)
        order.paidAt = paid.map(at)
        return order
    }

    /// Due: 1 at 11:00 today (1h left), 2 at 09:00 today (1h late), 3 on Wednesday 16:00 (30h left),
    /// 5 on Thursday 22nd (5d late); 4 was sent and 6 cancelled.
    static let orders = [
        order(1, "Ana Lima", created: "2026-10-22 10:50", paid: "2026-10-22 11:00", status: .processing),
        order(2, "Jürgen Müller", created: "2026-10-22 08:55", paid: "2026-10-22 09:00", status: .processing),
        order(3, "王秀英", created: "2026-10-23 15:30", paid: "2026-10-23 16:00", status: .processing),
        order(4, "Bob Stone", created: "2026-10-21 09:00", paid: "2026-10-21 09:05", status: .shipped),
        order(5, "Zoë Adams", created: "2026-10-20 09:00", paid: "2026-10-20 10:00", status: .processing),
        order(6, "Søren Kierkegaard", created: "2026-10-26 09:00", paid: nil, status: .cancelled),
    ]

    static func model() async -> OrderListModel {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = vienna
        let environment = PresentationEnvironment(now: { Self.now }, actor: "tester", locale: Locale(identifier: "en_US"),
                                                  calendar: calendar, fulfilmentPromise: promise)
        let model = OrderListModel(store: InMemoryOrderStore(orders: orders), environment: environment)
        model.load()
        await model.waitForPendingWork()
        return model
    }

    static func render(_ model: OrderListModel, width: Int, height: Int, monochrome: Bool) -> TestBackend {
        let backend = TestBackend(size: Size(width: width, height: height))
        var environment = EnvironmentValues()
        if monochrome {
            environment.theme = .monochrome
            environment.colorCapability = .none
        }
        let session = RenderSession(backend: backend, environment: environment)
        session.render(OrderListScreen(model: model, databaseName: "shop.db", hints: [.init(key: "q", label: "quit")]))
        return backend
    }

    @Test("the Due column and the overdue count, whole screens at 80x24 and 200x60, in colour and monochrome",
          arguments: [(80, 24, false), (80, 24, true), (200, 60, false), (200, 60, true)])
    func screens(_ size: (width: Int, height: Int, monochrome: Bool)) async {
        let model = await Self.model()
        let backend = Self.render(model, width: size.width, height: size.height, monochrome: size.monochrome)
        expectScreenSnapshot(backend, named: "due-list-\(size.width)x\(size.height)\(size.monochrome ? "-mono" : "")")
    }

    @Test("late rows carry the glyph and the danger style; time left is quiet; closed orders show nothing")
    func cells() async {
        let model = await Self.model()
        let backend = Self.render(model, width: 120, height: 12, monochrome: true)
        let rows = backend.screenLines.filter { $0.contains("ORD-") }
        #expect(rows.map { String($0.suffix(11)) } == [
            "           ", "   30h left", "    1h left", "  ⚠ 1h late", "           ", "  ⚠ 5d late",
        ])
        // Monochrome: the late cell is bold and underlined (the theme's danger), the rest plain.
        let late = backend.screenLines.firstIndex { $0.hasSuffix("⚠ 1h late") }!
        #expect(backend.style(x: 119, y: late).attributes.contains([.bold, .underline]))
        #expect(backend.screenLines.last(where: { $0.contains("overdue") })?.contains("2 overdue") == true)
    }
}
