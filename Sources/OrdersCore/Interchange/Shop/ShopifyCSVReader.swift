import Foundation

/// Shopify's admin order export CSV. Facts of the format it relies on: one row per line item;
/// an order's rows are consecutive and share its `Name`; order-level fields (statuses, money,
/// addresses, notes, tags) are filled only on the order's first row, while later rows repeat
/// `Name`, `Email` and `Created at` and carry their own `Lineitem …` columns. Dates are written
/// `2025-12-07 19:08:25 +0000`; `Subtotal` is after discounts; `Tags` is one comma-separated
/// string; `Notes` may span lines; `Note Attributes` holds one `key: value` per line.
enum ShopifyCSVReader {
    static func orders(in records: [CSVRecord], file: String) -> ShopFileContents {
        guard let header = records.first else { return ShopFileContents(orders: [], problems: []) }
        let columns = ShopFieldReader.columns(of: header.fields)
        var orders: [ShopOrder] = []
        var problems: [ImportProblem] = []
        var index = 1
        while index < records.count {
            // The order's rows: this one and the following ones with the same Name.
            let first = records[index]
            let name = ShopFieldReader(file: file, record: first, columns: columns).word("Name")
            var end = index + 1
            while end < records.count, name != nil,
                  ShopFieldReader(file: file, record: records[end], columns: columns)
                      .word("Name") == name {
                end += 1
            }
            switch order(rows: records[index..<end], file: file, columns: columns) {
            case .success(let order): orders.append(order)
            case .failure(let error): problems += error.problems
            }
            index = end
        }
        return ShopFileContents(orders: orders, problems: problems,
                                ignoredColumns: header.fields.filter { !columnsRead.contains($0.trimmingCharacters(in: .whitespaces)) })
    }

    /// Every column this reader takes (keep in step with the reads below).
    static let columnsRead: Set<String> = {
        let people = ["Name", "Company", "Address1", "Address2", "City", "Zip", "Province", "Province Name", "Country", "Phone"]
        return Set(["Name", "Email", "Financial Status", "Paid at", "Fulfillment Status", "Fulfilled at", "Currency", "Subtotal",
                    "Shipping", "Taxes", "Total", "Discount Code", "Discount Amount", "Shipping Method", "Created at",
                    "Lineitem quantity", "Lineitem name", "Lineitem price", "Lineitem sku", "Lineitem requires shipping",
                    "Lineitem taxable", "Lineitem fulfillment status", "Notes", "Note Attributes", "Cancelled at",
                    "Payment Method", "Refunded Amount", "Id", "Tags", "Risk Level", "Source", "Phone", "Duties"]
                   + people.map { "Billing \($0)" } + people.map { "Shipping \($0)" })
    }()

    private static func order(rows: ArraySlice<CSVRecord>, file: String, columns: [String: Int]) -> Result<ShopOrder, ImportError> {
        let head = rows[rows.startIndex]
        var fields = ShopFieldReader(file: file, record: head, columns: columns)
        let number = fields.required("Name")
        let created = fields.required("Created at").flatMap { fields.date($0, column: "Created at", zone: nil) }
        let currency = fields.required("Currency")
        let total = fields.required("Total").flatMap { fields.money($0, column: "Total") }
        var items: [ShopLineItem] = []
        var problems: [ImportProblem] = []
        for row in rows {
            var line = ShopFieldReader(file: file, record: row, columns: columns)
            if let item = lineItem(&line) { items.append(item) }
            problems += line.problems
        }
        let subtotal = fields.money("Subtotal"), shipping = fields.money("Shipping"), taxes = fields.money("Taxes")
        let discount = fields.money("Discount Amount")
        // `Duties` is the import duties the customer paid at checkout; `Total` includes them.
        let duties = fields.money("Duties").map { $0 == 0 ? [] : [OrderAdjustment(kind: .duty, label: "Duties", amount: $0)] } ?? []
        var order = ShopOrder(
            format: .shopifyCSV, location: .line(head.line), number: number ?? "", shopID: fields.word("Id"),
            createdAt: created ?? .distantPast, paidAt: fields.date("Paid at"), fulfilledAt: fields.date("Fulfilled at"),
            cancelledAt: fields.date("Cancelled at"), cancelReason: nil, currency: currency ?? "",
            paymentStatus: fields.word("Financial Status"), fulfilmentStatus: fields.word("Fulfillment Status"),
            sourceStatus: nil, customerName: fields.word("Billing Name") ?? fields.word("Shipping Name"),
            email: fields.word("Email"), phone: fields.word("Phone") ?? fields.word("Billing Phone"),
            customerKey: nil,
            billingAddress: address(fields, .billing), shippingAddress: address(fields, .shipping),
            subtotal: subtotal, shippingTotal: shipping, taxTotal: taxes, discountTotal: discount, total: total ?? 0,
            taxesIncluded: ShopTaxInference.taxesIncluded(subtotal: subtotal, discount: nil, shipping: shipping,
                                                          tax: taxes, total: total, adjustments: duties),
            discountCodes: fields.word("Discount Code").map(splitList) ?? [],
            shippingMethod: fields.word("Shipping Method"), paymentMethod: fields.word("Payment Method"),
            items: items, refunds: [], refundedAmount: fields.money("Refunded Amount"),
            tags: fields.word("Tags").map(splitList) ?? [], customerNote: fields.text("Notes"), staffNotes: [],
            noteAttributes: fields.text("Note Attributes").map(noteAttributes) ?? [],
            riskLevel: fields.word("Risk Level"), channel: fields.word("Source"), presentment: nil)
        order.adjustments = duties
        problems = fields.problems + problems
        if items.isEmpty && problems.isEmpty {
            problems.append(ImportProblem(file: file, location: .line(head.line), field: "Lineitem quantity",
                                          problem: "order \(number ?? "") has no line item"))
        }
        return problems.isEmpty ? .success(order) : .failure(ImportError(problems: problems))
    }

