import Foundation
import OrdersCore

/// An `OrderQuery` translated to SQL once for both databases: a WHERE clause assembled only from
/// the fixed fragments below, every user-supplied value a numbered parameter, and the sort's
/// ORDER BY (`OrderSort+SQL`). What the two databases write differently is asked of the
/// `SQLDialect`; everything else is one text, comparing the same folded keys, so both stores
/// give the reference's answers (`OrderQuery.filter`).
struct SQLOrderQuery {
    let dialect: SQLDialect
    private(set) var whereClause: String
    let orderBy: String
    private var bound: SQLParameters

    init(_ query: OrderQuery, dialect: SQLDialect, keys: inout SearchKeys) {
        self.dialect = dialect
        whereClause = dialect.alwaysTrue
        orderBy = query.sort.sqlOrderBy
        bound = SQLParameters(dialect)
        whereClause = condition(of: query.filters, keys: &keys)
    }

    /// The values of the placeholders in `whereClause` and those `bind` returned, in order.
    var parameters: [SQLValue] { bound.values }

    /// Whether every order matches: no filter, no keyset restriction.
    var isUnfiltered: Bool { whereClause == dialect.alwaysTrue }

    /// Adds a parameter and returns its placeholder, for a value the statement adds (a LIMIT).
    mutating func bind(_ value: SQLValue) -> String {
        bound.bind(value)
    }

    /// The condition that all of `filters` hold, its values bound among this query's parameters:
    /// for a count beside the query's own (`count(*) FILTER (WHERE …)`, the dashboard's figures).
    mutating func condition(of filters: [OrderFilter], keys: inout SearchKeys) -> String {
        var conditions: [String] = []
        for filter in filters {
            let condition = condition(for: filter.predicate, keys: &keys)
            conditions.append(filter.isNegated ? "NOT (\(condition))" : "(\(condition))")
        }
        return conditions.isEmpty ? dialect.alwaysTrue : conditions.joined(separator: " AND ")
    }

