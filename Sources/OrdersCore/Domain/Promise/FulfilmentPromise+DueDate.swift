import Foundation

extension FulfilmentPromise {
    /// The instant by which an order whose clock started at `start` must ship.
    ///
    /// - Days: the same wall-clock time N counted days later (a day of 23 or 25 hours across a
    ///   daylight saving change is still one day).
    /// - Hours: N hours, counting only the hours of counted days.
    /// - A clock that starts on a day that does not count (a weekend, a holiday) starts at midnight
    ///   of the next counted day: paid on Saturday with "2 working days", due on Wednesday at 00:00.
    public func dueDate(from start: Date) -> Date {
        let calendar = self.calendar
        switch allowance {
        case .days(let days):
            if countsEveryDay { return calendar.date(byAdding: .day, value: max(0, days), to: start) ?? start }
            let anchor = firstCountedInstant(from: start, calendar: calendar)
            var offset = 0
            var remaining = max(0, days)
            var due = anchor
            // Days are added to the anchor (not one after another) so the wall-clock time survives a
            // day whose time does not exist (the hour skipped by a daylight saving change).
            while remaining > 0 && offset < Self.searchLimitInDays {
                offset += 1
                guard let candidate = calendar.date(byAdding: .day, value: offset, to: anchor) else { break }
                if counts(candidate, calendar: calendar) {
                    due = candidate
                    remaining -= 1
                }
            }
            return due
        case .hours(let hours):
            let seconds = TimeInterval(max(0, hours)) * 3600
            if countsEveryDay { return start.addingTimeInterval(seconds) }
            var current = firstCountedInstant(from: start, calendar: calendar)
            var remaining = seconds
            for _ in 0..<Self.searchLimitInDays {
                guard let nextDay = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: current)) else { break }
                let dayEnd = calendar.startOfDay(for: nextDay)
                let available = dayEnd.timeIntervalSince(current)
                if remaining <= available { return current.addingTimeInterval(remaining) }
                remaining -= available
                current = firstCountedInstant(from: dayEnd, calendar: calendar)
            }
            return current.addingTimeInterval(remaining)
        }
    }

    /// The due time of `order` if it has one (`Order.hasDueTime`), counted from its clock's start
    /// (`Order.dueClockStart`: paid, or created while unpaid); nil otherwise.
    public func dueDate(for order: Order) -> Date? {
        order.hasDueTime ? dueDate(from: order.dueClockStart) : nil
    }

    /// How `due` stands at `now`: time left (zero at the due instant itself) or overdue.
    public static func dueState(due: Date, now: Date) -> DueState {
        let seconds = due.timeIntervalSince(now)
        return seconds >= 0 ? .timeLeft(seconds: seconds) : .overdue(seconds: -seconds)
    }

    /// Whether the day `date` falls on counts: a working day (if any are named) and not a holiday.
    func counts(_ date: Date, calendar: Calendar) -> Bool {
        if let workingDays {
            guard let weekday = Weekday(rawValue: calendar.component(.weekday, from: date)),
                  workingDays.contains(weekday) else { return false }
        }
        return holidays.isEmpty || !holidays.contains(CalendarDay(date, in: calendar))
    }

    /// Whether every day counts, so the due time is plain calendar arithmetic.
    var countsEveryDay: Bool {
        holidays.isEmpty && (workingDays == nil || workingDays?.count == Weekday.allCases.count)
    }

    /// `start` if its day counts, else midnight of the next day that does.
    func firstCountedInstant(from start: Date, calendar: Calendar) -> Date {
        var day = start
        for _ in 0..<Self.searchLimitInDays {
            if counts(day, calendar: calendar) { return day }
            guard let next = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: day)) else { break }
            day = calendar.startOfDay(for: next)
        }
        return day
    }

    /// Bounds every walk over days, so a promise whose days never count (refused when parsed)
    /// still returns: ten years.
    static let searchLimitInDays = 3660
}
