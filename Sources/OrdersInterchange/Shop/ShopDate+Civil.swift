import Foundation

extension ShopDate {
    /// Seconds since 1970 of a date and time at a fixed offset from UTC, worked out by the
    /// proleptic Gregorian calendar's day count (Howard Hinnant's `days_from_civil`) instead of
    /// Foundation's `Calendar`, which took most of an import's time for its two dates an order.
    /// Nil when the fields are not a real date and time, or lie before 1600 (where Foundation's
    /// Gregorian calendar turns Julian) or fall on a leap second: `parse` then asks `Calendar`,
    /// which words the refusal or rolls the leap second over as it always did; likewise an offset
    /// beyond what a `TimeZone` holds.
    static func secondsSince1970(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int,
                                 offset: Int) -> Int? {
        // Beyond ±18 hours `TimeZone(secondsFromGMT:)` takes no offset, and `parse` falls back to its zone.
        guard abs(offset) <= 18 * 3_600, (1600...9999).contains(year), (1...12).contains(month), day >= 1,
              day <= daysInMonth(month, year: year), hour < 24, minute < 60, second < 60 else { return nil }
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + hour * 3_600 + minute * 60 + second - offset
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
