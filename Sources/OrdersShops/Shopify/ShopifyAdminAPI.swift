import Foundation
import OrdersCore
import OrdersInterchange

/// The facts of Shopify's GraphQL Admin API that pulling relies on, in one place: the version
/// (quarterly; each supported at least 12 months, a retired one falls forward), the endpoint,
/// the header the access token goes in, and the queries: a page of orders changed since a
/// moment, and the rest of one order that a page could not hold (`ShopifyWholeOrder`).
enum ShopifyAdminAPI {
    /// The pinned API version: change it here only.
    static let version = "2026-10"

    static func endpoint(of shopURL: String) -> String {
        "\(shopURL)/admin/api/\(version)/graphql.json"
    }

    static let tokenHeader = "X-Shopify-Access-Token"

    /// The most one query may cost, in points (documented; a query asking more is refused unrun).
    static let maximumQueryCost = 1_000.0

    /// How much of each order a page reads. Each connection or list costs what `first` asks times
    /// its parent's count, and a query may cost at most 1,000 points: these keep an order at 235
    /// points (so a page holds 4 orders). Lines and refund lines are connections (`pageInfo.hasNextPage`
    /// says more are left); refunds, fulfilments and tracking are lists that only truncate (`first`),
    /// so the page asks for one more than these and an order whose extra one came is read again
    /// whole by `wholeOrderQuery`. Most orders fit; the few that do not cost a query or more each.
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
              ...OrderFields
              lineItems(first: \(lineItemsPerOrder)) { pageInfo { hasNextPage endCursor } nodes { ...LineFields } }
              fulfillments(first: \(fulfillmentsPerOrder + 1)) { status trackingInfo(first: \(trackingPerFulfillment + 1)) { number company url } }
              refunds(first: \(refundsPerOrder + 1)) {
                ...RefundFields
                refundLineItems(first: \(refundLinesPerRefund)) { pageInfo { hasNextPage endCursor } nodes { ...RefundLineFields } }
              }
            }
          }
        }
        """ + orderFields + lineFields + refundFields + refundLineFields + money + address

    /// How many lines, and lines of a refund, each page after the whole-order query's asks for: as
    /// many as keep a query within the 1,000 points (a line costs 4 points, a refund line 2).
    static let moreLines = 200
    static let moreRefundLines = 250

    /// One order as a page asks for it, but its refunds and fulfilments whole (a list without
    /// `first` is not truncated); the rest of its lines and of each refund's lines come after.
    static let wholeOrderQuery = """
        query PullWholeOrder($id: ID!) {
          order(id: $id) {
            ...OrderFields
            lineItems(first: \(lineItemsPerOrder)) { pageInfo { hasNextPage endCursor } nodes { ...LineFields } }
            fulfillments { status trackingInfo { number company url } }
            refunds {
              ...RefundFields
              refundLineItems(first: \(refundLinesPerRefund)) { pageInfo { hasNextPage endCursor } nodes { ...RefundLineFields } }
            }
          }
        }
        """ + orderFields + lineFields + refundFields + refundLineFields + money + address

    /// The next page of an order's lines, after `$after`.
    static let moreLinesQuery = """
        query PullOrderLines($id: ID!, $after: String!) {
          order(id: $id) {
            lineItems(first: \(moreLines), after: $after) { pageInfo { hasNextPage endCursor } nodes { ...LineFields } }
          }
        }
        """ + lineFields + money

    /// The next page of one refund's lines, after `$after`: a refund is a list element of its order,
    /// which cannot be asked for alone, so the refund is asked for by its id (`QueryRoot.refund`).
    static let moreRefundLinesQuery = """
        query PullRefundLines($id: ID!, $after: String!) {
          refund(id: $id) {
            refundLineItems(first: \(moreRefundLines), after: $after) { pageInfo { hasNextPage endCursor } nodes { ...RefundLineFields } }
          }
        }
        """ + refundLineFields

    /// The fields of an order, a line, a refund and a refund line, and the money and address they
    /// hold, whichever query reads them (a query holds only the fragments it uses: GraphQL refuses others).
    private static let orderFields = """

        fragment OrderFields on Order {
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
        }
        """
    private static let lineFields = """

        fragment LineFields on LineItem {
          id name title sku quantity unfulfilledQuantity requiresShipping taxable originalUnitPriceSet { ...Money }
        }
        """
    private static let refundFields = "\nfragment RefundFields on Refund { id createdAt note totalRefundedSet { ...Money } }"
    private static let refundLineFields = "\nfragment RefundLineFields on RefundLineItem { quantity restockType lineItem { id sku name } }"
    private static let money = "\nfragment Money on MoneyBag { shopMoney { amount currencyCode } presentmentMoney { amount currencyCode } }"
    private static let address = """

        fragment Address on MailingAddress {
          name firstName lastName company address1 address2 city zip province countryCodeV2 phone
        }
        """

    /// What sending a fact reads of an order (`ShopifyFactSender`): whether it is cancelled, its lines'
    /// ids in the order the pull keeps them, what each fulfilment order has left to fulfil and where from, and each
    /// fulfilment's tracking numbers and units (to know, after a lost answer, whether a send made it).
    /// At most 100 lines, 5 fulfilment orders of 50 lines and 50 lines a fulfilment: about 720 points.
    static let pushOrderQuery = """
        query PushOrderState($id: ID!) {
          order(id: $id) {
            id cancelledAt
            lineItems(first: 100) { pageInfo { hasNextPage } nodes { id sku } }
            fulfillmentOrders(first: 5) {
              nodes { id status assignedLocation { name location { id } } lineItems(first: 50) { nodes { id remainingQuantity lineItem { id } } } }
            }
            fulfillments { id trackingInfo { number } fulfillmentLineItems(first: 50) { nodes { quantity lineItem { id } } } }
          }
        }
        """

    /// A shipment: the fulfilment-order lines sent, with tracking and whether to tell the customer.
    static let fulfillmentCreate = """
        mutation PushShipment($fulfillment: FulfillmentInput!) {
          fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id } userErrors { field message } }
        }
        """

    /// A cancellation: restocking what was not sent, refunding nothing (a refund is a fact of its own),
    /// telling the customer nothing (the operator tells them), the operator's words as the staff note.
    static let orderCancel = """
        mutation PushCancellation($orderId: ID!, $reason: OrderCancelReason!, $staffNote: String) {
          orderCancel(orderId: $orderId, reason: $reason, restock: true, notifyCustomer: false,
                      refundMethod: { originalPaymentMethodsRefund: false }, staffNote: $staffNote) {
            job { id } orderCancelUserErrors { field message code }
          }
        }
        """

    /// What a hold or a release reads of an order: its fulfilment orders, their status and holds
    /// (`FulfillmentOrder.fulfillmentHolds`; a hold's `handle` names the fact that placed it).
    static let pushHoldsQuery = """
        query PushOrderHolds($id: ID!) {
          order(id: $id) { id fulfillmentOrders(first: 5) { nodes { id status fulfillmentHolds { id handle } } } }
        }
        """

    /// A hold of one fulfilment order, all its lines, with the documented reason, the operator's words
    /// as `reasonNotes`, and the fact's handle: a second hold with the same handle is refused by the
    /// shop (documented: "duplicate hold"), and a lost answer is read back by it.
    static let fulfillmentOrderHold = """
        mutation PushHold($id: ID!, $hold: FulfillmentOrderHoldInput!) {
          fulfillmentOrderHold(id: $id, fulfillmentHold: $hold) { fulfillmentHold { id } userErrors { field message } }
        }
        """

    /// A release of the named holds of one fulfilment order (documented: name them, or every hold goes).
    static let fulfillmentOrderReleaseHold = """
        mutation PushRelease($id: ID!, $holdIds: [ID!]) {
          fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) { fulfillmentOrder { id status } userErrors { field message } }
        }
        """

    /// Tags added to, or removed from, an order. Idempotent by nature: adding a tag the order has, or
    /// removing one it has not, leaves it as it is, so a lost answer is simply sent again.
    static let tagsAdd = """
        mutation PushTagsAdded($id: ID!, $tags: [String!]!) { tagsAdd(id: $id, tags: $tags) { node { id } userErrors { field message } } }
        """
    static let tagsRemove = """
        mutation PushTagsRemoved($id: ID!, $tags: [String!]!) { tagsRemove(id: $id, tags: $tags) { node { id } userErrors { field message } } }
        """

    /// The order's one note field (the customer's, at checkout), read before ours is appended to it.
    static let pushNoteQuery = """
        query PushOrderNote($id: ID!) { order(id: $id) { id note } }
        """

    /// The order's note replaced (documented: `OrderInput.note` overwrites), with the shop's note kept
    /// and ours appended (`ShopifyFactSender.appending`).
    static let orderUpdateNote = """
        mutation PushNote($id: ID!, $note: String!) {
          orderUpdate(input: {id: $id, note: $note}) { order { id } userErrors { field message } }
        }
        """

    /// What a refund reads of an order: its lines' ids (in the order the pull keeps them) with the units
    /// not yet sent, its presentment currency, its refunds (after a lost answer, a refund the order did
    /// not have before the send, with the same amount and units, is the one it made), and what Shopify
    /// would give back in full: the most it can still refund and the payments (`parentTransaction`) that
    /// money goes back through, each with its own most. About 230 points.
    static let pushRefundQuery = """
        query PushRefundState($id: ID!) {
          order(id: $id) {
            id currencyCode presentmentCurrencyCode
            lineItems(first: 100) { pageInfo { hasNextPage } nodes { id sku unfulfilledQuantity } }
            refunds { id totalRefundedSet { presentmentMoney { amount } } refundLineItems(first: 50) { nodes { quantity lineItem { id } } } }
            suggestedRefund(suggestFullRefund: true) {
              maximumRefundableSet { presentmentMoney { amount } }
              suggestedTransactions { gateway maximumRefundableSet { presentmentMoney { amount } } parentTransaction { id } }
            }
          }
        }
        """

    /// A refund: lines returned (restocked or not), shipping, and the money through the order's payments
    /// (`transactions`: documented, money moves only through them), in the customer's currency. Sent with
    /// an idempotency key (mandatory for `refundCreate` from 2026-04): the same key again after a lost
    /// answer makes no second refund.
    static let refundCreate = """
        mutation PushRefund($input: RefundInput!, $key: String!) {
          refundCreate(input: $input) @idempotent(key: $key) { refund { id } userErrors { field message } }
        }
        """

    /// Shopify's hold reason (`FulfillmentHoldReason`) for an operator's words, which go verbatim into
    /// `reasonNotes`: the first documented reason a word of theirs names, else `OTHER`.
    static func holdReason(for words: String?) -> String {
        let text = (words ?? "").lowercased()
        let reasons: [(word: String, reason: String)] = [
            ("fraud", "HIGH_RISK_OF_FRAUD"), ("payment", "AWAITING_PAYMENT"), ("paid", "AWAITING_PAYMENT"),
            ("address", "INCORRECT_ADDRESS"), ("stock", "INVENTORY_OUT_OF_STOCK"), ("inventory", "INVENTORY_OUT_OF_STOCK"),
            ("return", "AWAITING_RETURN_ITEMS"), ("delivery date", "UNKNOWN_DELIVERY_DATE"),
        ]
        return reasons.first { text.contains($0.word) }?.reason ?? "OTHER"
    }

    /// Shopify's reason (`OrderCancelReason`) for an operator's words, which go verbatim into the staff
    /// note: the first documented reason a word of theirs names, else `OTHER`.
    static func cancelReason(for words: String?) -> String {
        let text = (words ?? "").lowercased()
        let reasons: [(word: String, reason: String)] = [
            ("fraud", "FRAUD"), ("stock", "INVENTORY"), ("inventory", "INVENTORY"), ("declined", "DECLINED"),
            ("customer", "CUSTOMER"), ("staff", "STAFF"),
        ]
        return reasons.first { text.contains($0.word) }?.reason ?? "OTHER"
    }

    /// The search `query` argument: orders updated at or after `since` (whole seconds, UTC).
    static func updatedSince(_ since: Date) -> String {
        "updated_at:>='\(ShopDate.isoSeconds(since))'"
    }
}
