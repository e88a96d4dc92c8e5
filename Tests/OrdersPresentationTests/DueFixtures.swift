import Foundation
@testable import OrdersCore

/// Orders against a promise of two working days in Vienna, looked at on Tuesday 27 October 2026 at
/// 10:00: every clock crosses the weekend, Austria's national holiday (Monday 26 October) and the
/// end of summer time (Sunday 25 October), so each due time below is worked out by hand.
enum DueFixtures {
    static let vienna = TimeZone(identifier: "Europe/Vienna")!
    static let promise = FulfilmentPromise(allowance: .days(2), workingDays: Weekday.mondayToFriday,
                                           holidays: [CalendarDay(year: 2026, month: 10, day: 26)], timeZone: vienna)
    /// Tuesday 27 October 2026, 10:00 in Vienna (09:00 UTC, winter time).
    static let now = at("2026-10-27 10:00")

    /// The instant of a wall-clock time in Vienna.
    static func at(_ text: String) -> Date {
        let parts = text.split(whereSeparator: { "- :".contains($0) }).map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = vienna
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2],
                                                  hour: parts[3], minute: parts[4]))!
    }

    /// An order created at `created` (Vienna time), paid at `paid` when given.
    static func order(_ number: Int, created: String, paid: String? = nil, status: OrderStatus,
                      onHold: Bool = false) -> Order {
        var order = Order(id: OrderID(number), customerName: "Customer \(number)", email: "c\(number)@example.com",
                          country: "AT", currency: .eur,
                          items: [LineItem(sku: "SKU-\(number)", title: "Item", quantity: 1, unitPrice: Decimal(number))],
                          createdAt: at(created), status: status)
        order.paidAt = paid.map(at)
        if onHold { order.fulfillment = .onHold }
        return order
    }

    /// Due times (Vienna): 1 Tue 27 11:00 (1h left), 2 Tue 27 09:00 (1h late), 3 Wed 28 16:00 (30h left),
    /// 4 unpaid since Saturday: Thu 29 00:00 (38h left), 5 Thu 22 10:00 (5d late), 8 on hold, Wed 21 08:00
    /// (6d late); 6 is sent and 7 cancelled: no due time.
    static let orders: [Order] = [
        order(1, created: "2026-10-22 10:50", paid: "2026-10-22 11:00", status: .processing),
        order(2, created: "2026-10-22 08:55", paid: "2026-10-22 09:00", status: .processing),
        order(3, created: "2026-10-23 15:30", paid: "2026-10-23 16:00", status: .processing),
        order(4, created: "2026-10-24 12:00", status: .pending),
        order(5, created: "2026-10-20 09:00", paid: "2026-10-20 10:00", status: .processing),
        order(6, created: "2026-10-01 09:00", paid: "2026-10-01 09:05", status: .shipped),
        order(7, created: "2026-10-26 09:00", status: .cancelled),
        order(8, created: "2026-10-19 07:00", paid: "2026-10-19 08:00", status: .processing, onHold: true),
    ]
}
