/// The fields of an order a mapping file (`orders import --map`) can take from a column, by the
/// names the file uses for them. Order fields are read from an order's first row; `item.*` fields
/// from every row of the order (one line item a row).
public enum CSVMappingField: String, CaseIterable, Hashable, Sendable {
    case number
    case shopID
    case createdAt
    case paidAt
    case fulfilledAt
    case cancelledAt
    case cancelReason
    case status
    case currency
    case customerName
    case email
    case phone
    case customerKey
    case subtotal
    case shippingTotal
    case taxTotal
    case discountTotal
    case total
    case refundedAmount
    /// Fees charged beside goods, shipping and tax (one amount: an adjustment "Fees").
    case fees
    /// Import duties (one amount: an adjustment "Duties").
    case duties
    case discountCodes
    case shippingMethod
    case paymentMethod
    case tags
    case customerNote
    case staffNote
    case billingName = "billing.name"
    case billingCompany = "billing.company"
    case billingAddress1 = "billing.address1"
    case billingAddress2 = "billing.address2"
    case billingCity = "billing.city"
    case billingPostcode = "billing.postcode"
    case billingRegion = "billing.region"
    case billingCountry = "billing.country"
    case billingPhone = "billing.phone"
    case shippingName = "shipping.name"
    case shippingCompany = "shipping.company"
    case shippingAddress1 = "shipping.address1"
    case shippingAddress2 = "shipping.address2"
    case shippingCity = "shipping.city"
    case shippingPostcode = "shipping.postcode"
    case shippingRegion = "shipping.region"
    case shippingCountry = "shipping.country"
    case shippingPhone = "shipping.phone"
    case itemTitle = "item.title"
    case itemSKU = "item.sku"
    case itemQuantity = "item.quantity"
    case itemUnitPrice = "item.unitPrice"
    case itemLineTotal = "item.lineTotal"
    /// A line's own shipping, tax and discount (Amazon writes them per line): added up into the
    /// order's when no order-level column gives those.
    case itemShipping = "item.shipping"
    case itemTax = "item.tax"
    case itemDiscount = "item.discount"

    /// The fields every mapping names: without them no order can be made. Without a `total` the
    /// order's total is its lines, shipping, tax, fees and duties less its discount.
    static let required: [CSVMappingField] = [.number, .createdAt, .currency, .itemTitle, .itemQuantity]

    /// The fields that are amounts: a mapping may name several columns for one of them, which
    /// are added up (Amazon's `item-tax`, `shipping-tax` and `gift-wrap-tax` are one tax).
    var isAmount: Bool {
        switch self {
        case .subtotal, .shippingTotal, .taxTotal, .discountTotal, .total, .refundedAmount, .fees, .duties,
             .itemUnitPrice, .itemLineTotal, .itemShipping, .itemTax, .itemDiscount: true
        default: false
        }
    }
}