    /// One predicate as a condition that is never NULL (so NOT works as in Swift).
    private mutating func condition(for predicate: OrderPredicate, keys: inout SearchKeys) -> String {
        if !dialect.textHoldsNUL, let text = predicate.comparedText, text.unicodeScalars.contains("\u{0}") {
            return dialect.alwaysFalse
        }
        switch predicate {
        case .text(let needle):
            let folded = keys.fold(needle)
            if folded.isEmpty { return dialect.alwaysTrue }
            return dialect.contains("search_key", folded, &bound)
        case .status(let statuses):
            if statuses.isEmpty { return dialect.alwaysFalse }
            return dialect.isOneOf("status", integers: statuses.map(\.workflowRank).sorted(), &bound)
        case .payment(let statuses):
            return isOneOf("payment", statuses.map(\.rawValue))
        case .fulfillment(let statuses):
            return isOneOf("fulfillment", statuses.map(\.rawValue))
        case .source(let name):
            return dialect.equalsIgnoringASCIICase("source", name, &bound)
        case .totalAbove(let amount), .highValue(let amount):
            return "\(dialect.withoutIndex("total_e4")) > \(bind(.integer(TotalKey.floor(amount))))"
        case .totalBelow(let amount):
            return "\(dialect.withoutIndex("total_e4")) < \(bind(.integer(TotalKey.ceiling(amount))))"
        case .flagged:
            return dialect.isSet("flagged")
        case .tag(let tag):
            return dialect.contains("tags_key", keys.tagNeedle(tag), &bound)
        case .customer(let name):
            let folded = keys.fold(name)
            // Foundation's String.contains("") is false, and the reference uses it.
            if folded.isEmpty { return dialect.alwaysFalse }
            return dialect.contains("customer_key", folded, &bound)
        case .country(let code):
            return "country_key = \(bind(.text(code.uppercased())))"
        case .assignee(let person):
            if person.isEmpty { return "assignee IS NULL" }
            return equalsNotNull("assignee_key", keys.fold(person))
        case .createdSince(let date):
            return "created_ms >= \(bind(.integer(Self.ceilingMilliseconds(date))))"
        case .createdBefore(let date):
            return "created_ms < \(bind(.integer(Self.ceilingMilliseconds(date))))"
        case .refunded:
            // The refunds table holds only refunded orders: a set built from it, probed by key.
            return "id IN (SELECT order_id FROM refunds WHERE amount_minor > 0)"
        case .outstandingAbove(let amount):
            return "outstanding_e4 > \(bind(.integer(TotalKey.floor(amount))))"
        case .outstandingBelow(let amount):
            return "outstanding_e4 < \(bind(.integer(TotalKey.ceiling(amount))))"
        case .risk(let levels):
            if levels.isEmpty { return dialect.alwaysFalse }
            // IS NOT NULL keeps an order without a risk level false rather than NULL (NOT must work).
            return "risk IS NOT NULL AND " + isOneOf("risk", levels.map(\.rawValue))
        case .city(let needle):
            return addressCondition("city_key", needle, keys: &keys)
        case .postcode(let needle):
            return addressCondition("postcode_key", needle, keys: &keys)
        // The expression of the index orders_by_age (`Order.ageStart`), so the index answers it.
        case .ageStartBefore(let date):
            return "coalesce(paid_ms, created_ms) < \(bind(.integer(Self.ceilingMilliseconds(date))))"
        case .ageStartAfter(let date):
            return "coalesce(paid_ms, created_ms) > \(bind(.integer(Self.floorMilliseconds(date))))"
        case .discountCode(let code):
            // discount_codes_by_code answers it (each schema's index is of the dialect's own form).
            return "id IN (SELECT order_id FROM discount_codes WHERE \(dialect.equalsIgnoringASCIICase("code", code, &bound)))"
        case .customerOrdersAbove(let count):
            // Every order is at least its customer's first: more than 0 holds for all.
            if count < 1 { return dialect.alwaysTrue }
            return """
                customer_group IS NOT NULL AND customer_group IN (SELECT customer_group FROM orders
                    WHERE customer_group IS NOT NULL GROUP BY customer_group HAVING count(*) > \(bind(.int(count))))
                """
        case .customerOrdersBelow(let count):
            // Fewer than n is "not more than n − 1".
            if count <= 1 { return dialect.alwaysFalse }
            return "NOT (\(condition(for: .customerOrdersAbove(count - 1), keys: &keys)))"
        case .customerGroup(let group):
            return equalsNotNull("customer_group", group)
        case .dueClockStartBefore(let date):
            return "\(Order.sqlNoDueTimeRank) = 0 AND \(Order.sqlDueClockStart) < \(bind(.integer(Self.ceilingMilliseconds(date))))"
        case .dueClockStartFrom(let date):
            return "\(Order.sqlNoDueTimeRank) = 0 AND \(Order.sqlDueClockStart) >= \(bind(.integer(Self.ceilingMilliseconds(date))))"
        }
    }

    /// A folded substring of a field of either address (`SearchKeys.addressKey`).
    private mutating func addressCondition(_ column: String, _ needle: String, keys: inout SearchKeys) -> String {
        let folded = keys.fold(needle)
        // Foundation's String.contains("") is false, and the reference uses it.
        if folded.isEmpty { return dialect.alwaysFalse }
        return dialect.contains(column, folded, &bound)
    }

    /// `column` is one of `values`, false for none; the values sorted so equal queries give equal SQL.
    private mutating func isOneOf(_ column: String, _ values: [String]) -> String {
        if values.isEmpty { return dialect.alwaysFalse }
        return dialect.isOneOf(column, texts: values.sorted(), &bound)
    }

    /// `column` equals a value that is never NULL, as a condition that is never NULL: false, not
    /// NULL, where the column is NULL (so NOT works), and still a plain `=` its index answers.
    private mutating func equalsNotNull(_ column: String, _ value: String) -> String {
        "\(column) IS NOT NULL AND \(column) = \(bind(.text(value)))"
    }

    /// The first whole millisecond not before `date`: stored dates are whole
    /// milliseconds, so `created >= date` is `created_ms >= this`, and likewise for `<`.
    static func ceilingMilliseconds(_ date: Date) -> Int64 {
        let floor = date.millisecondsSince1970
        return Date(millisecondsSince1970: floor) < date ? floor + 1 : floor
    }

