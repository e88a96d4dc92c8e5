import Foundation

/// An `OrderQuery` translated to PostgreSQL: a WHERE clause assembled only from the fixed
/// fragments below, every user-supplied value a numbered parameter. It compares the same
/// folded keys as `SQLOrderQuery`, so both stores give the reference's answers.
struct PostgresOrderQuery {
    private(set) var whereClause: String = "TRUE"
    private(set) var parameters: [String?] = []
    let orderBy: String

    init(_ query: OrderQuery, keys: inout SearchKeys) {
        orderBy = query.sort.sqlOrderBy
        whereClause = condition(of: query.filters, keys: &keys)
    }

    /// The condition that all of `filters` hold, its values bound among this query's parameters:
    /// for a count beside the query's own (`count(*) FILTER (WHERE …)`, the dashboard's figures).
    mutating func condition(of filters: [OrderFilter], keys: inout SearchKeys) -> String {
        var conditions: [String] = []
        for filter in filters {
            let condition = condition(for: filter.predicate, keys: &keys)
            conditions.append(filter.isNegated ? "NOT (\(condition))" : "(\(condition))")
        }
        return conditions.isEmpty ? "TRUE" : conditions.joined(separator: " AND ")
    }

    /// Whether every order matches: no filter, no keyset restriction.
    var isUnfiltered: Bool { whereClause == "TRUE" }

    /// Adds a parameter and returns its placeholder (`$3`).
    mutating func bind(_ value: String?) -> String {
        parameters.append(value)
        return "$\(parameters.count)"
    }

    /// Narrows the query to the rows after `cursor` in `sort` order (keyset paging), ties broken by id;
    /// `reversed`, to the rows before it (read backwards: the server-served list's page up and end);
    /// `inclusive`, the cursor's own order too (the server-served list's rows from a selected order on).
    mutating func restrict(after cursor: PageCursor, sort: OrderSort, reversed: Bool = false, inclusive: Bool = false) {
        let beyond = sort.ascending != reversed ? ">" : "<"
        let idBeyond = (reversed ? "<" : ">") + (inclusive ? "=" : "")
        let column: String
        let value: String
        switch sort.key {
        case .id:
            whereClause = "(\(whereClause)) AND id \(beyond)\(inclusive ? "=" : "") \(bind(String(cursor.id.number)))"
            return
        case .due:
            // `OrderSort.dueOrder`: with a due time by start then id, then the rest by id.
            let rank = Order.sqlNoDueTimeRank, start = Order.sqlDueClockStart
            let id = bind(String(cursor.id.number))
            // Backwards (`reversed`) the rows with a due time come before those without.
            guard cursor.hasDueTime else {
                whereClause = reversed ? "(\(whereClause)) AND (\(rank) = 0 OR (\(rank) = 1 AND id \(idBeyond) \(id)))"
                    : "(\(whereClause)) AND (\(rank) = 1 AND id \(idBeyond) \(id))"
                return
            }
            let at = bind(String(cursor.dueClockStart.millisecondsSince1970))
            let sameRank = "\(rank) = 0 AND (\(start) \(beyond) \(at) OR (\(start) = \(at) AND id \(idBeyond) \(id)))"
            whereClause = reversed ? "(\(whereClause)) AND (\(sameRank))" : "(\(whereClause)) AND (\(rank) = 1 OR (\(sameRank)))"
            return
        case .date: (column, value) = ("created_ms", String(cursor.createdAt.millisecondsSince1970))
        case .customer: (column, value) = ("customer_key", cursor.customerKey)
        case .total: (column, value) = ("total_e4", String(TotalKey.of(cursor.total)))
        case .status: (column, value) = ("status", String(cursor.statusRank))
        case .items: (column, value) = ("item_count", String(cursor.itemCount))
        }
        let placeholder = bind(value)
        // The first bound adds nothing to the answer (the OR implies it) but is what PostgreSQL
        // turns into an index range on the sort's (column, id) index: without it a keyset read
        // far down the list filtered every row before the cursor (a search's 200 rows after list
        // position 500,000 of 1,000,000 orders: 577 ms; with it 1.8 ms, EXPLAIN ANALYZE).
        whereClause = "(\(whereClause)) AND \(column) \(beyond)= \(placeholder) AND (\(column) \(beyond) \(placeholder) "
            + "OR (\(column) = \(placeholder) AND id \(idBeyond) \(bind(String(cursor.id.number)))))"
    }

