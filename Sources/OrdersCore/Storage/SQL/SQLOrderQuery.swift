import Foundation

/// An `OrderQuery` translated to SQL: a WHERE clause assembled only from the fixed
/// fragments below, with every user-supplied value bound as a parameter.
struct SQLOrderQuery {
    var whereClause: String
    var bindings: [SQLiteValue]
    var orderBy: String

    init(_ query: OrderQuery, keys: inout SearchKeys) {
        var conditions: [String] = []
        var bindings: [SQLiteValue] = []
        for filter in query.filters {
            let (condition, values) = Self.condition(for: filter.predicate, keys: &keys)
            conditions.append(filter.isNegated ? "NOT (\(condition))" : "(\(condition))")
            bindings += values
        }
        whereClause = conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
        self.bindings = bindings
        orderBy = query.sort.sqlOrderBy
    }

    /// One predicate as a condition that is never NULL (so NOT works as in Swift).
    private static func condition(for predicate: OrderPredicate, keys: inout SearchKeys) -> (String, [SQLiteValue]) {
        switch predicate {
        case .text(let needle):
            let folded = keys.fold(needle)
            if folded.isEmpty { return ("1", []) }
            return ("instr(search_key, ?) > 0", [.text(folded)])
        case .status(let statuses):
            if statuses.isEmpty { return ("0", []) }
            let ranks = statuses.map(\.workflowRank).sorted()
            return ("status IN (" + ranks.map { _ in "?" }.joined(separator: ", ") + ")", ranks.map { .int($0) })
        case .payment(let statuses):
            return textIn("payment", statuses.map(\.rawValue))
        case .fulfillment(let statuses):
            return textIn("fulfillment", statuses.map(\.rawValue))
        case .source(let name):
            // NOCASE folds ASCII letters only, as `OrderNumber.isSource` does.
            return ("source = ? COLLATE NOCASE", [.text(name)])
        // The unary + keeps SQLite from answering a total range through the total
        // index: "above 1000" matches a large share of orders, and walking that
        // index with a table lookup per row is far slower than a scan (or than a
        // selective index such as the flagged one).
        case .totalAbove(let amount), .highValue(let amount):
            return ("+total_e4 > ?", [.integer(TotalKey.floor(amount))])
        case .totalBelow(let amount):
            return ("+total_e4 < ?", [.integer(TotalKey.ceiling(amount))])
        case .flagged:
            return ("flagged = 1", [])
        case .tag(let tag):
            return ("instr(tags_key, ?) > 0", [.text(keys.tagNeedle(tag))])
        case .customer(let name):
            let folded = keys.fold(name)
            // Foundation's String.contains("") is false, and the reference uses it.
            if folded.isEmpty { return ("0", []) }
            return ("instr(customer_key, ?) > 0", [.text(folded)])
        case .country(let code):
            return ("country_key = ?", [.text(code.uppercased())])
        case .assignee(let person):
            if person.isEmpty { return ("assignee IS NULL", []) }
            return ("assignee_key IS ?", [.text(keys.fold(person))])
        case .createdSince(let date):
            return ("created_ms >= ?", [.integer(Self.ceilingMilliseconds(date))])
        case .createdBefore(let date):
            return ("created_ms < ?", [.integer(Self.ceilingMilliseconds(date))])
        case .refunded:
            // The refunds table holds only refunded orders: a set built from it, probed by key.
            return ("id IN (SELECT order_id FROM refunds WHERE amount_minor > 0)", [])
        case .outstandingAbove(let amount):
            return ("outstanding_e4 > ?", [.integer(TotalKey.floor(amount))])
        case .outstandingBelow(let amount):
            return ("outstanding_e4 < ?", [.integer(TotalKey.ceiling(amount))])
        case .risk(let levels):
            // IS NOT NULL keeps an order without a risk level false rather than NULL (NOT must work).
            let (condition, values) = textIn("risk", levels.map(\.rawValue))
            return ("risk IS NOT NULL AND \(condition)", values)
        case .city(let needle):
            return addressCondition("city_key", needle, keys: &keys)
        case .postcode(let needle):
            return addressCondition("postcode_key", needle, keys: &keys)
        // The expression of the index orders_by_age (`Order.ageStart`), so the index answers it.
        case .ageStartBefore(let date):
            return ("coalesce(paid_ms, created_ms) < ?", [.integer(Self.ceilingMilliseconds(date))])
        case .ageStartAfter(let date):
            return ("coalesce(paid_ms, created_ms) > ?", [.integer(Self.floorMilliseconds(date))])
        case .discountCode(let code):
            // NOCASE folds ASCII letters only, as `OrderNumber.isSource` does; discount_codes_by_code answers it.
            return ("id IN (SELECT order_id FROM discount_codes WHERE code = ? COLLATE NOCASE)", [.text(code)])
        case .customerOrdersAbove(let count):
            // Every order is at least its customer's first: more than 0 holds for all.
            if count < 1 { return ("1", []) }
            return ("""
                customer_group IS NOT NULL AND customer_group IN (SELECT customer_group FROM orders
                    WHERE customer_group IS NOT NULL GROUP BY customer_group HAVING count(*) > ?)
                """, [.int(count)])
        case .customerOrdersBelow(let count):
            // Fewer than n is "not more than n − 1".
            if count <= 1 { return ("0", []) }
            let (above, values) = condition(for: .customerOrdersAbove(count - 1), keys: &keys)
            return ("NOT (\(above))", values)
        case .customerGroup(let group):
            return ("customer_group IS ?", [.text(group)])
        case .dueClockStartBefore(let date):
            return ("\(Order.sqlNoDueTimeRank) = 0 AND \(Order.sqlDueClockStart) < ?", [.integer(Self.ceilingMilliseconds(date))])
        case .dueClockStartFrom(let date):
            return ("\(Order.sqlNoDueTimeRank) = 0 AND \(Order.sqlDueClockStart) >= ?", [.integer(Self.ceilingMilliseconds(date))])
        }
    }

