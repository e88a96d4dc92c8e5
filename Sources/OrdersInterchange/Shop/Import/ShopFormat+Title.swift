extension ShopFormat {
    /// The format's name as a person says it, in the import's summary.
    public var title: String {
        switch self {
        case .shopifyCSV: "Shopify CSV"
        case .wooCommerceCSV: "WooCommerce CSV"
        case .shopifyJSON: "Shopify JSON"
        case .shopifyJSONL: "Shopify bulk JSON Lines"
        case .wooCommerceJSON: "WooCommerce JSON"
        case .mappedCSV: "CSV by mapping"
        }
    }
}
