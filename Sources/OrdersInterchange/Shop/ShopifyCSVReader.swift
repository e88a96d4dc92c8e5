import Foundation
import OrdersCore

/// Shopify's admin order export CSV. Facts of the format it relies on: one row per line item;
/// an order's rows are consecutive and share its `Name`; order-level fields (statuses, money,
/// addresses, notes, tags) are filled only on the order's first row, while later rows repeat
/// `Name`, `Email` and `Created at` and carry their own `Lineitem …` columns. Dates are written
/// `2025-12-07 19:08:25 +0000`; `Subtotal` is after discounts; `Tags` is one comma-separated
/// string; `Notes` may span lines; `Note Attributes` holds one `key: value` per line.
enum ShopifyCSVReader {
    static func orders(in records: [CSVRecord], file: String) -> ShopFileContents {
        guard let header = records.first else { return ShopFileContents(orders: [], problems: []) }
        let columns = Columns(ShopFieldReader.columns(of: header.fields))
        var orders: [ShopOrder] = []
        var problems: [ImportProblem] = []
        var index = 1
        while index < records.count {
            // The order's rows: this one and the following ones with the same Name.
            let first = records[index]
            let name = ShopFieldReader(file: file, record: first, columns: columns.all).word(columns.name)
            var end = index + 1
            while end < records.count, name != nil,
                  ShopFieldReader(file: file, record: records[end], columns: columns.all).word(columns.name) == name {
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

    /// Every column this reader takes: those `Columns` finds, named once there.
    static let columnsRead = Set(Columns([:]).names)

    private static func order(rows: ArraySlice<CSVRecord>, file: String, columns: Columns) -> Result<ShopOrder, ImportError> {
        let head = rows[rows.startIndex]
        var fields = ShopFieldReader(file: file, record: head, columns: columns.all)
        let number = fields.required(columns.name)
        let created = fields.required(columns.createdAt).flatMap { fields.date($0, column: "Created at", zone: nil) }
        let currency = fields.required(columns.currency)
        let total = fields.required(columns.total).flatMap { fields.money($0, column: "Total") }
        var items: [ShopLineItem] = []
        var problems: [ImportProblem] = []
        for row in rows {
            var line = ShopFieldReader(file: file, record: row, columns: columns.all)
            if let item = lineItem(&line, columns) { items.append(item) }
            problems += line.problems
        }
        let subtotal = fields.money(columns.subtotal), shipping = fields.money(columns.shipping), taxes = fields.money(columns.taxes)
        let discount = fields.money(columns.discountAmount)
        // `Duties` is the import duties the customer paid at checkout; `Total` includes them.
        let duties = fields.money(columns.duties).map { $0 == 0 ? [] : [OrderAdjustment(kind: .duty, label: "Duties", amount: $0)] } ?? []
        var order = ShopOrder(
            format: .shopifyCSV, location: .line(head.line), number: number ?? "", shopID: fields.word(columns.id),
            createdAt: created ?? .distantPast, paidAt: fields.date(columns.paidAt), fulfilledAt: fields.date(columns.fulfilledAt),
            cancelledAt: fields.date(columns.cancelledAt), cancelReason: nil, currency: currency ?? "",
            paymentStatus: fields.word(columns.financialStatus), fulfilmentStatus: fields.word(columns.fulfillmentStatus),
            sourceStatus: nil, customerName: fields.word(columns.billingAddress.name) ?? fields.word(columns.shippingAddress.name),
            email: fields.word(columns.email), phone: fields.word(columns.phone) ?? fields.word(columns.billingAddress.phone),
            customerKey: nil,
            billingAddress: address(fields, columns.billingAddress), shippingAddress: address(fields, columns.shippingAddress),
            subtotal: subtotal, shippingTotal: shipping, taxTotal: taxes, discountTotal: discount, total: total ?? 0,
            taxesIncluded: ShopTaxInference.taxesIncluded(subtotal: subtotal, discount: nil, shipping: shipping,
                                                          tax: taxes, total: total, adjustments: duties),
            discountCodes: fields.word(columns.discountCode).map(splitList) ?? [],
            shippingMethod: fields.word(columns.shippingMethod), paymentMethod: fields.word(columns.paymentMethod),
            items: items, refunds: [], refundedAmount: fields.money(columns.refundedAmount),
            tags: fields.word(columns.tags).map(splitList) ?? [], customerNote: fields.text(columns.notes), staffNotes: [],
            noteAttributes: fields.text(columns.noteAttributes).map(noteAttributes) ?? [],
            riskLevel: fields.word(columns.riskLevel), channel: fields.word(columns.source), presentment: nil)
        order.adjustments = duties
        problems = fields.problems + problems
        if items.isEmpty && problems.isEmpty {
            problems.append(ImportProblem(file: file, location: .line(head.line), field: "Lineitem quantity",
                                          problem: "order \(number ?? "") has no line item"))
        }
        return problems.isEmpty ? .success(order) : .failure(ImportError(problems: problems))
    }

    private static func lineItem(_ line: inout ShopFieldReader, _ columns: Columns) -> ShopLineItem? {
        guard let quantity = line.required(columns.lineitemQuantity).flatMap({ line.count($0, column: "Lineitem quantity") }),
              let title = line.required(columns.lineitemName),
              let price = line.required(columns.lineitemPrice).flatMap({ line.money($0, column: "Lineitem price") })
        else { return nil }
        // Shopify writes a line's own fulfilment as fulfilled, pending or unfulfilled.
        let fulfilled: Int? = switch line.word(columns.lineitemFulfillmentStatus)?.lowercased() {
        case "fulfilled": quantity
        case "pending", "unfulfilled": 0
        default: nil
        }
        let lineTotal = price * Decimal(quantity)
        guard MoneyLimits.isWithinRange(lineTotal) else {
            line.problem("Lineitem price", "the line total " + MoneyLimits.tooLarge(lineTotal))
            return nil
        }
        return ShopLineItem(location: line.location, title: title, sku: line.word(columns.lineitemSku) ?? "", quantity: quantity,
                            unitPrice: price, lineTotal: lineTotal, fulfilledQuantity: fulfilled,
                            requiresShipping: line.flag(columns.lineitemRequiresShipping), taxable: line.flag(columns.lineitemTaxable))
    }

    private static func address(_ fields: ShopFieldReader, _ columns: AddressColumns) -> ShopAddress? {
        ShopAddress(name: fields.word(columns.name), company: fields.word(columns.company),
                    lines: [fields.word(columns.address1), fields.word(columns.address2)],
                    city: fields.word(columns.city), postcode: fields.word(columns.zip).map(withoutSpreadsheetGuard),
                    region: fields.word(columns.provinceName) ?? fields.word(columns.province),
                    country: fields.word(columns.country), phone: fields.word(columns.phone))
    }

    /// Finds columns in a chunk's header and keeps their names: the one list of what this reader reads.
    private struct ColumnFinder {
        let columns: [String: Int]
        private(set) var names: [String] = []

        mutating func callAsFunction(_ name: String) -> ShopColumn {
            names.append(name)
            return ShopColumn(name, in: columns)
        }
    }

    /// The columns of an address, found in the header once rather than for every order's every address.
    private struct AddressColumns {
        let name, company, address1, address2, city, zip, provinceName, province, country, phone: ShopColumn

        init(prefix: String, _ column: inout ColumnFinder) {
            name = column("\(prefix) Name")
            company = column("\(prefix) Company")
            address1 = column("\(prefix) Address1")
            address2 = column("\(prefix) Address2")
            city = column("\(prefix) City")
            zip = column("\(prefix) Zip")
            provinceName = column("\(prefix) Province Name")
            province = column("\(prefix) Province")
            country = column("\(prefix) Country")
            phone = column("\(prefix) Phone")
        }
    }

    /// Every column this reader takes, found in a chunk's header once: an order's some sixty
    /// fields are then read without hashing their names.
    private struct Columns {
        let all: [String: Int]
        let name: ShopColumn
        let email: ShopColumn
        let financialStatus: ShopColumn
        let paidAt: ShopColumn
        let fulfillmentStatus: ShopColumn
        let fulfilledAt: ShopColumn
        let currency: ShopColumn
        let subtotal: ShopColumn
        let shipping: ShopColumn
        let taxes: ShopColumn
        let total: ShopColumn
        let discountCode: ShopColumn
        let discountAmount: ShopColumn
        let shippingMethod: ShopColumn
        let createdAt: ShopColumn
        let lineitemQuantity: ShopColumn
        let lineitemName: ShopColumn
        let lineitemPrice: ShopColumn
        let lineitemSku: ShopColumn
        let lineitemRequiresShipping: ShopColumn
        let lineitemTaxable: ShopColumn
        let lineitemFulfillmentStatus: ShopColumn
        let notes: ShopColumn
        let noteAttributes: ShopColumn
        let cancelledAt: ShopColumn
        let paymentMethod: ShopColumn
        let refundedAmount: ShopColumn
        let id: ShopColumn
        let tags: ShopColumn
        let riskLevel: ShopColumn
        let source: ShopColumn
        let phone: ShopColumn
        let duties: ShopColumn
        let billingAddress, shippingAddress: AddressColumns
        /// The header's names of every column above.
        let names: [String]

        init(_ columns: [String: Int]) {
            all = columns
            var column = ColumnFinder(columns: columns)
            name = column("Name")
            email = column("Email")
            financialStatus = column("Financial Status")
            paidAt = column("Paid at")
            fulfillmentStatus = column("Fulfillment Status")
            fulfilledAt = column("Fulfilled at")
            currency = column("Currency")
            subtotal = column("Subtotal")
            shipping = column("Shipping")
            taxes = column("Taxes")
            total = column("Total")
            discountCode = column("Discount Code")
            discountAmount = column("Discount Amount")
            shippingMethod = column("Shipping Method")
            createdAt = column("Created at")
            lineitemQuantity = column("Lineitem quantity")
            lineitemName = column("Lineitem name")
            lineitemPrice = column("Lineitem price")
            lineitemSku = column("Lineitem sku")
            lineitemRequiresShipping = column("Lineitem requires shipping")
            lineitemTaxable = column("Lineitem taxable")
            lineitemFulfillmentStatus = column("Lineitem fulfillment status")
            notes = column("Notes")
            noteAttributes = column("Note Attributes")
            cancelledAt = column("Cancelled at")
            paymentMethod = column("Payment Method")
            refundedAmount = column("Refunded Amount")
            id = column("Id")
            tags = column("Tags")
            riskLevel = column("Risk Level")
            source = column("Source")
            phone = column("Phone")
            duties = column("Duties")
            billingAddress = AddressColumns(prefix: "Billing", &column)
            shippingAddress = AddressColumns(prefix: "Shipping", &column)
            names = column.names
        }
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