    /// One predicate as a condition that is never NULL (so NOT works as in Swift).
    private mutating func condition(for predicate: OrderPredicate, keys: inout SearchKeys) -> String {
        // PostgreSQL text cannot hold NUL, so no stored order contains one: such a needle
        // matches nothing (and could not be sent as a parameter anyway).
        switch predicate {
        case .text(let text), .tag(let text), .customer(let text), .country(let text), .assignee(let text),
             .source(let text), .city(let text), .postcode(let text), .discountCode(let text), .customerGroup(let text):
            if text.unicodeScalars.contains("\u{0}") { return "FALSE" }
        default: break
        }
        switch predicate {
        case .text(let needle):
            let folded = keys.fold(needle)
            if folded.isEmpty { return "TRUE" }
            // LIKE rather than strpos: a pg_trgm index can answer it without a scan.
            return "search_key LIKE \(bind(Self.containsPattern(folded)))"
        case .status(let statuses):
            if statuses.isEmpty { return "FALSE" }
            return "status = ANY(\(bind(PostgresArray.literal(integers: statuses.map(\.workflowRank).sorted())))::integer[])"
        case .payment(let statuses):
            if statuses.isEmpty { return "FALSE" }
            return "payment = ANY(\(bind(PostgresArray.literal(texts: statuses.map(\.rawValue).sorted())))::text[])"
        case .fulfillment(let statuses):
            if statuses.isEmpty { return "FALSE" }
            return "fulfillment = ANY(\(bind(PostgresArray.literal(texts: statuses.map(\.rawValue).sorted())))::text[])"
        case .source(let name):
            // The whole name, ASCII letters in either case (`OrderNumber.isSource`, SQLite's NOCASE):
            // lower() under the "C" collation changes ASCII letters only.
            return "lower(source COLLATE \"C\") = lower(\(bind(name)) COLLATE \"C\")"
        case .totalAbove(let amount), .highValue(let amount):
            return "total_e4 > \(bind(String(TotalKey.floor(amount))))"
        case .totalBelow(let amount):
            return "total_e4 < \(bind(String(TotalKey.ceiling(amount))))"
        case .flagged:
            return "flagged"
        case .tag(let tag):
            return "strpos(tags_key, \(bind(keys.tagNeedle(tag)))) > 0"
        case .customer(let name):
            let folded = keys.fold(name)
            // Foundation's String.contains("") is false, and the reference uses it.
            if folded.isEmpty { return "FALSE" }
            return "customer_key LIKE \(bind(Self.containsPattern(folded)))"
        case .country(let code):
            return "country_key = \(bind(code.uppercased()))"
        case .assignee(let person):
            if person.isEmpty { return "assignee IS NULL" }
            return "assignee_key IS NOT DISTINCT FROM \(bind(keys.fold(person)))"
        case .createdSince(let date):
            return "created_ms >= \(bind(String(SQLOrderQuery.ceilingMilliseconds(date))))"
        case .createdBefore(let date):
            return "created_ms < \(bind(String(SQLOrderQuery.ceilingMilliseconds(date))))"
        case .refunded:
            return "id IN (SELECT order_id FROM refunds WHERE amount_minor > 0)"
        case .outstandingAbove(let amount):
            return "outstanding_e4 > \(bind(String(TotalKey.floor(amount))))"
        case .outstandingBelow(let amount):
            return "outstanding_e4 < \(bind(String(TotalKey.ceiling(amount))))"
        case .risk(let levels):
            if levels.isEmpty { return "FALSE" }
            // IS NOT NULL keeps an order without a risk level false rather than NULL (NOT must work).
            return "risk IS NOT NULL AND risk = ANY(\(bind(PostgresArray.literal(texts: levels.map(\.rawValue).sorted())))::text[])"
        case .city(let needle):
            return addressCondition("city_key", needle, keys: &keys)
        case .postcode(let needle):
            return addressCondition("postcode_key", needle, keys: &keys)
        // The expression of the index orders_by_age (`Order.ageStart`), so the index answers it.
        case .ageStartBefore(let date):
            return "coalesce(paid_ms, created_ms) < \(bind(String(SQLOrderQuery.ceilingMilliseconds(date))))"
        case .ageStartAfter(let date):
            return "coalesce(paid_ms, created_ms) > \(bind(String(SQLOrderQuery.floorMilliseconds(date))))"
        case .discountCode(let code):
            // ASCII letters in either case (`OrderNumber.isSource`); discount_codes_by_code answers it.
            return "id IN (SELECT order_id FROM discount_codes WHERE lower(code COLLATE \"C\") = lower(\(bind(code)) COLLATE \"C\"))"
        case .customerOrdersAbove(let count):
            // Every order is at least its customer's first: more than 0 holds for all.
            if count < 1 { return "TRUE" }
            return """
                customer_group IS NOT NULL AND customer_group IN (SELECT customer_group FROM orders
                    WHERE customer_group IS NOT NULL GROUP BY customer_group HAVING count(*) > \(bind(String(count))))
                """
        case .customerOrdersBelow(let count):
            // Fewer than n is "not more than n − 1".
            if count <= 1 { return "FALSE" }
            return "NOT (\(condition(for: .customerOrdersAbove(count - 1), keys: &keys)))"
        case .customerGroup(let group):
            return "customer_group IS NOT NULL AND customer_group = \(bind(group))"
        case .dueClockStartBefore(let date):
            return "\(Order.sqlNoDueTimeRank) = 0 AND \(Order.sqlDueClockStart) < \(bind(String(SQLOrderQuery.ceilingMilliseconds(date))))"
        case .dueClockStartFrom(let date):
            return "\(Order.sqlNoDueTimeRank) = 0 AND \(Order.sqlDueClockStart) >= \(bind(String(SQLOrderQuery.ceilingMilliseconds(date))))"
        }
    }

    /// A folded substring of a field of either address (`SearchKeys.addressKey`).
    private mutating func addressCondition(_ column: String, _ needle: String, keys: inout SearchKeys) -> String {
        let folded = keys.fold(needle)
        // Foundation's String.contains("") is false, and the reference uses it.
        if folded.isEmpty { return "FALSE" }
        return "\(column) LIKE \(bind(Self.containsPattern(folded)))"
    }

    /// A LIKE pattern matching any text that contains `text` literally (`%`, `_` and `\` escaped).
    static func containsPattern(_ text: String) -> String {
        // By scalar, not by character: a combining mark after `%` must not hide it.
        var pattern = String.UnicodeScalarView()
        pattern.append("%")
        for scalar in text.unicodeScalars {
            if scalar == "%" || scalar == "_" || scalar == "\\" { pattern.append("\\") }
            pattern.append(scalar)
        }
        pattern.append("%")
        return String(pattern)
    }

}
