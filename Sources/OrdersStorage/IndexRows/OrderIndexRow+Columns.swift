import Foundation
import OrdersCore

extension OrderIndexRow {
    /// The orders columns a projection reads, the same in SQLite and PostgreSQL, in the order of
    /// `Columns`. The money keys (`total_e4`, `outstanding_e4`) and `customer_group` are the
    /// derived columns every write keeps (`OrderRows.Money`, `Order.customerGroup`): reading them
    /// spares decoding the line prices, discounts, adjustments and refunds they are computed from.
    static let selectColumns = """
        id, number, source, customer, email, country, created_ms, paid_ms, payment, fulfillment,
        cancelled_ms, closed, source_status, flagged, assignee, version, total_e4, currency, shop_currency,
        outstanding_e4, item_count, risk, customer_group
        """

    /// One row of `selectColumns` as a backend read it, before the domain's rules are applied.
    struct Columns {
        var id: Int
        var number: String
        var source: String
        var customer: String
        var email: String
        var country: String
        var createdMilliseconds: Int64
        var paidMilliseconds: Int64?
        var payment: String
        var fulfillment: String
        var cancelledMilliseconds: Int64?
        var closed: Bool
        var sourceStatus: String?
        var flagged: Bool
        var assignee: String?
        var version: Int
        var totalKey: Int64
        var currency: String
        var shopCurrency: String?
        var outstandingKey: Int64
        var itemCount: Int
        var risk: String?
        var customerGroup: String?
    }

    /// The row of these columns, without its child rows (`IndexRowChildren` adds them). The rules
    /// are the domain's (`Order.triage`, `Order.ageStart`, `OrderStatusWords`); a value the domain
    /// does not know is refused as `decodeOrder` refuses it.
    init(_ columns: Columns) throws {
        let id = OrderID(columns.id)
        guard let currency = Currency.named(columns.currency),
              let reportingCurrency = columns.shopCurrency.map(Currency.named) ?? currency else {
            throw OrderStoreError.unusable("Order \(id) has an unknown currency in the database.")
        }
        guard let payment = PaymentStatus(rawValue: columns.payment),
              let fulfillment = FulfillmentStatus(rawValue: columns.fulfillment) else {
            throw OrderStoreError.unusable("Order \(id) has an unknown payment or fulfillment status in the database.")
        }
        var riskLevel: RiskLevel?
        if let risk = columns.risk {
            guard let level = RiskLevel(rawValue: risk) else {
                throw OrderStoreError.unusable("Order \(id) has an unknown risk level \"\(risk)\" in the database.")
            }
            riskLevel = level
        }
        let createdAt = Date(millisecondsSince1970: columns.createdMilliseconds)
        let status = Order.triage(payment: payment, fulfillment: fulfillment,
                                  cancelledAt: columns.cancelledMilliseconds.map(Date.init(millisecondsSince1970:)),
                                  isClosed: columns.closed)
        self.id = id
        number = columns.number
        source = columns.source
        customerName = columns.customer
        email = columns.email
        country = columns.country
        self.createdAt = createdAt
        ageStart = Order.ageStart(paidAt: columns.paidMilliseconds.map(Date.init(millisecondsSince1970:)), createdAt: createdAt)
        self.status = status
        self.payment = payment
        self.fulfillment = fulfillment
        unmatchedSourceStatus = OrderStatusWords.unmatchedSourceStatus(columns.sourceStatus, payment: payment,
                                                                       fulfillment: fulfillment, status: status)
        flagged = columns.flagged
        tags = []
        assignee = columns.assignee
        version = columns.version
        // Both keys are exact: whole minor units times 10⁴⁻ᵈ (`OrderRows.Money`), so dividing gives the amounts back.
        reportingTotal = Decimal(columns.totalKey) / OrderIndexRow.keyFactor
        self.reportingCurrency = reportingCurrency
        outstanding = Decimal(columns.outstandingKey) / OrderIndexRow.keyFactor
        isRefunded = false
        itemCount = columns.itemCount
        products = []
        self.riskLevel = riskLevel
        cities = []
        postcodes = []
        discountCodes = []
        customerGroup = columns.customerGroup
    }

    /// What the stores' money keys are multiplied by (1/10 000ths).
    static let keyFactor: Decimal = 10_000
}
