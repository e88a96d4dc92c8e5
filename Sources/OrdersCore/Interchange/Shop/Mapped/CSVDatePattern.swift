import Foundation

/// A mapping file's `dateFormat`, such as `dd.MM.yyyy HH:mm`: how an export writes its dates when
/// it is none of the forms `ShopDate` knows. Read exactly, never leniently: `yyyy` four digits,
/// `MM`/`dd`/`HH`/`mm`/`ss` two, `M`/`d`/`H` one or two; every other character is written as is
/// (letters in single quotes: `yyyy-MM-dd'T'HH:mm`).
/// Letters must be one of those, so a Java or ICU pattern orders does not read is refused when
/// the mapping is read, not guessed at on every row.
public struct CSVDatePattern: Hashable, Sendable {
    enum Part: Hashable, Sendable {
        case year, month, day, hour, minute, second
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
            "yyyy": Token(part: .year, width: 4, flexible: false),
            "MM": Token(part: .month, width: 2, flexible: false), "M": Token(part: .month, width: 2, flexible: true),
            "dd": Token(part: .day, width: 2, flexible: false), "d": Token(part: .day, width: 2, flexible: true),
            "HH": Token(part: .hour, width: 2, flexible: false), "H": Token(part: .hour, width: 2, flexible: true),
            "mm": Token(part: .minute, width: 2, flexible: false), "ss": Token(part: .second, width: 2, flexible: false),
        ]
        let refusal = { (why: String) in
            Result<CSVDatePattern, CSVMappingProblem>.failure(CSVMappingProblem(field: "dateFormat",
                problem: "\"\(text)\" is not a date format orders reads: \(why) (use yyyy, MM or M, dd or d, HH or H, mm, ss)"))
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
        let parts = tokens.map(\.part)
        for (part, name) in [(Part.year, "yyyy"), (.month, "MM"), (.day, "dd")] where !parts.contains(part) {
            return refusal("it has no \(name)")
        }
        for part in [Part.year, .month, .day, .hour, .minute, .second] where parts.filter({ $0 == part }).count > 1 {
            return refusal("it names a part twice")
        }
        if parts.contains(.minute), !parts.contains(.hour) { return refusal("it has minutes (mm) but no hour (HH)") }
        return .success(CSVDatePattern(text: text, tokens: tokens))
    }

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
            let digits = rest.prefix(token.width).prefix { $0.isASCII && $0.isNumber }
            guard digits.count == token.width || (token.flexible && !digits.isEmpty), let value = Int(digits) else {
                return .failure(refusal)
            }
            values[token.part] = value
            rest = rest.dropFirst(digits.count)
        }
        guard rest.isEmpty else { return .failure(refusal) }
        let (year, month, day) = (values[.year] ?? 0, values[.month] ?? 0, values[.day] ?? 0)
        let (hour, minute, second) = (values[.hour] ?? 0, values[.minute] ?? 0, values[.second] ?? 0)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60,
              let date = calendar.date(from: components), calendar.component(.day, from: date) == day
        else { return .failure(ShopDate.Refusal(description: "\"\(written)\" is not a real date and time")) }
        return .success(date)
    }
}
