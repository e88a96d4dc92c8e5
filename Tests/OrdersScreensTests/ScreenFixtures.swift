import Foundation
import OrdersCore
import OrdersPresentation
import OrdersScreens
import OrdersStorage
import TermRender

/// Hand-built orders and pinned models for the render tests: a fixed clock, `en_US`
/// and UTC, so every date and amount on screen is the same on every machine.
@MainActor
enum ScreenFixtures {
    /// The modals' hint lines, generated from the default keymaps as the app does.
    nonisolated static let noteHints = AppKeymap.hints(AppKeymap.defaults(), contexts: [.note])
    nonisolated static let helpHints = AppKeymap.hints(AppKeymap.defaults(), contexts: [.help])
    nonisolated static let paletteHints = AppKeymap.hints(AppKeymap.defaults(), contexts: [.palette])
    nonisolated static let now = Date(timeIntervalSince1970: 1_790_000_000) // 2026-09-21 14:13:20 UTC

    static var environment: PresentationEnvironment {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return PresentationEnvironment(now: { now }, actor: "tester", locale: Locale(identifier: "en_US"), calendar: calendar)
    }

    /// The order most tests show: three lines (one with a CJK title), every money
    /// component, a CJK customer name, two notes and a status history.
    static let detailedOrder = Order(
        id: OrderID(42), customerName: "王秀英", email: "xiuying.wang@example.cn", country: "CN", currency: .usd,
        items: [
            LineItem(sku: "KB-MX-BRN", title: "Mechanical Keyboard, Brown Switches", quantity: 2, unitPrice: Decimal(string: "129.00") ?? 0),
            LineItem(sku: "MS-ERG-01", title: "人体工学鼠标 Ergonomic Mouse", quantity: 1, unitPrice: Decimal(string: "49.50") ?? 0),
            LineItem(sku: "CB-USBC-2M", title: "USB-C Cable, 2 m", quantity: 12, unitPrice: Decimal(string: "9.99") ?? 0),
        ],
        discount: 10, shipping: Decimal(string: "7.50") ?? 0, tax: Decimal(string: "41.68") ?? 0,
        createdAt: now.addingTimeInterval(-26 * 3600), status: .pending
    )

    static func simpleOrder(_ number: Int, _ customer: String, status: OrderStatus, hoursAgo: Double) -> Order {
        Order(id: OrderID(number), customerName: customer, email: "c\(number)@example.com", country: "DE", currency: .eur,
              items: [LineItem(sku: "SKU-\(number)", title: "Item", quantity: 1, unitPrice: 20)],
              createdAt: now.addingTimeInterval(-hoursAgo * 3600), status: status)
    }

    /// A store with the detailed order between two plain ones (second, newest first), its status moved
    /// twice by other operators, flagged, tagged, assigned and annotated.
    static func detailStore() async throws -> InMemoryOrderStore {
        let store = InMemoryOrderStore(orders: [
            simpleOrder(41, "Ana Lima", status: .pending, hoursAgo: 2),
            detailedOrder,
            simpleOrder(43, "José Müller", status: .shipped, hoursAgo: 50),
        ], now: { now })
        let id = detailedOrder.id
        var version = 1
        func apply(_ mutations: [OrderMutation], by actor: String) async throws {
            version = try await store.update(id, expectedVersion: version, mutations: mutations, actor: actor).version
        }
        try await apply([.setStatus(.processing)], by: "maria")
        try await apply([.setFlagged(true), .addTag("vip"), .addTag("rush"), .setAssignee("maria")], by: "maria")
        try await apply([.addNote("Customer asked to ship both keyboards in one box; the cable can follow separately if it is back-ordered.")], by: "maria")
        try await apply([.addNote("Address checked by phone.")], by: "ken")
        return store
    }

    /// A loaded list and a loaded detail of the detailed order.
    static func detailModel() async throws -> OrderDetailModel {
        let list = OrderListModel(store: try await detailStore(), environment: environment)
        list.load()
        await list.waitForPendingWork()
        let detail = OrderDetailModel(orderID: detailedOrder.id, list: list)
        detail.load()
        await detail.waitForPendingWork()
        return detail
    }
}

/// Help entries from `(group, keys, help)` rows, for tables in tests.
func helpEntries(_ rows: [(group: String, keys: String, help: String)]) -> [HelpEntry] {
    rows.map { HelpEntry(group: $0.group, keys: $0.keys, help: $0.help) }
}
