import Foundation
import Testing
@testable import OrdersCore

/// Due times against a promise: working days, weekends, holidays, daylight saving changes, time zones, overdue.
@Suite struct FulfilmentPromiseTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let utc = TimeZone(identifier: "UTC")!

    /// The instant of a wall-clock time ("2026-03-27 10:00") in `zone`.
    static func at(_ text: String, _ zone: TimeZone) -> Date {
        let parts = text.split(whereSeparator: { "- :".contains($0) }).map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2],
                                                  hour: parts[3], minute: parts[4]))!
    }

    @Test func calendarDaysKeepTheWallClockTimeAcrossADaylightSavingChange() {
        // Berlin moves to summer time on Sunday 29 March 2026: two days are 47 hours.
        let promise = FulfilmentPromise(allowance: .days(2), timeZone: Self.berlin)
        let start = Self.at("2026-03-27 10:00", Self.berlin)
        #expect(promise.dueDate(from: start) == Self.at("2026-03-29 10:00", Self.berlin))
        #expect(promise.dueDate(from: start).timeIntervalSince(start) == 47 * 3600)
        // And back to winter time on 25 October: 49 hours.
        let autumn = Self.at("2026-10-24 09:30", Self.berlin)
        #expect(promise.dueDate(from: autumn).timeIntervalSince(autumn) == 49 * 3600)
    }

    @Test func hoursWithoutWorkingDaysAreElapsedTime() {
        let promise = FulfilmentPromise(allowance: .hours(48), timeZone: Self.berlin)
        let start = Self.at("2026-03-27 10:00", Self.berlin)
        #expect(promise.dueDate(from: start) == start.addingTimeInterval(48 * 3600))
        #expect(promise.dueDate(from: start) == Self.at("2026-03-29 11:00", Self.berlin))
    }

    @Test func workingDaysSkipTheWeekend() {
        let promise = FulfilmentPromise(allowance: .days(2), workingDays: Weekday.mondayToFriday, timeZone: Self.berlin)
        // Paid on Friday afternoon: due on Tuesday at the same time.
        #expect(promise.dueDate(from: Self.at("2026-11-20 15:00", Self.berlin)) == Self.at("2026-11-24 15:00", Self.berlin))
        // Paid on Wednesday: Friday.
        #expect(promise.dueDate(from: Self.at("2026-11-18 09:00", Self.berlin)) == Self.at("2026-11-20 09:00", Self.berlin))
        // Paid on Saturday: the clock starts on Monday at midnight, due on Wednesday at midnight.
        #expect(promise.dueDate(from: Self.at("2026-11-21 10:00", Self.berlin)) == Self.at("2026-11-25 00:00", Self.berlin))
    }

    @Test func holidaysDoNotCountEvenWithoutWorkingDays() {
        let holidays: Set = [CalendarDay(year: 2026, month: 12, day: 25), CalendarDay(year: 2026, month: 12, day: 26)]
        let workingWeek = FulfilmentPromise(allowance: .days(2), workingDays: Weekday.mondayToFriday, holidays: holidays,
                                            timeZone: Self.berlin)
        // Thursday 24 December: Friday is a holiday, then the weekend; Monday is day one, Tuesday day two.
        #expect(workingWeek.dueDate(from: Self.at("2026-12-24 10:00", Self.berlin)) == Self.at("2026-12-29 10:00", Self.berlin))
        let everyDay = FulfilmentPromise(allowance: .days(1), holidays: holidays, timeZone: Self.berlin)
        #expect(everyDay.dueDate(from: Self.at("2026-12-24 10:00", Self.berlin)) == Self.at("2026-12-27 10:00", Self.berlin))
        // Started on a holiday: from midnight of the next counted day.
        #expect(everyDay.dueDate(from: Self.at("2026-12-25 18:00", Self.berlin)) == Self.at("2026-12-28 00:00", Self.berlin))
    }

    @Test func hoursOnWorkingDaysCountOnlyTheirHours() {
        let promise = FulfilmentPromise(allowance: .hours(8), workingDays: Weekday.mondayToFriday, timeZone: Self.berlin)
        // Friday 20:00 has four hours left; the other four are Monday's first.
        #expect(promise.dueDate(from: Self.at("2026-11-20 20:00", Self.berlin)) == Self.at("2026-11-23 04:00", Self.berlin))
        #expect(promise.dueDate(from: Self.at("2026-11-18 09:00", Self.berlin)) == Self.at("2026-11-18 17:00", Self.berlin))
        // Summer time starts on a Sunday in Berlin: a Sunday-to-Monday promise of 30 hours over a 23-hour day.
        let sundays = FulfilmentPromise(allowance: .hours(30), workingDays: [.sunday, .monday], timeZone: Self.berlin)
        #expect(sundays.dueDate(from: Self.at("2026-03-29 00:00", Self.berlin)) == Self.at("2026-03-30 07:00", Self.berlin))
    }

    @Test func theTimeZoneDecidesWhichDayAnInstantFallsOn() {
        // 23:30 UTC on Friday 20 November is already Saturday morning in Tokyo.
        let start = Self.at("2026-11-20 23:30", Self.utc)
        let inUTC = FulfilmentPromise(allowance: .days(1), workingDays: Weekday.mondayToFriday, timeZone: Self.utc)
        let inTokyo = FulfilmentPromise(allowance: .days(1), workingDays: Weekday.mondayToFriday, timeZone: Self.tokyo)
        #expect(inUTC.dueDate(from: start) == Self.at("2026-11-23 23:30", Self.utc))
        #expect(inTokyo.dueDate(from: start) == Self.at("2026-11-24 00:00", Self.tokyo))
        #expect(inTokyo.dueDate(from: start) == Self.at("2026-11-23 15:00", Self.utc))
    }

    @Test func dueStateIsTimeLeftUntilTheDueInstantThenOverdue() {
        let due = Self.at("2026-11-24 15:00", Self.utc)
        #expect(FulfilmentPromise.dueState(due: due, now: due.addingTimeInterval(-5400)) == .timeLeft(seconds: 5400))
        #expect(FulfilmentPromise.dueState(due: due, now: due) == .timeLeft(seconds: 0))
        #expect(FulfilmentPromise.dueState(due: due, now: due.addingTimeInterval(90)) == .overdue(seconds: 90))
        #expect(FulfilmentPromise.dueState(due: due, now: due.addingTimeInterval(90)).isOverdue)
    }

    @Test func onlyOrdersStillToShipHaveADueTimeCountedFromCreation() {
        let promise = FulfilmentPromise(allowance: .days(2), workingDays: Weekday.mondayToFriday, timeZone: Self.berlin)
        let created = Self.at("2026-11-20 15:00", Self.berlin)
        let order = Order(id: OrderID(1), customerName: "A", email: "a@example.com", country: "DE",
                          currency: .eur, items: [], createdAt: created)
        var dues: [OrderStatus: Date?] = [:]
        for status in OrderStatus.allCases {
            var copy = order
            copy.status = status
            dues[status] = promise.dueDate(for: copy)
        }
        let due = Self.at("2026-11-24 15:00", Self.berlin)
        #expect(dues == [.pending: due, .processing: due, .shipped: nil, .completed: nil, .cancelled: nil, .refunded: nil])
    }

    @Test func theOnTimeCutoffAgreesWithEachOrdersDueTime() {
        let holidays: Set = [CalendarDay(year: 2026, month: 11, day: 11)]
        let promises = [
            FulfilmentPromise(allowance: .days(2), workingDays: Weekday.mondayToFriday, holidays: holidays, timeZone: Self.berlin),
            FulfilmentPromise(allowance: .hours(20), workingDays: Weekday.mondayToFriday, timeZone: Self.tokyo),
            FulfilmentPromise(allowance: .days(3), timeZone: Self.utc),
        ]
        let now = Self.at("2026-11-23 11:17", Self.berlin)
        for promise in promises {
            let cutoff = promise.onTimeCutoff(now: now)
            // Starts every 37 minutes over the three weeks before now.
            for step in 0..<(21 * 24 * 60 / 37) {
                let start = now.addingTimeInterval(-Double(step * 37 * 60))
                let overdue = promise.dueDate(from: start) < now
                #expect(overdue == (start < cutoff), "start \(start) with \(promise.allowance)")
            }
        }
    }
}
