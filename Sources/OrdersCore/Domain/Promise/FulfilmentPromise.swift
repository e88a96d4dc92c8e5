import Foundation

/// The shop's promise to its customers: "ships within N days (or hours) of payment", counted on
/// working days only if the shop says so, skipping its holidays, in the shop's time zone.
///
/// The promise turns a start instant into a due instant (`dueDate(from:)`); `dueDate(for:)` starts
/// an order's clock at `Order.dueClockStart` (paid, or created while unpaid).
public struct FulfilmentPromise: Hashable, Sendable {
    /// How long the shop has: whole days (same wall-clock time N days later) or hours.
    public enum Allowance: Hashable, Sendable {
        case days(Int)
        case hours(Int)
    }

    public var allowance: Allowance
    /// The weekdays that count; nil counts every day (holidays are skipped either way).
    public var workingDays: Set<Weekday>?
    /// Days that never count, in the promise's time zone.
    public var holidays: Set<CalendarDay>
    /// Where days begin and end.
    public var timeZone: TimeZone

    public init(allowance: Allowance, workingDays: Set<Weekday>? = nil, holidays: Set<CalendarDay> = [],
                timeZone: TimeZone) {
        self.allowance = allowance
        self.workingDays = workingDays
        self.holidays = holidays
        self.timeZone = timeZone
    }

    /// The Gregorian calendar in the promise's time zone: all day arithmetic goes through it,
    /// so days of 23 or 25 hours (daylight saving changes) count as one day.
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
