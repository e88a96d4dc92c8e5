import Foundation
import OrdersCore

/// Writes a Shopify admin order export (all 79 columns, in Shopify's order) of any size, the same
/// for the same seed: for the import benchmark and the tests of a large import. Orders have one
/// to three lines (the later rows repeating Name, Email and Created at as Shopify does), several
/// currencies and statuses, discount codes, tags, and some notes holding commas and line breaks.
public struct ShopifyExportGenerator: Sendable {
    /// Shopify's admin order export header, in Shopify's column order.
    public static let header = """
        Name,Email,Financial Status,Paid at,Fulfillment Status,Fulfilled at,Accepts Marketing,Currency,Subtotal,\
        Shipping,Taxes,Total,Discount Code,Discount Amount,Shipping Method,Created at,Lineitem quantity,Lineitem name,\
        Lineitem price,Lineitem compare at price,Lineitem sku,Lineitem requires shipping,Lineitem taxable,\
        Lineitem fulfillment status,Billing Name,Billing Street,Billing Address1,Billing Address2,Billing Company,\
        Billing City,Billing Zip,Billing Province,Billing Country,Billing Phone,Shipping Name,Shipping Street,\
        Shipping Address1,Shipping Address2,Shipping Company,Shipping City,Shipping Zip,Shipping Province,\
        Shipping Country,Shipping Phone,Notes,Note Attributes,Cancelled at,Payment Method,Payment Reference,\
        Refunded Amount,Vendor,Outstanding Balance,Employee,Location,Device ID,Id,Tags,Risk Level,Source,\
        Lineitem discount,Tax 1 Name,Tax 1 Value,Tax 2 Name,Tax 2 Value,Tax 3 Name,Tax 3 Value,Tax 4 Name,\
        Tax 4 Value,Tax 5 Name,Tax 5 Value,Phone,Receipt Number,Duties,Billing Province Name,Shipping Province Name,\
        Payment ID,Payment Terms Name,Next Payment Due At,Payment References
        """.components(separatedBy: ",")

    public var seed: UInt64
    /// The next day's export of the same shop: every `changedEvery`th order (0: none) has been
    /// fulfilled since, so a re-import finds exactly those orders changed and the rest as they were.
    public var changedEvery: Int

    public init(seed: UInt64 = 1, changedEvery: Int = 0) {
        self.seed = seed
        self.changedEvery = changedEvery
    }

