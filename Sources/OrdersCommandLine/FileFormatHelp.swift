/// What `orders --help`, `import --help` and `export --help` say about the project's own CSV and
/// JSON: one text, so the three never disagree.
enum FileFormatHelp {
    static let text = """
        Files (export, import, list --format, show --format json): JSON is an array of orders,
        each with id (the shop's number as given), source, created_at, customer {name, email,
        phone, key}, shipping_address and billing_address ({name, company, lines, city,
        postcode, region, country, phone} or null), currency, payment_status,
        fulfillment_status, source_status, cancelled_at, items [{sku, title, quantity,
        unit_price, line_total}], subtotal, discount, shipping, tax, taxes_included, total,
        refunded, outstanding, shop_currency, shop_total, refunds [{id, created_at, reason,
        amount, shipping, restock, lines}], tags, flagged, risk, assignee, notes and the rest
        an export needs to import back exactly. Money is a decimal string ("403.70"). CSV has one
        row per line item and the same fields flattened: customer_name, customer_email,
        customer_phone, customer_key, shipping_address_city, billing_address_lines (one
        street line per line of text), ...; subtotal, total, refunded and outstanding are
        written for scripts and recomputed on import. Files of earlier versions (customer,
        email and phone apart, addresses as JSON) import too.
        """
}
