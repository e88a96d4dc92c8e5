import Foundation

extension FulfilmentPromise {
    /// The longest promise the config may make, so every due time stays a short walk over days.
    public static let maximumDays = 365
    public static let maximumHours = 8_760

    /// Reads the config file's `fulfilmentPromise` object (already decoded from JSON):
    ///
    /// ```json
    /// {"within": "2d", "workingDays": ["mon", "tue", "wed", "thu", "fri"],
    ///  "holidays": ["2026-12-25", "2026-12-26"], "timeZone": "Europe/Berlin"}
    /// ```
    ///
    /// `within` is required (`Nd` or `Nh`); without `workingDays` every day counts; without
    /// `timeZone` the `defaultTimeZone` (the machine's) is used. Anything else is refused with a
    /// sentence saying what to write.
    public init(configValue: Any, defaultTimeZone: TimeZone) throws(FulfilmentPromiseError) {
        guard let fields = configValue as? [String: Any] else {
            throw FulfilmentPromiseError("fulfilmentPromise must be an object like {\"within\": \"2d\"}")
        }
        let known: Set = ["within", "workingDays", "holidays", "timeZone"]
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw FulfilmentPromiseError("fulfilmentPromise has an unknown setting \"\(unknown)\" (known: \(known.sorted().joined(separator: ", ")))")
        }
        guard let within = fields["within"] else {
            throw FulfilmentPromiseError("fulfilmentPromise needs \"within\", like \"2d\" (days) or \"48h\" (hours)")
        }
        let allowance = try Self.allowance(parsing: within)
        var workingDays: Set<Weekday>?
        if let value = fields["workingDays"] {
            workingDays = try Self.weekdays(parsing: value)
        }
        var holidays: Set<CalendarDay> = []
        if let value = fields["holidays"] {
            guard let texts = value as? [String] else {
                throw FulfilmentPromiseError("fulfilmentPromise.holidays must be a list of dates like \"2026-12-25\"")
            }
            for text in texts {
                guard let day = CalendarDay(parsing: text) else {
                    throw FulfilmentPromiseError("fulfilmentPromise.holidays: \"\(text)\" is not a date like \"2026-12-25\"")
                }
                holidays.insert(day)
            }
        }
        var timeZone = defaultTimeZone
        if let value = fields["timeZone"] {
            guard let name = value as? String, let zone = TimeZone(identifier: name) else {
                throw FulfilmentPromiseError("fulfilmentPromise.timeZone must be a time zone name like \"Europe/Berlin\"")
            }
            timeZone = zone
        }
        self.init(allowance: allowance, workingDays: workingDays, holidays: holidays, timeZone: timeZone)
    }

    static func allowance(parsing value: Any) throws(FulfilmentPromiseError) -> Allowance {
        let problem = FulfilmentPromiseError(
            "fulfilmentPromise.within must be whole days like \"2d\" (1–\(maximumDays)) or hours like \"48h\" (1–\(maximumHours))")
        guard let text = value as? String, let unit = text.last, text.count >= 2 else { throw problem }
        let digits = text.dropLast()
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.count <= 6, let count = Int(digits), count >= 1 else {
            throw problem
        }
        switch unit {
        case "d" where count <= maximumDays: return .days(count)
        case "h" where count <= maximumHours: return .hours(count)
        default: throw problem
        }
    }

    static func weekdays(parsing value: Any) throws(FulfilmentPromiseError) -> Set<Weekday> {
        let names = Weekday.allCases.map(\.shortName).joined(separator: ", ")
        guard let texts = value as? [String], !texts.isEmpty else {
            throw FulfilmentPromiseError("fulfilmentPromise.workingDays must be a non-empty list of days from \(names)")
        }
        var days: Set<Weekday> = []
        for text in texts {
            guard let day = Weekday.allCases.first(where: { $0.shortName == text.lowercased() }) else {
                throw FulfilmentPromiseError("fulfilmentPromise.workingDays: \"\(text)\" is not one of \(names)")
            }
            days.insert(day)
        }
        return days
    }
}
