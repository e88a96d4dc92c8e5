import Foundation

/// A mapping file's `dateFormat`, such as `dd.MM.yyyy HH:mm`: how an export writes its dates when
/// it is none of the forms `ShopDate` knows. Read exactly, never leniently: `yyyy` four digits,
/// `yy` two (the years 2000 to 2099: Etsy's `MM/dd/yy`), `MM`/`dd`/`HH`/`hh`/`mm`/`ss` two,
/// `M`/`d`/`H`/`h` one or two, `MMM` an English month's first three letters (`Dec`) and `MMMM`
/// its whole name, in any case; `hh`/`h` are the 12-hour clock and need `a` (`AM`/`PM`, any
/// case); every other character is written as is (letters in single quotes: `yyyy-MM-dd'T'HH:mm`).
/// Letters must be one of those, so a Java or ICU pattern orders does not read is refused when
/// the mapping is read, not guessed at on every row.
public struct CSVDatePattern: Hashable, Sendable {
    enum Part: Hashable, Sendable {
        case year, month, day, hour, minute, second
        /// `yy`: the last two digits of a year from 2000 on.
        case shortYear
        /// `MMM` (`Dec`) or `MMMM` (`December`): the month by its English name.
        case monthName(abbreviated: Bool)
        /// `hh`/`h`: 1 to 12, with `a` (`AM`/`PM`).
        case hour12
        case meridiem
        case literal(Character)
    }

    /// A part and how many digits it takes: exactly `width`, or one or two when `flexible`.
    struct Token: Hashable, Sendable {
        var part: Part
        var width: Int
        var flexible: Bool
    }

    public let text: String
    let tokens: [Token]

    /// The pattern, or a sentence saying what is wrong with it.
    static func parse(_ text: String) -> Result<CSVDatePattern, CSVMappingProblem> {
        let known: [String: Token] = [
            "yyyy": Token(part: .year, width: 4, flexible: false), "yy": Token(part: .shortYear, width: 2, flexible: false),
            "MMM": Token(part: .monthName(abbreviated: true), width: 3, flexible: false),
            "MMMM": Token(part: .monthName(abbreviated: false), width: 9, flexible: true),
            "hh": Token(part: .hour12, width: 2, flexible: false), "h": Token(part: .hour12, width: 2, flexible: true),
            "a": Token(part: .meridiem, width: 2, flexible: false),
            "MM": Token(part: .month, width: 2, flexible: false), "M": Token(part: .month, width: 2, flexible: true),
            "dd": Token(part: .day, width: 2, flexible: false), "d": Token(part: .day, width: 2, flexible: true),
            "HH": Token(part: .hour, width: 2, flexible: false), "H": Token(part: .hour, width: 2, flexible: true),
            "mm": Token(part: .minute, width: 2, flexible: false), "ss": Token(part: .second, width: 2, flexible: false),
        ]
        let refusal = { (why: String) in
            Result<CSVDatePattern, CSVMappingProblem>.failure(CSVMappingProblem(field: "dateFormat",
                problem: "\"\(text)\" is not a date format orders reads: \(why) (use yyyy or yy, MM, M, MMM or MMMM, dd or d, HH or H, hh or h with a, mm, ss)"))
        }
        var tokens: [Token] = []
        var rest = Substring(text)
        while let first = rest.first {
            // Text in single quotes is written as is, letters too (`yyyy-MM-dd'T'HH:mm`).
            if first == "'" {
                let quoted = rest.dropFirst().prefix { $0 != "'" }
                guard quoted.endIndex < rest.endIndex else { return refusal("a quote is not closed") }
                tokens += quoted.map { Token(part: .literal($0), width: 1, flexible: false) }
                rest = rest[quoted.endIndex...].dropFirst()
                continue
            }
            guard first.isLetter else {
                tokens.append(Token(part: .literal(first), width: 1, flexible: false))
                rest = rest.dropFirst()
                continue
            }
            let run = rest.prefix { $0 == first }
            guard let token = known[String(run)] else { return refusal("\"\(run)\" is not one of its letters") }
            tokens.append(token)
            rest = rest.dropFirst(run.count)
        }
        // What each letter stands for, so `yyyy` and `yy` are one year and `MM` and `MMM` one month.
        let parts = tokens.map { token -> Part in
            switch token.part {
            case .shortYear: .year
            case .monthName: .month
            case .hour12: .hour
            default: token.part
            }
        }
        for (part, name) in [(Part.year, "yyyy"), (.month, "MM"), (.day, "dd")] where !parts.contains(part) {
            return refusal("it has no \(name)")
        }
        for part in [Part.year, .month, .day, .hour, .minute, .second, .meridiem] where parts.filter({ $0 == part }).count > 1 {
            return refusal("it names a part twice")
        }
        if parts.contains(.minute), !parts.contains(.hour) { return refusal("it has minutes (mm) but no hour (HH)") }
        let twelveHour = tokens.contains { $0.part == .hour12 }
        if twelveHour != parts.contains(.meridiem) {
            return refusal(twelveHour ? "it has a 12-hour hour (hh) but no AM/PM (a)" : "it has AM/PM (a) but no 12-hour hour (hh)")
        }
        return .success(CSVDatePattern(text: text, tokens: tokens))
    }

