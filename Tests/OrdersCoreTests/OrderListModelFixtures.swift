import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport

/// Orders, environments and loaded models for the presentation tests.
enum PresentationFixtures {
    /// 2026-09-21 14:13:20 UTC.
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static var utcCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    static func environment(clock: TestClock = TestClock(), actor: String = "mia") -> PresentationEnvironment {
        PresentationEnvironment(now: { clock.now }, sleep: clock.sleep, actor: actor, highValueThreshold: 1000,
                                locale: Locale(identifier: "en_US"), calendar: utcCalendar,
                                recentChangeDuration: 60, bulkConfirmationThreshold: 3)
    }

    /// An order whose total is exactly `total` (one line item), created `hoursAgo` before `now`.
    static func order(
        _ number: Int, customer: String = "Ana Lima", email: String? = nil, total: Decimal = 100,
        currency: Currency = .usd, hoursAgo: Double = 1, status: OrderStatus = .pending, flagged: Bool = false,
        tags: [String] = [], country: String = "DE", sku: String = "SKU-1", title: String = "Desk lamp",
        quantity: Int = 1, assignee: String? = nil
    ) -> Order {
        Order(id: OrderID(number), customerName: customer,
              email: email ?? "customer\(number)@example.com", country: country, currency: currency,
              items: [LineItem(sku: sku, title: title, quantity: quantity, unitPrice: total / Decimal(quantity))],
              createdAt: now.addingTimeInterval(-hoursAgo * 3_600), status: status, flagged: flagged,
              tags: tags, assignee: assignee)
    }

    /// A small, varied set: accents, CJK, every status, a few currencies and tags.
    static let sample: [Order] = [
        order(1, customer: "José García", total: 120, hoursAgo: 30, status: .pending, tags: ["vip"], country: "ES"),
        order(2, customer: "Jürgen Müller", total: 1500, hoursAgo: 2, status: .processing, flagged: true, country: "DE"),
        order(3, customer: "山田 太郎", total: 12000, currency: .jpy, hoursAgo: 5, status: .shipped, country: "JP",
              sku: "TEA-9", title: "抹茶 Matcha tin"),
        order(4, customer: "Ana Lima", total: 45, hoursAgo: 50, status: .completed, tags: ["wholesale"], country: "BR"),
        order(5, customer: "Zoë Adams", email: "zoe@adams.example", total: 999.99, hoursAgo: 0.5, status: .cancelled,
              country: "GB"),
        order(6, customer: "ana lima", total: 2000, hoursAgo: 200, status: .refunded, flagged: true, tags: ["VIP"],
              country: "BR"),
        order(7, customer: "Bob Stone", total: 45, hoursAgo: 50, status: .pending, country: "US", assignee: "mia"),
    ]

    /// A list model over an in-memory store holding `orders`, fully loaded.
    @MainActor
    static func loadedModel(_ orders: [Order] = sample, clock: TestClock = TestClock())
        async -> (OrderListModel, InMemoryOrderStore) {
        let store = InMemoryOrderStore(orders: orders, now: { clock.now })
        let model = OrderListModel(store: store, environment: environment(clock: clock))
        model.load()
        await model.waitForPendingWork()
        return (model, store)
    }
}

extension OrderListModel {
    /// Visible ids as plain numbers, for compact expectations.
    var visibleNumbers: [Int] { visibleIDs.map(\.number) }
}

/// The whole visible state of a list, compared in one expectation.
struct ListState: Equatable, CustomStringConvertible {
    var ids: [Int]
    var selected: Int?
    var marked: [Int] = []
    var error: String? = nil

    var description: String { "ids \(ids) selected \(selected.map(String.init) ?? "nil") marked \(marked) error \(error ?? "nil")" }
}

extension OrderListModel {
    /// Selected is the selected order's number, not its index.
    var state: ListState {
        ListState(ids: visibleNumbers, selected: selectedOrderID?.number, marked: markedIDs.map(\.number),
                  error: errorMessage)
    }
}
