/// The columns of the CSV format: what exports write, what imports require, and the names files
/// written by earlier versions used.
extension OrderCSV {
    /// The parts of an address, each a column after its address's prefix (`shipping_address_city`).
    /// `lines` holds the street lines one per line of text (each is one line: `Order.validationIssues`).
    static let addressParts = ["name", "company", "lines", "city", "postcode", "region", "country", "phone"]

    /// Every column an export writes, in order: the JSON contract's fields flattened (`customer_email`,
    /// `billing_address_postcode`), the line item's six on each of its order's rows (`line_total` and
    /// `fulfilled_quantity` optional on import: absent in older files, the line is unit price × quantity and
    /// follows the order's fulfilment). `subtotal`,
    /// `total`, `refunded` and `outstanding` are for scripts: imports recompute them, not read them.
    public static let exportColumns: [String] =
        ["id", "source", "shop_id", "created_at", "updated_at",
         "customer_name", "customer_email", "customer_phone", "customer_key", "country"]
        + addressParts.map { "shipping_address_" + $0 } + addressParts.map { "billing_address_" + $0 }
        + ["shipping_method", "tracking_numbers", "payment_method", "currency", "status", "payment_status", "paid_at",
           "fulfillment_status", "fulfilled_at", "source_status", "cancelled_at", "cancel_reason", "closed",
           "sku", "title", "quantity", "unit_price", "line_total", "fulfilled_quantity",
           "subtotal", "discount", "discount_codes", "adjustments", "shipping", "tax", "taxes_included", "total",
           "stated_total", "refunded", "outstanding", "shop_currency", "shop_total", "exchange_rate", "refunds",
           "tags", "flagged", "risk", "assignee", "customer_note", "note_attributes", "notes", "version"]

    /// Columns every import file must have (by this name or its earlier one, `earlierNames`).
    public static let requiredColumns = [
        "id", "customer_name", "customer_email", "country", "currency", "status", "created_at", "flagged", "tags",
        "assignee", "discount", "shipping", "tax", "sku", "title", "quantity", "unit_price",
    ]

    /// The names earlier versions wrote, and the column each is now.
    static let earlierNames = ["customer": "customer_name", "email": "customer_email", "phone": "customer_phone"]

    /// Columns of earlier versions read as they were written: each address as one JSON object
    /// {name, company, lines, city, postcode, region, country, phone}.
    static let earlierColumns = ["shipping_address", "billing_address"]

    /// The item's own columns; every other column repeats on each row of an order.
    static let itemColumns: Set<String> = ["sku", "title", "quantity", "unit_price", "line_total", "fulfilled_quantity"]

    /// Every name a header may use.
    static let knownColumns = Set(exportColumns + earlierColumns + earlierNames.keys)
}
