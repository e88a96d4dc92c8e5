import Foundation

/// ISO 8601 timestamps with millisecond precision, parsed and written by hand so
/// that a date read from a file is exactly the date the stores keep.
public enum ISO8601Milliseconds {
    /// "2026-03-01T09:30:00.250Z" (always UTC, always milliseconds).
    public static func string(from date: Date) -> String {
        let milliseconds = date.millisecondsSince1970
        let (days, msOfDay) = floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = civilDate(fromDays: days)
        let hour = msOfDay / 3_600_000, minute = msOfDay / 60_000 % 60, second = msOfDay / 1000 % 60, ms = msOfDay % 1000
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(hour, 2) + ":" + pad(minute, 2) + ":"
            + pad(second, 2) + "." + pad(ms, 3) + "Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fff]]` followed by `Z` or `±HH:MM`, or a bare
    /// date `YYYY-MM-DD` (midnight UTC). Fractions beyond milliseconds are refused
    /// rather than silently rounded. Nil for anything else.
    public static func date(from text: String) -> Date? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
              let day = scanner.digits(2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var msOfDay: Int64 = 0
        var offsetMinutes: Int64 = 0
        if !scanner.atEnd {
            guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
                  let hour = scanner.digits(2), scanner.skip(":"), let minute = scanner.digits(2),
                  hour < 24, minute < 60 else { return nil }
            var second: Int64 = 0, fraction: Int64 = 0
            if scanner.skip(":") {
                guard let value = scanner.digits(2), value < 60 else { return nil }
                second = value
                if scanner.skip(".") || scanner.skip(",") {
                    var digits: Int64 = 0
                    while let digit = scanner.digit() { fraction = fraction * 10 + digit; digits += 1 }
                    guard digits >= 1, digits <= 3 else { return nil }
                    for _ in digits..<3 { fraction *= 10 }
                }
            }
            msOfDay = ((hour * 60 + minute) * 60 + second) * 1000 + fraction
            if scanner.skip("Z") || scanner.skip("z") {
                offsetMinutes = 0
            } else if let sign = scanner.sign() {
                guard let hours = scanner.digits(2) else { return nil }
                _ = scanner.skip(":")
                guard let minutes = scanner.digits(2), hours < 24, minutes < 60 else { return nil }
                offsetMinutes = sign * (hours * 60 + minutes)
            } else {
                return nil // a time without a zone is ambiguous
            }
        }
        guard scanner.atEnd else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Date(millisecondsSince1970: days * 86_400_000 + msOfDay - offsetMinutes * 60_000)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var atEnd: Bool { position == bytes.count }
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }
        mutating func digit() -> Int64? {
            guard position < bytes.count, (0x30...0x39).contains(bytes[position]) else { return nil }
            defer { position += 1 }
            return Int64(bytes[position] - 0x30)
        }
        mutating func digits(_ count: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        mutating func sign() -> Int64? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func floorDivision(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let quotient = a / b, remainder = a % b
        return remainder < 0 ? (quotient - 1, remainder + b) : (quotient, remainder)
    }

    private static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilDate(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
