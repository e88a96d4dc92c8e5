import Foundation

/// One condition on an order. Backend-neutral: the in-memory evaluation in
/// `OrderPredicate.matches` is the reference every store must agree with.
public enum OrderPredicate: Hashable, Sendable {
    /// A folded substring of id, customer name, email, any SKU or any item title.
    case text(String)
    /// Status is one of these.
    case status(Set<OrderStatus>)
    /// The payment status is one of these.
    case payment(Set<PaymentStatus>)
    /// The fulfilment status is one of these.
    case fulfillment(Set<FulfillmentStatus>)
    /// The order came from this source (`OrderNumber.isSource`: whole name, ASCII case ignored).
    case source(String)
    /// total > amount (numeric, in the shop's currency: `Order.reportingTotal`).
    case totalAbove(Decimal)
    /// total < amount.
    case totalBelow(Decimal)
    /// total > threshold.
    case highValue(threshold: Decimal)
    case flagged
    /// Has this tag (compared case-insensitively).
    case tag(String)
    /// A folded substring of the customer name.
    case customer(String)
    /// Shipping country equals this ISO code (case-insensitive).
    case country(String)
    /// Assigned to this person (case-insensitive); an empty string means unassigned.
    case assignee(String)
    /// createdAt >= date.
    case createdSince(Date)
    /// createdAt < date.
    case createdBefore(Date)
    /// Something was given back: `Order.refunded` > 0.
    case refunded
    /// outstanding > amount (`Order.outstanding`: total − refunded, in the order's own currency,
    /// the one its refunds were made in).
    case outstandingAbove(Decimal)
    /// outstanding < amount.
    case outstandingBelow(Decimal)
    /// The shop's risk level is one of these (an order without one matches none).
    case risk(Set<RiskLevel>)
    /// A folded substring of the city of the shipping or the billing address.
    case city(String)
    /// A folded substring of the postcode of the shipping or the billing address.
    case postcode(String)
    /// `Order.ageStart` < date: older than the age that gave the date (`age>2d`).
    case ageStartBefore(Date)
    /// `Order.ageStart` > date: younger than the age that gave the date (`age<4h`).
    case ageStartAfter(Date)
    /// Has a discount code equal to this one, ASCII case ignored (`OrderNumber.isSource`'s rule):
    /// codes are the shop's identifiers, typed as the customer did.
    case discountCode(String)
    /// The customer (`Order.customerGroup`) has more than this many orders in the store.
    case customerOrdersAbove(Int)
    /// The customer has fewer than this many orders in the store (an order is its customer's first).
    case customerOrdersBelow(Int)
    /// The order belongs to this customer group (`Order.customerGroup`): a customer's orders.
    case customerGroup(String)
    /// The order has a due time (`Order.hasDueTime`) and its promise's clock (`Order.dueClockStart`)
    /// started before this instant: its due time is before the moment whose
    /// `FulfilmentPromise.onTimeCutoff` this is (`overdue`, `due<4h`). The parser turns the promise
    /// and the clock into this one instant, so every store compares a column with it.
    case dueClockStartBefore(Date)
    /// The order has a due time and its clock started at or after this instant: due at or after the
    /// moment whose cutoff this is (`due>1d`).
    case dueClockStartFrom(Date)
}

/// A predicate, possibly negated (`-status:cancelled`).
public struct OrderFilter: Hashable, Sendable {
    public var predicate: OrderPredicate
    public var isNegated: Bool

    public init(_ predicate: OrderPredicate, negated: Bool = false) {
        self.predicate = predicate
        self.isNegated = negated
    }
}

/// What to show: every filter must hold (AND), in this sort order.
/// Paging is passed separately so that counts can use the same query.
public struct OrderQuery: Hashable, Sendable {
    public var filters: [OrderFilter]
    public var sort: OrderSort

    public init(filters: [OrderFilter] = [], sort: OrderSort = .default) {
        self.filters = filters
        self.sort = sort
    }

    public static let all = OrderQuery()
}

/// Which slice of a sorted result to return: `limit` rows, skipping `offset`, counted
/// from the start or, with `after`, from just past a row already shown.
public struct PageRequest: Hashable, Sendable {
    public var offset: Int
    public var limit: Int
    /// Keyset paging: start right after this position in the sort order. Orders inserted
    /// or changed elsewhere in the list then never shift the next page, so scrolling
    /// through a live queue shows no order twice and skips none.
    public var after: PageCursor?

    public init(offset: Int = 0, limit: Int) {
        self.offset = offset
        self.limit = limit
        self.after = nil
    }

    /// The `limit` orders that follow `cursor` in the query's sort order.
    public init(after cursor: PageCursor?, limit: Int) {
        self.offset = 0
        self.limit = limit
        self.after = cursor
    }
}

/// A position in a sorted list of orders: the sort values of one order as it was
/// shown, plus its id for ties. Built from the last order of a page.
public struct PageCursor: Hashable, Sendable {
    public var id: OrderID
    public var createdAt: Date
    /// `SearchFolding.fold` of the customer name (what customer sorting compares).
    public var customerKey: String
    public var total: Decimal
    public var statusRank: Int
    public var itemCount: Int
    /// What the sort by due time compares (`Order.hasDueTime`, `Order.dueClockStart`).
    public var hasDueTime: Bool
    public var dueClockStart: Date

    public init(id: OrderID, createdAt: Date, customerKey: String, total: Decimal, statusRank: Int, itemCount: Int,
                hasDueTime: Bool, dueClockStart: Date) {
        self.id = id
        self.createdAt = createdAt
        self.customerKey = customerKey
        self.total = total
        self.statusRank = statusRank
        self.itemCount = itemCount
        self.hasDueTime = hasDueTime
        self.dueClockStart = dueClockStart
    }

    public init(_ order: Order) {
        id = order.id
        createdAt = order.createdAt
        customerKey = SearchFolding.fold(order.customerName)
        total = order.reportingTotal
        statusRank = order.status.workflowRank
        itemCount = order.itemCount
        hasDueTime = order.hasDueTime
        dueClockStart = order.dueClockStart
    }
}
