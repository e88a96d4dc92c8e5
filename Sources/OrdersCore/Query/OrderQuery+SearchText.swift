import Foundation

extension OrderQuery {
    /// The query as the search box writes it, so a screen can hand the list exactly these filters
    /// (the dashboard's figures: Enter on a number lists its orders). Instants are written whole
    /// (`since:2026-11-21T09:30:00Z`), so the text means the same at any later moment.
    ///
    /// Nil when the text would not read back as exactly these filters: a predicate the dashboard
    /// never writes, an instant with a fraction of a second, a value with a quote in it, a word
    /// the parser reads as a keyword. Checked by parsing it back, so a text handed out always
    /// selects exactly what the query selects.
    ///
    /// The overdue at `now` under `promise` (`.dueClockStartBefore` of the promise's cutoff for
    /// `now`) are written `overdue`: the list then keeps them as the orders overdue at each moment.
    public func searchText(calendar: Calendar, promise: FulfilmentPromise? = nil, now: Date? = nil) -> String? {
        let overdueCutoff = now.flatMap { now in promise.map { $0.onTimeCutoff(now: now) } }
        var terms: [String] = []
        for filter in filters {
            guard let term = Self.term(filter.predicate, overdueCutoff: overdueCutoff) else { return nil }
            terms.append(filter.isNegated ? "-" + term : term)
        }
        let text = terms.joined(separator: " ")
        // The instants are absolute, so any `now` reads them back the same; `overdue` reads back at `now`.
        guard let parsed = try? SearchQueryParser.parse(text, now: now ?? Date(timeIntervalSince1970: 0), calendar: calendar,
                                                        promise: promise),
              parsed == filters else { return nil }
        return text
    }

    private static func term(_ predicate: OrderPredicate, overdueCutoff: Date?) -> String? {
        switch predicate {
        case .dueClockStartBefore(let cutoff) where cutoff == overdueCutoff: return "overdue"
        case .text(let word): return quoted(word)
        case .status(let statuses): return "status:" + statuses.sorted { $0.workflowRank < $1.workflowRank }.map(\.rawValue).joined(separator: ",")
        case .customer(let name): return "customer:" + quoted(name)
        case .assignee(let person): return "assignee:" + (person.isEmpty ? "none" : quoted(person))
        case .createdSince(let date): return instant(date).map { "since:" + $0 }
        case .createdBefore(let date): return instant(date).map { "before:" + $0 }
        default: return nil
        }
    }

    /// In quotes unless it is one plain word; a value holding a quote cannot be written (the parse-back refuses it).
    private static func quoted(_ value: String) -> String {
        value.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == ":" || $0 == ">" || $0 == "<" || $0 == "-" })
            || SearchKeyword(named: value) != nil ? "\"\(value)\"" : value
    }

    /// `2026-11-21T09:30:00Z`, or nil for an instant with a fraction of a second (the text keeps whole seconds).
    private static func instant(_ date: Date) -> String? {
        let seconds = date.timeIntervalSince1970
        guard seconds == seconds.rounded(.down) else { return nil }
        return date.formatted(Date.ISO8601FormatStyle())
    }
}
