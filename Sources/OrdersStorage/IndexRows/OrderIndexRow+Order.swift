import Foundation
import OrdersCore

extension OrderIndexRow {
    /// The row of a full order: the reference every store's projection must equal, and what the
    /// index keeps of an order it is handed whole (a live change, a first page, an in-memory store).
    public init(_ order: Order) {
        id = order.id
        number = order.number
        source = order.source
        customerName = order.customerName
        email = order.email
        country = order.country
        createdAt = order.createdAt
        ageStart = order.ageStart
        status = order.status
        payment = order.payment
        fulfillment = order.fulfillment
        unmatchedSourceStatus = OrderStatusWords.unmatchedSourceStatus(of: order)
        flagged = order.flagged
        tags = order.tags
        assignee = order.assignee
        version = order.version
        reportingTotal = order.reportingTotal
        reportingCurrency = order.reportingCurrency
        outstanding = order.outstanding
        isRefunded = order.refunded > 0
        itemCount = order.itemCount
        products = order.items.map { Product(sku: $0.sku, title: $0.title) }
        riskLevel = order.riskLevel
        let addresses = [order.shippingAddress, order.billingAddress].compactMap { $0 }
        cities = addresses.compactMap(\.city)
        postcodes = addresses.compactMap(\.postcode)
        discountCodes = order.discountCodes.map(\.code)
        customerGroup = order.customerGroup
    }
}
