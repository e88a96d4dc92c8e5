import Foundation

extension OrderPredicate {
    /// Reference semantics of each predicate. Folded needles are compared with
    /// `SearchFolding.fold` of the order's text.
    public func matches(_ order: Order) -> Bool {
        switch self {
        case .text(let needle):
            let needle = SearchFolding.fold(needle)
            if needle.isEmpty { return true }
            return Order.searchableText(of: order).contains { SearchFolding.fold($0).contains(needle) }
        case .status(let statuses):
            return statuses.contains(order.status)
        case .payment(let statuses):
            return statuses.contains(order.payment)
        case .fulfillment(let statuses):
            return statuses.contains(order.fulfillment)
        case .source(let name):
            return OrderNumber.isSource(order.source, named: name)
        case .totalAbove(let amount):
            return order.reportingTotal > amount
        case .totalBelow(let amount):
            return order.reportingTotal < amount
        case .highValue(let threshold):
            return order.isHighValue(threshold: threshold)
        case .flagged:
            return order.flagged
        case .tag(let tag):
            let tag = SearchFolding.fold(tag)
            return order.tags.contains { SearchFolding.fold($0) == tag }
        case .customer(let name):
            return SearchFolding.fold(order.customerName).contains(SearchFolding.fold(name))
        case .country(let code):
            return order.country.uppercased() == code.uppercased()
        case .assignee(let person):
            if person.isEmpty { return order.assignee == nil }
            return order.assignee.map { SearchFolding.fold($0) == SearchFolding.fold(person) } ?? false
        case .createdSince(let date):
            return order.createdAt >= date
        case .createdBefore(let date):
            return order.createdAt < date
        }
    }
}

extension OrderFilter {
    public func matches(_ order: Order) -> Bool {
        predicate.matches(order) != isNegated
    }
}

extension OrderQuery {
    public func matches(_ order: Order) -> Bool {
        filters.allSatisfy { $0.matches(order) }
    }
}

extension OrderSort {
    /// The reference ordering: by key in the chosen direction, ties by ascending id.
    /// Customer names compare by their folded form, byte by byte (UTF-8), which is
    /// what a database's binary collation does too.
    public func areInIncreasingOrder(_ a: Order, _ b: Order) -> Bool {
        let order: ComparisonResult
        switch key {
        case .date: order = Self.compare(a.createdAt, b.createdAt)
        case .id: order = Self.compare(a.id, b.id)
        case .customer:
            let x = SearchFolding.fold(a.customerName), y = SearchFolding.fold(b.customerName)
            order = x == y ? .orderedSame : (x.utf8.lexicographicallyPrecedes(y.utf8) ? .orderedAscending : .orderedDescending)
        case .total: order = Self.compare(a.reportingTotal, b.reportingTotal)
        case .status: order = Self.compare(a.status.workflowRank, b.status.workflowRank)
        case .items: order = Self.compare(a.itemCount, b.itemCount)
        }
        switch order {
        case .orderedAscending: return ascending
        case .orderedDescending: return !ascending
        case .orderedSame: return a.id < b.id
        }
    }

    /// Whether `order` comes after the cursor's position in this sort order: the
    /// reference for keyset paging (`PageRequest(after:limit:)`).
    public func isAfter(_ cursor: PageCursor, _ order: Order) -> Bool {
        let comparison: ComparisonResult
        switch key {
        case .date: comparison = Self.compare(cursor.createdAt, order.createdAt)
        case .id: comparison = Self.compare(cursor.id, order.id)
        case .customer:
            let y = SearchFolding.fold(order.customerName)
            comparison = cursor.customerKey == y ? .orderedSame
                : (cursor.customerKey.utf8.lexicographicallyPrecedes(y.utf8) ? .orderedAscending : .orderedDescending)
        case .total: comparison = Self.compare(cursor.total, order.reportingTotal)
        case .status: comparison = Self.compare(cursor.statusRank, order.status.workflowRank)
        case .items: comparison = Self.compare(cursor.itemCount, order.itemCount)
        }
        switch comparison {
        case .orderedAscending: return ascending
        case .orderedDescending: return !ascending
        case .orderedSame: return cursor.id < order.id
        }
    }

    private static func compare<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
        a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
    }
}

extension Order {
    /// The texts plain search words are matched against.
    public static func searchableText(of order: Order) -> [String] {
        [order.number, order.customerName, order.email]
            + order.items.map(\.sku) + order.items.map(\.title)
    }
}
