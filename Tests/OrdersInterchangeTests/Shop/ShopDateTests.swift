import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import Testing

/// `ShopDate` works a date with an offset out by the Gregorian day count, not by `Calendar`: the
/// same instant as `Calendar` gives, for every kind of day (month ends, leap days, centuries),
/// and the same refusals for what is no date.
@Suite("Shop dates read without Calendar")
struct ShopDateTests {
    /// What Foundation's Gregorian calendar says the text means.
    static func byCalendar(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int,
                           offset: Int) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset)!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }

    static func text(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, offset: Int) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let minutes = abs(offset) / 60
        return "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute)):\(two(second)) "
            + (offset < 0 ? "-" : "+") + two(minutes / 60) + two(minutes % 60)
    }

    @Test func theSameInstantAsCalendar() throws {
        // Month ends, leap days of 2024 and 2000 (divisible by 400), 1900 and 2100 (not leap),
        // the epoch's day, the first year read without Calendar and the last.
        let days = [(1970, 1, 1), (1969, 12, 31), (2024, 2, 29), (2000, 2, 29), (1900, 2, 28), (1900, 3, 1), (2100, 2, 28),
                    (2100, 3, 1), (2025, 12, 31), (2025, 1, 31), (2025, 4, 30), (1600, 1, 1), (9999, 12, 31), (2026, 6, 15)]
        let offsets = [0, 3_600, -18_000, 19_800, 45_900, -43_200, 50_400]
        for (year, month, day) in days {
            for offset in offsets {
                for (hour, minute, second) in [(0, 0, 0), (23, 59, 59), (12, 30, 7)] {
                    let text = Self.text(year, month, day, hour, minute, second, offset: offset)
                    let expected = try #require(Self.byCalendar(year, month, day, hour, minute, second, offset: offset))
                    #expect(try ShopDate.parse(text, zone: nil).get() == expected, "\(text)")
                }
            }
        }
        // ISO 8601 forms: Z, an offset with a colon, fractions of a second dropped.
        #expect(try ShopDate.parse("2025-12-07T19:08:25Z", zone: nil).get() == Date(timeIntervalSince1970: 1_765_134_505))
        #expect(try ShopDate.parse("2025-12-07T20:08:25.123+01:00", zone: nil).get() == Date(timeIntervalSince1970: 1_765_134_505))
    }

    @Test func noDateIsRefusedAsBefore() throws {
        for (text, problem) in [
            ("2025-02-29 10:00:00 +0000", "\"2025-02-29 10:00:00 +0000\" is not a real date and time"),
            ("2025-04-31 10:00:00 +0000", "\"2025-04-31 10:00:00 +0000\" is not a real date and time"),
            ("2025-13-01 10:00:00 +0000", "\"2025-13-01 10:00:00 +0000\" is not a real date and time"),
            ("2025-12-07 24:00:00 +0000", "\"2025-12-07 24:00:00 +0000\" is not a real date and time"),
            // A 60th second at the day's end rolls into the next day: Calendar refuses it, as before.
            ("2016-12-31 23:59:60 +0000", "\"2016-12-31 23:59:60 +0000\" is not a real date and time"),
        ] {
            guard case .failure(let refusal) = ShopDate.parse(text, zone: nil) else {
                Issue.record("\(text) was read as a date")
                continue
            }
            #expect(refusal.description == problem)
        }
        // A 60th second inside the day is left to Calendar, which rolls it into the next minute as it always did.
        let leap = try #require(Self.byCalendar(2025, 6, 1, 12, 30, 60, offset: 0))
        #expect(leap == Date(timeIntervalSince1970: 1_748_781_060)) // 2025-06-01 12:31:00 UTC
        #expect(try ShopDate.parse("2025-06-01 12:30:60 +0000", zone: nil).get() == leap)
    }
}
