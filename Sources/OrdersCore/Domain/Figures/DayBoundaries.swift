import Foundation

/// The midnights of a period of days ending today, in a calendar's time zone (a day across a
/// daylight saving change is 23 or 25 hours long), and which day an instant falls on.
package struct DayBoundaries {
    /// `count + 1` midnights: the first day's start … the day after today's start.
    package let midnights: [Date]

    init(endingWith now: Date, days: Int, calendar: Calendar) {
        let today = calendar.startOfDay(for: now)
        midnights = (0...days).map { offset in
            let day = calendar.date(byAdding: .day, value: offset - days + 1, to: today) ?? today
            return calendar.startOfDay(for: day)
        }
    }

    package var count: Int { midnights.count - 1 }
    package var start: Date { midnights[0] }
    package var end: Date { midnights[midnights.count - 1] }

    /// The day `date` falls on (0 is the first), or nil outside the period.
    func index(of date: Date) -> Int? {
        guard date >= start, date < end else { return nil }
        // The last midnight not after `date`, by bisection.
        var low = 0, high = count
        while high - low > 1 {
            let middle = (low + high) / 2
            if midnights[middle] <= date { low = middle } else { high = middle }
        }
        return low
    }

    /// The creation-time filters of day `day`.
    func filters(ofDay day: Int) -> [OrderFilter] {
        [OrderFilter(.createdSince(midnights[day])), OrderFilter(.createdBefore(midnights[day + 1]))]
    }
}
