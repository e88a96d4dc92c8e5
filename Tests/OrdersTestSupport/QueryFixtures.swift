import Foundation

/// The calendar the query language's tests write their dates in (Berlin: a zone with summer time).
package enum QueryFixtures {
    package static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }

    /// Midnight in Berlin of that day.
    package static func day(_ year: Int, _ month: Int, _ day: Int) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day))!
    }
}