    /// A folded substring of a field of either address (`SearchKeys.addressKey`).
    private static func addressCondition(_ column: String, _ needle: String, keys: inout SearchKeys) -> (String, [SQLiteValue]) {
        let folded = keys.fold(needle)
        // Foundation's String.contains("") is false, and the reference uses it.
        if folded.isEmpty { return ("0", []) }
        return ("instr(\(column), ?) > 0", [.text(folded)])
    }

    /// `column IN (values)`, false for no values; the values sorted so equal queries give equal SQL.
    private static func textIn(_ column: String, _ values: [String]) -> (String, [SQLiteValue]) {
        if values.isEmpty { return ("0", []) }
        return ("\(column) IN (" + values.map { _ in "?" }.joined(separator: ", ") + ")", values.sorted().map { .text($0) })
    }

    /// The condition "comes after `cursor` in `sort` order" (keyset paging), ties broken by id.
    static func after(_ cursor: PageCursor, sort: OrderSort) -> (String, [SQLiteValue]) {
        let beyond = sort.ascending ? ">" : "<"
        let column: String
        let value: SQLiteValue
        switch sort.key {
        case .id: return ("id \(beyond) ?", [.int(cursor.id.number)])
        case .due:
            // `OrderSort.dueOrder`: with a due time by start then id, then the rest by id.
            let id = SQLiteValue.int(cursor.id.number)
            guard cursor.hasDueTime else { return ("(\(Order.sqlNoDueTimeRank) = 1 AND id > ?)", [id]) }
            let start = SQLiteValue.integer(cursor.dueClockStart.millisecondsSince1970)
            return ("""
                (\(Order.sqlNoDueTimeRank) = 1 OR (\(Order.sqlNoDueTimeRank) = 0 AND (\(Order.sqlDueClockStart) \(beyond) ? \
                OR (\(Order.sqlDueClockStart) = ? AND id > ?))))
                """, [start, start, id])
        case .date: (column, value) = ("created_ms", .integer(cursor.createdAt.millisecondsSince1970))
        case .customer: (column, value) = ("customer_key", .text(cursor.customerKey))
        case .total: (column, value) = ("total_e4", .integer(TotalKey.of(cursor.total)))
        case .status: (column, value) = ("status", .int(cursor.statusRank))
        case .items: (column, value) = ("item_count", .int(cursor.itemCount))
        }
        return ("(\(column) \(beyond) ? OR (\(column) = ? AND id > ?))", [value, value, .int(cursor.id.number)])
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
