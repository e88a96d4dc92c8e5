extension ShopFormat {
    /// The source an order from this format gets unless `--source` names another: the shop's
    /// name, so `#1001` from Shopify and `#1001` from WooCommerce stay two orders.
    public var defaultSource: String {
        switch self {
        case .shopifyCSV, .shopifyJSON, .shopifyJSONL: "shopify"
        case .wooCommerceCSV, .wooCommerceJSON: "woocommerce"
        // A mapping file names its own source (`"source"`); this is for one that does not.
        case .mappedCSV: "mapped"
        }
    }

    /// Where this format writes the order's currency: named in problems about it.
    var currencyColumn: String {
        switch self {
        case .shopifyCSV: "Currency"
        case .wooCommerceCSV: "order_currency"
        case .shopifyJSON, .wooCommerceJSON: "currency"
        case .shopifyJSONL: "currencyCode"
        // The mapped reader checks the currency itself, naming the export's own column.
        case .mappedCSV: "currency"
        }
    }

}