    /// The last whole millisecond not after `date`: `stored > date` is `stored_ms > this`.
    static func floorMilliseconds(_ date: Date) -> Int64 {
        let nearest = date.millisecondsSince1970
        return Date(millisecondsSince1970: nearest) > date ? nearest - 1 : nearest
    }
}

// MARK: Keyset paging

extension SQLOrderQuery {
    /// Narrows the query to the rows after `cursor` in `sort` order (keyset paging), ties broken by id;
    /// `reversed`, to the rows before it (read backwards: the server-served list's page up and end);
    /// `inclusive`, the cursor's own order too (the server-served list's rows from a selected order on).
    mutating func restrict(after cursor: PageCursor, sort: OrderSort, reversed: Bool = false, inclusive: Bool = false) {
        whereClause = "(\(whereClause)) AND " + keysetCondition(after: cursor, sort: sort, reversed: reversed, inclusive: inclusive)
    }

    /// The select of one page of the matching orders (`columns` of `orders`) in the query's order,
    /// after the page's cursor when it has one and past its offset: both engines read a page with it.
    /// Nil when the page holds none of the `total` orders matching.
    mutating func pageSelect(_ columns: String, page: PageRequest, sort: OrderSort, total: Int) -> String? {
        let limit = max(page.limit, 0), offset = max(page.offset, 0)
        guard limit > 0, offset < total else { return nil }
        if let cursor = page.after { restrict(after: cursor, sort: sort) }
        let limitPlaceholder = bind(.int(limit)), offsetPlaceholder = bind(.int(offset))
        return """
            SELECT \(columns) FROM orders WHERE \(whereClause)
            ORDER BY \(orderBy) LIMIT \(limitPlaceholder) OFFSET \(offsetPlaceholder)
            """
    }

    private mutating func keysetCondition(after cursor: PageCursor, sort: OrderSort, reversed: Bool, inclusive: Bool) -> String {
        let beyond = sort.ascending != reversed ? ">" : "<"
        let idBeyond = (reversed ? "<" : ">") + (inclusive ? "=" : "")
        let column: String
        let value: SQLValue
        switch sort.key {
        case .id:
            return "id \(beyond)\(inclusive ? "=" : "") \(bind(.int(cursor.id.number)))"
        case .due:
            // `OrderSort.dueOrder`: with a due time by start then id, then the rest by id.
            let rank = Order.sqlNoDueTimeRank, start = Order.sqlDueClockStart
            let id = bind(.int(cursor.id.number))
            // Backwards (`reversed`) the rows with a due time come before those without.
            guard cursor.hasDueTime else {
                return reversed ? "(\(rank) = 0 OR (\(rank) = 1 AND id \(idBeyond) \(id)))" : "(\(rank) = 1 AND id \(idBeyond) \(id))"
            }
            let at = bind(.integer(cursor.dueClockStart.millisecondsSince1970))
            let sameRank = "\(rank) = 0 AND (\(start) \(beyond) \(at) OR (\(start) = \(at) AND id \(idBeyond) \(id)))"
            return reversed ? "(\(sameRank))" : "(\(rank) = 1 OR (\(sameRank)))"
        case .date: (column, value) = ("created_ms", .integer(cursor.createdAt.millisecondsSince1970))
        case .customer: (column, value) = ("customer_key", .text(cursor.customerKey))
        case .total: (column, value) = ("total_e4", .integer(TotalKey.of(cursor.total)))
        case .status: (column, value) = ("status", .int(cursor.statusRank))
        case .items: (column, value) = ("item_count", .int(cursor.itemCount))
        }
        let placeholder = bind(value)
        let after = "(\(column) \(beyond) \(placeholder) OR (\(column) = \(placeholder) AND id \(idBeyond) \(bind(.int(cursor.id.number)))))"
        // `SQLDialect.boundsKeysetLeadingColumn` says why.
        return dialect.boundsKeysetLeadingColumn ? "\(column) \(beyond)= \(placeholder) AND \(after)" : after
    }
}

private extension OrderPredicate {
    /// The text a predicate compares, where it compares one.
    var comparedText: String? {
        switch self {
        case .text(let text), .tag(let text), .customer(let text), .country(let text), .assignee(let text),
             .source(let text), .city(let text), .postcode(let text), .discountCode(let text), .customerGroup(let text):
            text
        default:
            nil
        }
    }
}
