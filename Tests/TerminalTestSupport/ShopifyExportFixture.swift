/// A small Shopify admin order export, written from the format's documented facts: the CLI's
/// import tests and the app's `:import` tests (shell and tmux) read the same file.
public enum ShopifyExportFixture {
    /// The Shopify admin export's columns these files fill, in Shopify's order (detection needs
    /// `Name` first and the status and line-item columns).
    public static let columns = """
        Name,Email,Financial Status,Paid at,Fulfillment Status,Fulfilled at,Currency,Subtotal,Shipping,Taxes,Total,\
        Discount Code,Discount Amount,Created at,Lineitem quantity,Lineitem name,Lineitem price,Lineitem sku,\
        Billing Name,Billing Address1,Billing City,Billing Zip,Billing Country,Notes,Id,Tags,Source
        """.components(separatedBy: ",")

    public static func csv(_ rows: [[String: String]]) -> String {
        func field(_ text: String) -> String {
            text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline })
                ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        return ([columns.joined(separator: ",")] + rows.map { row in
            columns.map { field(row[$0] ?? "") }.joined(separator: ",")
        }).joined(separator: "\r\n") + "\r\n"
    }

    /// Two orders: #1001 of two lines (the second without a SKU), paid and not yet sent, with a
    /// note holding a comma and a line break; #1002 paid and sent.
    public static func export(firstFulfilment: String = "") -> String {
        csv([
            ["Name": "#1001", "Email": "ann@example.com", "Financial Status": "paid", "Paid at": "2025-12-07 19:08:25 +0000",
             "Fulfillment Status": firstFulfilment, "Currency": "EUR", "Subtotal": "60.00", "Shipping": "5.00", "Taxes": "0.00",
             "Total": "65.00", "Created at": "2025-12-07 19:08:20 +0000", "Lineitem quantity": "2", "Lineitem name": "Mug",
             "Lineitem price": "20.00", "Lineitem sku": "MUG-1", "Billing Name": "Ann Lee", "Billing Address1": "1 Main St",
             "Billing City": "Dublin", "Billing Zip": "D01", "Billing Country": "IE", "Notes": "Ring twice, please.\nThanks",
             "Id": "5012345678901", "Tags": "vip", "Source": "web"],
            ["Name": "#1001", "Email": "ann@example.com", "Created at": "2025-12-07 19:08:20 +0000", "Lineitem quantity": "1",
             "Lineitem name": "Gift card", "Lineitem price": "20.00"],
            ["Name": "#1002", "Email": "bo@example.com", "Financial Status": "paid", "Fulfillment Status": "fulfilled",
             "Currency": "EUR", "Subtotal": "9.50", "Shipping": "0.00", "Taxes": "0.00", "Total": "9.50",
             "Created at": "2025-12-08 08:00:00 +0000", "Lineitem quantity": "1", "Lineitem name": "Card",
             "Lineitem price": "9.50", "Lineitem sku": "CARD", "Billing Name": "Bo Berg", "Billing Country": "SE"],
        ])
    }
}
