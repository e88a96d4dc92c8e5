/// The shop export formats `orders import` reads, besides its own CSV and JSON.
public enum ShopFormat: String, CaseIterable, Hashable, Sendable {
    /// Shopify's admin order export: one row per line item, order fields on an order's first row.
    case shopifyCSV = "shopify-csv"
    /// WooCommerce's order export (the common export/import plugin's layout): one row per order.
    case wooCommerceCSV = "woocommerce-csv"
    /// Shopify's Admin API order JSON: one order, an array, or `{"orders": [...]}`.
    case shopifyJSON = "shopify-json"
    /// Shopify's bulk operation result: JSON Lines, one object a line, each child (a line item,
    /// a fulfillment, a refund) after its parent with `__parentId` (`ShopifyBulkJSONLReader`).
    case shopifyJSONL = "shopify-jsonl"
    /// WooCommerce's REST API order JSON (`/wp-json/wc/v3/orders`): an array of orders.
    case wooCommerceJSON = "woocommerce-json"
    /// Any other CSV, read by a mapping file (`orders import --map`): never told from the content.
    case mappedCSV = "mapped-csv"

    /// The format a CSV header names: Shopify's starts `Name,Email,Financial Status`,
    /// WooCommerce's has `order_id` and `order_number`. Nil for any other header.
    static func detect(csvHeader: [String]) -> ShopFormat? {
        let names = Set(csvHeader.map { $0.trimmingCharacters(in: .whitespaces) })
        if csvHeader.first == "Name", names.isSuperset(of: ["Financial Status", "Fulfillment Status", "Lineitem quantity"]) {
            return .shopifyCSV
        }
        if names.isSuperset(of: ["order_id", "order_number", "order_total"]) { return .wooCommerceCSV }
        return nil
    }
}
