import OrdersCore
import OrdersInterchange

/// What `orders import --format` names: the project's own CSV and JSON, or a shop's export.
enum ImportFormat: String, CaseIterable, Sendable {
    case csv
    case json
    case shopifyCSV = "shopify-csv"
    case wooCommerceCSV = "woocommerce-csv"
    case shopifyJSON = "shopify-json"
    case shopifyJSONL = "shopify-jsonl"
    case wooCommerceJSON = "woocommerce-json"

    /// The shop format it names, nil for the project's own.
    var shopFormat: ShopFormat? { ShopFormat(rawValue: rawValue) }

    /// The project's own format it names, nil for a shop's.
    var ownFormat: OrderFileFormat? { OrderFileFormat(rawValue: rawValue) }
}