    /// Writes `count` orders (numbered `#1001` on) to `path`, a batch of rows at a time, so
    /// memory holds one batch whatever the count. Returns the number of CSV rows (line items).
    @discardableResult
    public func write(count: Int, to path: String) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        var random = SplitMix64(seed: seed)
        var text = CSVWriter.line(Self.header)
        var rows = 0
        for index in 0..<count {
            let changed = changedEvery > 0 && index % changedEvery == changedEvery / 2
            for row in Self.order(index, fulfilledSince: changed, &random) {
                text += CSVWriter.line(Self.header.map { row[$0] ?? "" })
                rows += 1
            }
            if text.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(text.utf8))
                text = ""
            }
        }
        try handle.write(contentsOf: Data(text.utf8))
        return rows
    }

    private static let currencies = ["EUR", "USD", "GBP", "DKK"]
    private static let products: [(name: String, sku: String, cents: Int)] = [
        ("Desk Lamp - Black", "LAMP-BLK", 14_900), ("Wool blanket", "WB-01", 7_500), ("Mug, large", "MUG-L", 1_800),
        ("Notebook A5", "NB-A5", 950), ("Gift card", "", 5_000), ("Tea, Sencha 100g", "TEA-SEN", 1_290),
    ]
    private static let names = ["Ann Lee", "Søren Kierkegaard", "José Müller", "王秀英", "Zoë Adams", "Bob Stone"]
    private static let payments = ["paid", "paid", "paid", "authorized", "pending", "partially_refunded", "refunded"]
    private static let fulfilments = ["", "fulfilled", "fulfilled", "partial", "unfulfilled"]

    /// The rows of one order: the first with every order field, the others with their line only.
    /// `fulfilledSince`: the order has been sent since the first export (it draws the same random
    /// numbers either way, so the orders after it are unchanged).
    private static func order(_ index: Int, fulfilledSince: Bool, _ random: inout SplitMix64) -> [[String: String]] {
        let lineCount = 1 + Int(random.next() % 3)
        let lines = (0..<lineCount).map { _ in (products[Int(random.next() % UInt64(products.count))], 1 + Int(random.next() % 3)) }
        let linesCents = lines.reduce(0) { $0 + $1.0.cents * $1.1 }
        let discounted = random.next() % 5 == 0
        let discountCents = discounted ? linesCents / 10 : 0
        let shippingCents = [0, 490, 990][Int(random.next() % 3)]
        let taxCents = (linesCents - discountCents) / 5
        let subtotal = linesCents - discountCents
        let payment = payments[Int(random.next() % UInt64(payments.count))]
        let name = names[Int(random.next() % UInt64(names.count))]
        let number = "#\(1001 + index)"
        let email = "customer\(index % 50_000)@example.com"
        let created = Date(timeIntervalSince1970: 1_760_000_000 + Double(index) * 37)
        let createdText = shopifyDate(created)
        var first: [String: String] = [
            "Name": number, "Email": email, "Financial Status": payment,
            "Paid at": payment == "pending" ? "" : shopifyDate(created.addingTimeInterval(60)),
            "Fulfillment Status": fulfilments[Int(random.next() % UInt64(fulfilments.count))], "Accepts Marketing": "no",
            "Currency": currencies[index % currencies.count], "Subtotal": money(subtotal), "Shipping": money(shippingCents),
            "Taxes": money(taxCents), "Total": money(subtotal + shippingCents + taxCents),
            "Discount Code": discounted ? "WELCOME10" : "", "Discount Amount": money(discountCents),
            "Shipping Method": "Standard", "Created at": createdText, "Billing Name": name,
            "Billing Address1": "\(index % 200 + 1) Main Street", "Billing City": "Dublin", "Billing Zip": "D01",
            "Billing Country": "IE", "Shipping Name": name, "Shipping Address1": "\(index % 200 + 1) Main Street",
            "Shipping City": "Dublin", "Shipping Zip": "D01", "Shipping Country": "IE",
            "Notes": index % 7 == 0 ? "Leave it at the door, please.\nRing twice." : "",
            "Payment Method": "Shopify Payments", "Refunded Amount": payment == "refunded" ? money(subtotal + shippingCents + taxCents) : "0.00",
            "Id": "\(5_000_000_000_000 + index)", "Tags": index % 3 == 0 ? "vip, wholesale" : "", "Risk Level": "Low", "Source": "web",
        ]
        if payment == "partially_refunded" { first["Refunded Amount"] = money(shippingCents + taxCents) }
        if fulfilledSince {
            first["Fulfillment Status"] = "fulfilled"
            first["Fulfilled at"] = shopifyDate(created.addingTimeInterval(86_400))
        }
        return lines.enumerated().map { position, line in
            var row = position == 0 ? first : ["Name": number, "Email": email, "Created at": createdText]
            row["Lineitem quantity"] = String(line.1)
            row["Lineitem name"] = line.0.name
            row["Lineitem price"] = money(line.0.cents)
            row["Lineitem sku"] = line.0.sku
            row["Lineitem requires shipping"] = "true"
            row["Lineitem taxable"] = "true"
            return row
        }
    }

    /// A time as Shopify writes it, in UTC: `2025-12-07 19:08:25 +0000`. The date and time are
    /// those of the project's own hand-written ISO 8601 form (`2025-12-07T19:08:25.000Z`, no
    /// formatter, so a million dates stay cheap), rearranged.
    private static func shopifyDate(_ date: Date) -> String {
        let iso = ISO8601Milliseconds.string(from: date)
        return iso.prefix(10) + " " + iso.dropFirst(11).prefix(8) + " +0000"
    }

    /// Cents as Shopify writes money: `1234.50`.
    private static func money(_ cents: Int) -> String {
        let remainder = cents % 100
        return "\(cents / 100).\(remainder < 10 ? "0" : "")\(remainder)"
    }
}
