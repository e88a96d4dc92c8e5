import Foundation

/// The date and time forms shop exports write, read exactly:
/// Shopify's `2025-12-07 19:08:25 +0000`, ISO 8601 (`2025-12-07T19:08:25Z`, `…+01:00`), and
/// WooCommerce's zoneless `2025-12-07 19:08:25` (or `2025-12-07T19:08:25`), taken in a given zone.
package enum ShopDate {
    package struct Refusal: Error, CustomStringConvertible {
        package var description: String
    }

    package static func parse(_ text: String, zone: TimeZone?) -> Result<Date, Refusal> {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        let shape = "expected a date and time like 2025-12-07 19:08:25 +0000"
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return .failure(Refusal(description: "\"\(text)\" is not a date (\(shape))")) }
        var rest = bytes[19...]
        // Fractions of a second (ISO 8601 from the API) are dropped: shops state whole seconds.
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst().drop { (0x30...0x39).contains($0) }
        }
        if rest.first == UInt8(ascii: " ") { rest = rest.dropFirst() }
        let offset: Int?
        if rest.isEmpty {
            offset = nil
        } else if rest.elementsEqual("Z".utf8) {
            offset = 0
        } else if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            let digits = rest.dropFirst().filter { $0 != UInt8(ascii: ":") }
            guard digits.count == 4, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
                return .failure(Refusal(description: "\"\(text)\" has an offset that is not ±HHMM"))
            }
            let values = digits.map { Int($0 - 0x30) }
            let minutes = (values[0] * 10 + values[1]) * 60 + values[2] * 10 + values[3]
            offset = (sign == UInt8(ascii: "-") ? -minutes : minutes) * 60
        } else {
            return .failure(Refusal(description: "\"\(text)\" is not a date (\(shape))"))
        }
        if let offset, let seconds = secondsSince1970(year: year, month: month, day: day, hour: hour, minute: minute,
                                                      second: second, offset: offset) {
            return .success(Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
        guard let timeZone = offset.flatMap(TimeZone.init(secondsFromGMT:)) ?? zone else {
            return .failure(Refusal(description: "\"\(text)\" has no time zone; say which with --tz"))
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61,
              calendar.date(from: components).map({ calendar.component(.day, from: $0) == day }) == true,
              let date = calendar.date(from: components)
        else { return .failure(Refusal(description: "\"\(text)\" is not a real date and time")) }
        return .success(date)
    }
}
