import Foundation

/// Turns what an operator types in the search box into store filters.
///
/// The language: plain words (matched against id, customer, email, SKU and item
/// titles, ignoring case and accents), `"quoted phrases"`, and terms
/// `status:pending,processing`, `pay:paid,authorized` (or `payment:`), `ship:on_hold` (or
/// `fulfil:`), `source:shopify`, `total>1000`, `total<50`, `flagged`, `tag:vip`,
/// `customer:"Ana Lima"`, `country:DE`, `assignee:ana` (`assignee:none` for
/// unassigned, `assignee:me` for the operator asking: `actor`), `since:7d` (`h` hours, `d` days, `w` weeks, `m` months, a date
/// `2026-01-01`, or an instant `2026-01-01T09:30:00Z`), `before:2026-01-01`, and the shop's terms `refunded`, `outstanding>0`,
/// `risk:high,medium`, `city:berlin`, `postcode:10115` (or `zip:`), `age>2d` / `age<4h`,
/// `code:SUMMER10`, `customer-orders>1`, and against the config's fulfilment promise `overdue`,
/// `due<4h` (due within 4 hours, or late already) and `due>1d` (h, d, w). A leading `-` negates any
/// term. All terms must hold. The CLI and the list screen both use this one parser. Every
/// time-relative term is resolved here against the one `now` given (and the promise's due times
/// into the instant their clocks must have started by: `FulfilmentPromise.onTimeCutoff`), so every
/// store compares the same instant.
public enum SearchQueryParser {
    /// The most terms one query may have. Each term costs a pass over the index on every key, so a
    /// pasted paragraph would make each key take seconds; no real triage query comes near this.
    public static let maximumTerms = 32
    /// The longest query, in characters, for the same reason; the search field holds no more.
    public static let maximumLength = 1_000

    /// Parses a query; dates in `since:`/`before:` are relative to `now` in `calendar`; `due` and
    /// `overdue` need `promise` (refused with a message saying so without one); `assignee:me` names
    /// `actor` (resolved here like the dates, so every store compares the same name; without an
    /// actor it is the name "me", and `assignee:"me"` always is).
    public static func parse(_ text: String, now: Date, calendar: Calendar, promise: FulfilmentPromise? = nil,
                             actor: String? = nil) throws(SearchQueryError) -> [OrderFilter] {
        // Counts no further than the limit, so even a megabyte of text is refused at once.
        guard text.prefix(maximumLength + 1).count <= maximumLength else {
            throw SearchQueryError(message: "a search is at most \(maximumLength) characters long",
                                   token: "", position: maximumLength)
        }
        let tokens = try QueryToken.tokenize(text)
        if tokens.count > maximumTerms {
            let extra = tokens[maximumTerms]
            throw SearchQueryError(message: "a search takes at most \(maximumTerms) terms, this one has \(tokens.count)",
                                   token: extra.raw, position: extra.position)
        }
        return try tokens.map { token throws(SearchQueryError) in
            OrderFilter(try predicate(for: token, now: now, calendar: calendar, promise: promise, actor: actor),
                        negated: token.isNegated)
        }
    }

    /// Why `due` and `overdue` cannot be used without a promise, and what to write.
    public static let noPromiseMessage =
        "due and overdue need a fulfilment promise: add \"fulfilmentPromise\": {\"within\": \"2d\"} to the config file"

