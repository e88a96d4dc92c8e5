import Foundation

/// The facts of Shopify's GraphQL Admin API that pulling relies on, in one place: the version
/// (quarterly; each supported at least 12 months, a retired one falls forward), the endpoint,
/// the header the access token goes in, and the query for orders changed since a moment.
enum ShopifyAdminAPI {
    /// The pinned API version: change it here only.
    static let version = "2026-10"

    static func endpoint(of shopURL: String) -> String {
        "\(shopURL)/admin/api/\(version)/graphql.json"
    }

    static let tokenHeader = "X-Shopify-Access-Token"

    /// How many of an order's connections one query asks for. Each connection costs 2 plus what
    /// `first` asks, times its parent's count, and a query may cost at most 1,000: these keep an
    /// order near 200 points (so a page holds 4 orders). An order with more lines (`hasNextPage`)
    /// is reported, not read in part.
    static let lineItemsPerOrder = 20
    static let refundsPerOrder = 3
    static let refundLinesPerRefund = 10
    static let fulfillmentsPerOrder = 3
    static let trackingPerFulfillment = 3

    /// Orders by `updated_at`, oldest first, changed at or after `$query`'s moment: every field
    /// the file import takes (`ShopifyGraphQLOrder.restShaped` maps them to the REST names).
    static let ordersQuery = """
        query PullOrders($first: Int!, $after: String, $query: String) {
          orders(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {
            pageInfo { hasNextPage endCursor }
            nodes {
              id legacyResourceId name createdAt updatedAt processedAt cancelledAt cancelReason
              email phone note tags taxesIncluded currencyCode presentmentCurrencyCode
              displayFinancialStatus displayFulfillmentStatus sourceName paymentGatewayNames discountCodes
              customAttributes { key value }
              customer { id legacyResourceId firstName lastName }
              billingAddress { ...Address }
              shippingAddress { ...Address }
              subtotalPriceSet { ...Money }
              totalPriceSet { ...Money }
              totalTaxSet { ...Money }
              totalDiscountsSet { ...Money }
              totalShippingPriceSet { ...Money }
              originalTotalDutiesSet { ...Money }
              originalTotalAdditionalFeesSet { ...Money }
              shippingLine { title }
              risk { assessments { riskLevel } }
              lineItems(first: \(lineItemsPerOrder)) {
                pageInfo { hasNextPage }
                nodes { id name title sku quantity unfulfilledQuantity requiresShipping taxable originalUnitPriceSet { ...Money } }
              }
              fulfillments(first: \(fulfillmentsPerOrder)) { status trackingInfo(first: \(trackingPerFulfillment)) { number company url } }
              refunds(first: \(refundsPerOrder)) {
                id createdAt note
                totalRefundedSet { ...Money }
                refundLineItems(first: \(refundLinesPerRefund)) { nodes { quantity restockType lineItem { id sku name } } }
              }
            }
          }
        }
        fragment Money on MoneyBag { shopMoney { amount currencyCode } presentmentMoney { amount currencyCode } }
        fragment Address on MailingAddress {
          name firstName lastName company address1 address2 city zip province countryCodeV2 phone
        }
        """

    /// The search `query` argument: orders updated at or after `since` (whole seconds, UTC).
    static func updatedSince(_ since: Date) -> String {
        "updated_at:>='\(ShopDate.isoSeconds(since))'"
    }
}