    /// The English month names `MMM` and `MMMM` read, lower case.
    static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                             "october", "november", "december"]

    /// The moment the text names in `zone`, or a sentence saying why it is not one.
    func date(_ written: String, zone: TimeZone) -> Result<Date, ShopDate.Refusal> {
        let refusal = ShopDate.Refusal(description: "\"\(written)\" is not a date in the mapping's format \(text)")
        var values: [Part: Int] = [:]
        var rest = Substring(written)
        for token in tokens {
            if case .literal(let character) = token.part {
                guard rest.first == character else { return .failure(refusal) }
                rest = rest.dropFirst()
                continue
            }
            switch token.part {
            case .monthName(let abbreviated):
                let letters = rest.prefix { $0.isLetter }.lowercased()
                let names = abbreviated ? Self.monthNames.map { String($0.prefix(3)) } : Self.monthNames
                guard let index = names.firstIndex(of: letters) else { return .failure(refusal) }
                values[.month] = index + 1
                rest = rest.dropFirst(letters.count)
            case .meridiem:
                let letters = rest.prefix(2).lowercased()
                guard letters == "am" || letters == "pm" else { return .failure(refusal) }
                values[.meridiem] = letters == "pm" ? 12 : 0
                rest = rest.dropFirst(2)
            default:
                let digits = rest.prefix(token.width).prefix { $0.isASCII && $0.isNumber }
                guard digits.count == token.width || (token.flexible && !digits.isEmpty), let value = Int(digits) else {
                    return .failure(refusal)
                }
                switch token.part {
                case .shortYear: values[.year] = 2000 + value
                case .hour12:
                    // 12 AM is midnight and 12 PM noon; 0 or more than 12 is no 12-hour hour.
                    guard (1...12).contains(value) else { return .failure(refusal) }
                    values[.hour] = value % 12
                default: values[token.part] = value
                }
                rest = rest.dropFirst(digits.count)
            }
        }
        guard rest.isEmpty else { return .failure(refusal) }
        let (year, month, day) = (values[.year] ?? 0, values[.month] ?? 0, values[.day] ?? 0)
        let (hour, minute, second) = ((values[.hour] ?? 0) + (values[.meridiem] ?? 0), values[.minute] ?? 0, values[.second] ?? 0)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60,
              let date = calendar.date(from: components), calendar.component(.day, from: date) == day
        else { return .failure(ShopDate.Refusal(description: "\"\(written)\" is not a real date and time")) }
        return .success(date)
    }
}
