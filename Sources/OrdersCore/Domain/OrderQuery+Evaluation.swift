import Foundation

extension OrderPredicate {
    /// Reference semantics of each predicate. Folded needles are compared with
    /// `SearchFolding.fold` of the order's text; `customerOrders` counts the orders of every
    /// customer in the store the order is in (only `customer-orders` terms read it).
    ///
    /// Texts are folded by `FastFolding.fold`, which is `SearchFolding.fold` with an ASCII fast
    /// path (the same result, checked for every ASCII character): the rules evaluate every
    /// imported order, and Foundation's folding of its tags and cities was half of their cost.
    public func matches(_ order: Order, among customerOrders: CustomerOrderCounts) -> Bool {
        switch self {
        case .text(let needle):
            let needle = FastFolding.fold(needle)
            if needle.isEmpty { return true }
            return Order.searchableText(of: order).contains { Self.folded(FastFolding.fold($0), contains: needle) }
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
            let tag = FastFolding.fold(tag)
            return order.tags.contains { FastFolding.fold($0) == tag }
        case .customer(let name):
            return Self.folded(FastFolding.fold(order.customerName), contains: FastFolding.fold(name))
        case .country(let code):
            return order.country.uppercased() == code.uppercased()
        case .assignee(let person):
            if person.isEmpty { return order.assignee == nil }
            return order.assignee.map { FastFolding.fold($0) == FastFolding.fold(person) } ?? false
        case .createdSince(let date):
            return order.createdAt >= date
        case .createdBefore(let date):
            return order.createdAt < date
        case .refunded:
            return order.refunded > 0
        case .outstandingAbove(let amount):
            return order.outstanding > amount
        case .outstandingBelow(let amount):
            return order.outstanding < amount
        case .risk(let levels):
            return order.riskLevel.map(levels.contains) ?? false
        case .city(let needle):
            return Self.addressField(\.city, of: order, contains: needle)
        case .postcode(let needle):
            return Self.addressField(\.postcode, of: order, contains: needle)
        case .ageStartBefore(let date):
            return order.ageStart < date
        case .ageStartAfter(let date):
            return order.ageStart > date
        case .discountCode(let code):
            return order.discountCodes.contains { OrderNumber.isSource($0.code, named: code) }
        case .customerOrdersAbove(let count):
            return customerOrders.count(for: order) > count
        case .customerOrdersBelow(let count):
            return customerOrders.count(for: order) < count
        case .customerGroup(let group):
            return order.customerGroup == group
        case .dueClockStartBefore(let date):
            return order.hasDueTime && order.dueClockStart < date
        case .dueClockStartFrom(let date):
            return order.hasDueTime && order.dueClockStart >= date
        }
    }

    /// Whether the field of either address contains the needle, both folded (`contains("")` is
    /// false, as for `customer:`).
    private static func addressField(_ field: KeyPath<PostalAddress, String?>, of order: Order, contains needle: String) -> Bool {
        let needle = FastFolding.fold(needle)
        func contains(_ address: PostalAddress?) -> Bool {
            address?[keyPath: field].map { Self.folded(FastFolding.fold($0), contains: needle) } ?? false
        }
        return contains(order.shippingAddress) || contains(order.billingAddress)
    }

    /// `text.contains(needle)` of two folded texts, by bytes when both are plain ASCII without NUL or CR
    /// (every character one byte, so a byte search answers as `contains` does; `TextFolding` searches
    /// the list's index so) and the needle is not empty; otherwise `contains` itself. Foundation's
    /// search was most of what `city:` still cost a rule on every imported order.
    static func folded(_ text: String, contains needle: String) -> Bool {
        var text = text, needle = needle
        func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { bytes.allSatisfy { $0 < 0x80 && $0 != 0 && $0 != 0x0D } }
        let answer: Bool? = needle.withUTF8 { needleBytes in
            text.withUTF8 { textBytes in
                guard !needleBytes.isEmpty, isPlain(needleBytes), isPlain(textBytes) else { return nil }
                return ByteSearch.contains(textBytes, start: 0, length: textBytes.count, needle: needleBytes)
            }
        }
        return answer ?? text.contains(needle)
    }

    /// Whether evaluating needs the store's other orders (`customer-orders` terms).
    var needsCustomerOrders: Bool {
        switch self {
        case .customerOrdersAbove, .customerOrdersBelow: true
        default: false
        }
    }
}

extension OrderFilter {
    public func matches(_ order: Order, among customerOrders: CustomerOrderCounts) -> Bool {
        predicate.matches(order, among: customerOrders) != isNegated
    }
}

extension OrderQuery {
    public func matches(_ order: Order, among customerOrders: CustomerOrderCounts) -> Bool {
        filters.allSatisfy { $0.matches(order, among: customerOrders) }
    }

    /// The reference answer over a whole store: those of `orders` that match, in their order.
    /// Customers' orders are counted among `orders` only when a term needs them.
    public func filter(_ orders: some Collection<Order>) -> [Order] {
        let counts = filters.contains { $0.predicate.needsCustomerOrders } ? CustomerOrderCounts(orders) : CustomerOrderCounts()
        return orders.filter { matches($0, among: counts) }
    }
}

extension OrderSort {
    /// The reference ordering: by key in the chosen direction, ties by ascending id.
    /// Customer names compare by their folded form, byte by byte (UTF-8), which is
    /// what a database's binary collation does too.
    public func areInIncreasingOrder(_ a: Order, _ b: Order) -> Bool {
        if key == .due {
            return Self.dueOrder(a.hasDueTime, a.dueClockStart, a.id, before: b.hasDueTime, b.dueClockStart, b.id,
                                 ascending: ascending)
        }
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
        case .due: order = .orderedSame // answered above
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
        if key == .due {
            return Self.dueOrder(cursor.hasDueTime, cursor.dueClockStart, cursor.id,
                                 before: order.hasDueTime, order.dueClockStart, order.id, ascending: ascending)
        }
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
        case .due: comparison = .orderedSame // answered above
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

    /// The sort by due time (`OrderSortKey.due`): orders with a due time first, by their clock's
    /// start in the chosen direction, ties by ascending id; the others after them, by ascending id.
    static func dueOrder(_ aHasDue: Bool, _ aStart: Date, _ aID: OrderID, before bHasDue: Bool, _ bStart: Date,
                         _ bID: OrderID, ascending: Bool) -> Bool {
        if aHasDue != bHasDue { return aHasDue }
        if aHasDue, aStart != bStart { return ascending ? aStart < bStart : aStart > bStart }
        return aID < bID
    }
}

extension Order {
    /// The texts plain search words are matched against.
    public static func searchableText(of order: Order) -> [String] {
        [order.number, order.customerName, order.email]
            + order.items.map(\.sku) + order.items.map(\.title)
    }
}
