import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import Testing

/// Demo orders tell the truth about what was sent: the lines' sent quantities give each order's
/// fulfilment by the one rule (`Order.linesFulfillment`), partly sent only with two units or
/// more, every line of a fulfilled order sent, nothing of an unsent one.
@Suite("Demo data: the lines say what was sent")
struct DemoLinesAgreeTests {
    /// Why `order`'s lines and fulfilment disagree; nil when they agree.
    static func disagreement(_ order: Order) -> String? {
        let units = order.items.reduce(0) { $0 + $1.quantity }
        let sent = order.items.map(\.fulfilledQuantity)
        let given = order.linesFulfillment
        switch order.fulfillment {
        case .unfulfilled, .partiallyFulfilled, .fulfilled:
            if given != order.fulfillment { return "\(order.number) is \(order.fulfillment) but its lines (sent \(sent)) give \(given)" }
            if order.fulfillment == .partiallyFulfilled && units < 2 { return "\(order.number) is partly sent with \(units) unit" }
        case .onHold:
            // Held before anything left the warehouse.
            if given != .unfulfilled { return "\(order.number) is on hold with lines sent \(sent)" }
        case .returned:
            if given != .fulfilled { return "\(order.number) came back but its lines (sent \(sent)) were not all sent" }
        }
        return nil
    }

    @Test("every order of the first run's 5,000 and of another seed's 3,000 agrees with its lines")
    func everyOrderAgrees() {
        for orders in [DemoShopModelTests.firstRun, DemoDataGenerator(seed: 7, now: DemoShopModelTests.now).orders(count: 3_000)] {
            let disagreements = orders.compactMap(Self.disagreement)
            #expect(disagreements == [], "\(disagreements.prefix(5))")
            let partlySent = orders.filter { $0.fulfillment == .partiallyFulfilled }
            #expect(partlySent.count >= 2)
            #expect(partlySent.allSatisfy { !$0.trackingNumbers.isEmpty })
        }
    }

    @Test("ORD-0004993 of the default demo, a single unit once marked partly sent, is unsent with its line at none")
    func theOrderThatToldOtherwise() throws {
        let order = try #require(DemoShopModelTests.firstRun.first { $0.number == "ORD-0004993" })
        #expect(order.items.map(\.quantity) == [1])
        #expect((order.fulfillment, order.items.map(\.fulfilledQuantity), order.status) == (.unfulfilled, [0], .processing))
    }

    @Test("a partly sent order sends whole lines from the first, then part of the next: exactly these units")
    func whatAPartlySentOrderSent() throws {
        let partlySent = DemoShopModelTests.firstRun.filter { $0.fulfillment == .partiallyFulfilled }
        for order in partlySent {
            let sent = order.items.map(\.fulfilledQuantity)
            // Every line before the last one with units sent is sent whole; none after it has any.
            let last = try #require(sent.lastIndex { $0 > 0 })
            #expect(order.items[..<last].allSatisfy { $0.fulfilledQuantity == $0.quantity }, "\(order.number) \(sent)")
            #expect(sent[(last + 1)...].allSatisfy { $0 == 0 }, "\(order.number) \(sent)")
        }
    }
}