    private static func predicate(for token: QueryToken, now: Date, calendar: Calendar,
                                  promise: FulfilmentPromise?, actor: String?) throws(SearchQueryError) -> OrderPredicate {
        func fail(_ message: String) -> SearchQueryError {
            SearchQueryError(message: message, token: token.raw, position: token.position)
        }
        guard let name = token.key, let op = token.op else {
            if token.text.isEmpty { throw fail(token.isNegated ? "nothing to exclude after -" : "empty search term") }
            if !token.hasQuotes, let keyword = SearchKeyword(named: token.text), keyword.form == .bare {
                switch keyword {
                case .flagged: return .flagged
                case .overdue:
                    guard let promise else { throw fail(noPromiseMessage) }
                    return .dueClockStartBefore(promise.onTimeCutoff(now: now))
                default: return .refunded
                }
            }
            return .text(token.text)
        }
        let value = token.value
        guard let keyword = SearchKeyword(named: name), keyword.form != .bare else {
            throw fail("unknown filter \"\(name):\" (known: \(SearchKeyword.valueKeywords.map(\.rawValue).joined(separator: ", ")))")
        }
        if keyword.form == .compared {
            if keyword == .due {
                return try due(op: op, value: value, now: now, promise: promise, fail: fail)
            }
            return try compared(keyword, name: name, op: op, value: value, now: now, calendar: calendar, fail: fail)
        }
        guard op == ":" else {
            let compared = SearchKeyword.allCases.filter { $0.form == .compared }.map(\.rawValue).joined(separator: ", ")
            throw fail("\(name) cannot be compared with \(op); only \(compared) can")
        }
        guard !value.isEmpty || keyword == .assignee && token.hasQuotes else { throw fail("\(name): needs a value") }
        switch keyword {
        case .status:
            return .status(try Self.statuses(in: value, fail: fail))
        case .pay:
            return .payment(try Self.statuses(in: value, fail: fail))
        case .ship:
            return .fulfillment(try Self.statuses(in: value, fail: fail))
        case .risk:
            return .risk(try Self.statuses(in: value, fail: fail))
        case .source:
            return .source(value)
        case .tag:
            return .tag(value)
        case .customer:
            return .customer(value)
        case .city:
            return .city(value)
        case .postcode:
            return .postcode(value)
        case .code:
            return .discountCode(value)
        case .country:
            guard value.count == 2, value.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw fail("a country is a two-letter code such as DE, not \"\(value)\"")
            }
            return .country(value.uppercased())
        case .assignee:
            if !token.hasQuotes, value.lowercased() == "none" { return .assignee("") }
            if !token.hasQuotes, value.lowercased() == "me", let actor, !actor.isEmpty { return .assignee(actor) }
            return .assignee(value)
        case .since:
            return .createdSince(try date(value, now: now, calendar: calendar, fail: fail))
        case .before:
            return .createdBefore(try date(value, now: now, calendar: calendar, fail: fail))
        case .total, .outstanding, .age, .customerOrders, .due, .flagged, .refunded, .overdue:
            // Compared and bare keywords were handled above.
            throw fail("\(name): needs a value")
        }
    }

    /// A compared term: `total>1000`, `outstanding<0.01`, `age>2d` (h, d, w, m, counted back from
    /// `now`: the one clock every store then compares with), `customer-orders>1`.
    private static func compared(_ keyword: SearchKeyword, name: String, op: Character, value: String, now: Date,
                                 calendar: Calendar, fail: (String) -> SearchQueryError) throws(SearchQueryError) -> OrderPredicate {
        guard op != ":" else { throw fail("write \(name)>N or \(name)<N") }
        let above = op == ">"
        switch keyword {
        case .age:
            guard !value.isEmpty else { throw fail("age\(op) needs an age such as 2d or 4h") }
            guard let start = relativeDate(value, now: now, calendar: calendar) else {
                throw fail("\"\(value)\" is not an age (write age>2d, age<4h, age>3w or age>2m)")
            }
            return above ? .ageStartBefore(start) : .ageStartAfter(start)
        case .customerOrders:
            guard let count = Int(value), value.allSatisfy({ $0.isASCII && $0.isNumber }), count <= 1_000_000_000 else {
                throw fail("\"\(value)\" is not a number of orders (write customer-orders>1)")
            }
            return above ? .customerOrdersAbove(count) : .customerOrdersBelow(count)
        default:
            guard !value.isEmpty else { throw fail("\(name)\(op) needs an amount") }
            guard value.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                  value.filter({ $0 == "." }).count <= 1, value != ".",
                  let amount = Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")) else {
                throw fail("\"\(value)\" is not an amount (write \(name)>1000 or \(name)<49.90)")
            }
            if keyword == .outstanding { return above ? .outstandingAbove(amount) : .outstandingBelow(amount) }
            return above ? .totalAbove(amount) : .totalBelow(amount)
        }
    }

    /// `due<4h` (due before now + 4 hours: soon, or late already) and `due>1d` (due at or after
    /// now + 1 day), in hours, days or weeks of plain time; the promise turns the moment into the
    /// instant the orders' clocks must have started before (`FulfilmentPromise.onTimeCutoff`).
    private static func due(op: Character, value: String, now: Date, promise: FulfilmentPromise?,
                            fail: (String) -> SearchQueryError) throws(SearchQueryError) -> OrderPredicate {
        guard op != ":" else { throw fail("write due<4h or due>1d (or overdue)") }
        guard let promise else { throw fail(noPromiseMessage) }
        guard let unit = value.last, let seconds = ["h": 3_600.0, "d": 86_400.0, "w": 604_800.0][unit.lowercased()],
              value.count >= 2, value.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }),
              let amount = Int(value.dropLast()), amount <= 100_000 else {
            throw fail("\"\(value)\" is not a time from now (write due<4h, due<2d, due>1d or due>1w)")
        }
        let cutoff = promise.onTimeCutoff(now: now.addingTimeInterval(Double(amount) * seconds))
        return op == "<" ? .dueClockStartBefore(cutoff) : .dueClockStartFrom(cutoff)
    }

    /// A comma-separated list of triage, payment or fulfilment statuses, named as shops write them
    /// (`partially_paid`; `partially-paid` and any case are read the same).
    private static func statuses<Status: RawRepresentable & CaseIterable & Hashable>(
        in value: String, fail: (String) -> SearchQueryError
    ) throws(SearchQueryError) -> Set<Status> where Status.RawValue == String {
        var statuses = Set<Status>()
        for name in value.split(separator: ",", omittingEmptySubsequences: false) {
            let normalized = name.lowercased().replacingOccurrences(of: "-", with: "_")
            guard let status = Status(rawValue: normalized) else {
                throw fail(name.isEmpty ? "empty status in \"\(value)\""
                    : "unknown status \"\(name)\" (known: \(Status.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            statuses.insert(status)
        }
        return statuses
    }

    /// `7d`-style ages count back from now: `h` hours, `d` days, `w` weeks, `m` months; nil for anything else.
    private static func relativeDate(_ value: String, now: Date, calendar: Calendar) -> Date? {
        guard let unit = value.last, "hdwm".contains(unit.lowercased()), value.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }),
              let amount = Int(value.dropLast()), amount >= 0, amount <= 100_000 else { return nil }
        let component: Calendar.Component = switch unit.lowercased() {
        case "h": .hour
        case "d": .day
        case "w": .weekOfYear
        default: .month
        }
        return calendar.date(byAdding: component, value: -amount, to: now)
    }

    /// `7d`-style ages count back from now; `2026-01-01` is the start of that day in the calendar's time zone.
    private static func date(_ value: String, now: Date, calendar: Calendar,
                             fail: (String) -> SearchQueryError) throws(SearchQueryError) -> Date {
        if let date = relativeDate(value, now: now, calendar: calendar) { return date }
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
           let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
           (1...12).contains(month), (1...31).contains(day) {
            let components = DateComponents(year: year, month: month, day: day)
            if let date = calendar.date(from: components),
               calendar.component(.day, from: date) == day {
                return date
            }
        }
        // An exact instant, as the dashboard writes the bounds of its figures (`OrderQuery.searchText`).
        if value.contains("T"), let instant = try? Date.ISO8601FormatStyle().parse(value) { return instant }
        throw fail("\"\(value)\" is not a date or age (write 7d, 12h, 2w, 3m, 2026-01-31 or 2026-01-31T09:30:00Z)")
    }
}