    private static func lineItem(_ line: inout ShopFieldReader) -> ShopLineItem? {
        guard let quantity = line.required("Lineitem quantity").flatMap({ line.count($0, column: "Lineitem quantity") }),
              let title = line.required("Lineitem name"),
              let price = line.required("Lineitem price").flatMap({ line.money($0, column: "Lineitem price") })
        else { return nil }
        // Shopify writes a line's own fulfilment as fulfilled, pending or unfulfilled.
        let fulfilled: Int? = switch line.word("Lineitem fulfillment status")?.lowercased() {
        case "fulfilled": quantity
        case "pending", "unfulfilled": 0
        default: nil
        }
        let lineTotal = price * Decimal(quantity)
        guard MoneyLimits.isWithinRange(lineTotal) else {
            line.problem("Lineitem price", "the line total " + MoneyLimits.tooLarge(lineTotal))
            return nil
        }
        return ShopLineItem(location: line.location, title: title, sku: line.word("Lineitem sku") ?? "", quantity: quantity,
                            unitPrice: price, lineTotal: lineTotal, fulfilledQuantity: fulfilled,
                            requiresShipping: line.flag("Lineitem requires shipping"), taxable: line.flag("Lineitem taxable"))
    }

    private static func address(_ fields: ShopFieldReader, _ columns: AddressColumns) -> ShopAddress? {
        ShopAddress(name: fields.word(columns.name), company: fields.word(columns.company),
                    lines: [fields.word(columns.address1), fields.word(columns.address2)],
                    city: fields.word(columns.city), postcode: fields.word(columns.zip).map(withoutSpreadsheetGuard),
                    region: fields.word(columns.provinceName) ?? fields.word(columns.province),
                    country: fields.word(columns.country), phone: fields.word(columns.phone))
    }

    /// The names of an address's columns, made once rather than for every order's every address.
    private struct AddressColumns {
        let name, company, address1, address2, city, zip, provinceName, province, country, phone: String

        init(prefix: String) {
            name = "\(prefix) Name"
            company = "\(prefix) Company"
            address1 = "\(prefix) Address1"
            address2 = "\(prefix) Address2"
            city = "\(prefix) City"
            zip = "\(prefix) Zip"
            provinceName = "\(prefix) Province Name"
            province = "\(prefix) Province"
            country = "\(prefix) Country"
            phone = "\(prefix) Phone"
        }

        static let billing = AddressColumns(prefix: "Billing")
        static let shipping = AddressColumns(prefix: "Shipping")
    }

    /// A postcode without the apostrophe Shopify's export puts before it (`'01067`, `'02134`) so
    /// that a spreadsheet keeps its leading zeros: a guard for the spreadsheet, not part of the
    /// postcode. Only the `Zip` columns have it; every other field is kept as written.
    static func withoutSpreadsheetGuard(_ postcode: String) -> String {
        postcode.hasPrefix("'") && postcode.count > 1 ? String(postcode.dropFirst()) : postcode
    }

    /// `vip, wholesale` → ["vip", "wholesale"].
    static func splitList(_ text: String) -> [String] {
        text.split(separator: ",").map(\.trimmingSpaces).filter { !$0.isEmpty }
    }

    /// One `key: value` per line; a line without a colon is a key with an empty value.
    static func noteAttributes(_ text: String) -> [ShopNoteAttribute] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard let key = parts.first?.trimmingSpaces, !key.isEmpty else { return nil }
            return ShopNoteAttribute(key: key, value: parts.count > 1 ? parts[1].trimmingSpaces : "")
        }
    }
}
