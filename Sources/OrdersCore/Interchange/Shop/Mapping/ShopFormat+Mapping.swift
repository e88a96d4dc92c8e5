extension ShopFormat {
    /// The source an order from this format gets unless `--source` names another: the shop's
    /// name, so `#1001` from Shopify and `#1001` from WooCommerce stay two orders.
    public var defaultSource: String {
        switch self {
        case .shopifyCSV, .shopifyJSON: "shopify"
        case .wooCommerceCSV: "woocommerce"
        // A mapping file names its own source (`"source"`); this is for one that does not.
        case .mappedCSV: "mapped"
        }
    }

    /// Where this format writes the order's currency: named in problems about it.
    var currencyColumn: String {
        switch self {
        case .shopifyCSV: "Currency"
        case .wooCommerceCSV: "order_currency"
        case .shopifyJSON: "currency"
        // The mapped reader checks the currency itself, naming the export's own column.
        case .mappedCSV: "currency"
        }
    }

    /// Where this format writes a line's price: named in problems about line items.
    var linePriceColumn: String {
        switch self {
        case .shopifyCSV: "Lineitem price"
        case .wooCommerceCSV: "line_item"
        case .shopifyJSON: "line_items.price"
        // The mapped reader refuses an inexact price itself, naming the export's own column.
        case .mappedCSV: "item.unitPrice"
        }
    }
}
