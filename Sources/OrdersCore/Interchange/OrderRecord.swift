import Foundation

/// One order as read from an import file, before it is checked against the
/// domain rules. CSV and JSON readers both produce these; `makeOrder` checks them
/// the same way whatever the format.
struct OrderRecord {
    struct Item {
        var location: RecordLocation
        var sku: String
        var title: String
        var quantity: Int
        var unitPrice: Decimal
    }

    struct Note {
        var createdAt: String
        var author: String
        var text: String
    }

    var location: RecordLocation
    var id: String
    var customer: String
    var email: String
    var country: String
    var currency: String
    var status: String
    var createdAt: String
    var updatedAt: String?
    var flagged: Bool
    var tags: [String]
    var assignee: String?
    var discount: Decimal
    var shipping: Decimal
    var tax: Decimal
    var version: Int?
    var notes: [Note]
    var items: [Item]

    /// How a field name is shown for a problem in a line item: CSV names the column
    /// on the item's own line, JSON the path inside the order.
    enum ItemFieldStyle { case column, path }

    /// The order this record describes, or every problem with it.
    func makeOrder(file: String, itemFields: ItemFieldStyle, options: ImportOptions = .strict) -> Result<Order, ImportError> {
        var problems: [ImportProblem] = []
        func problem(_ field: String?, _ text: String, at location: RecordLocation? = nil) {
            problems.append(ImportProblem(file: file, location: location ?? self.location, field: field, problem: text))
        }
        let orderID = OrderID(id)
        if orderID == nil { problem("id", "\"\(id)\" is not an order id (expected ORD- and digits, e.g. ORD-0001234)") }
        let currencyValue = Currency.named(currency)
        if currencyValue == nil {
            problem("currency", "unknown currency \"\(currency)\" (an ISO 4217 code such as EUR, USD or JPY)")
        }
        let statusValue = OrderStatus(rawValue: status.lowercased())
        if statusValue == nil {
            problem("status", "unknown status \"\(status)\" (expected one of \(OrderStatus.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let created = ISO8601Milliseconds.date(from: createdAt)
        if let created {
            if let text = options.dateProblem(created, text: createdAt) { problem("created_at", text) }
        } else {
            problem("created_at", "\"\(createdAt)\" is not an ISO 8601 date-time such as 2026-03-01T09:30:00Z")
        }
        var updated: Date?
        if let updatedAt {
            updated = ISO8601Milliseconds.date(from: updatedAt)
            if let updated {
                if let text = options.dateProblem(updated, text: updatedAt) { problem("updated_at", text) }
            } else {
                problem("updated_at", "\"\(updatedAt)\" is not an ISO 8601 date-time such as 2026-03-01T09:30:00Z")
            }
        }
        let countryCode = country.uppercased()
        if countryCode.count != 2 || !countryCode.allSatisfy({ $0.isASCII && $0.isLetter }) {
            problem("country", "\"\(country)\" is not a two-letter ISO country code such as DE")
        }
        if let version, version < 1 { problem("version", "must be at least 1, got \(version)") }
        // Versions go up by one with every change and are compared as 32-bit numbers by the list.
        if let version, version > Int(Int32.max) { problem("version", "is \(version), above the largest version (\(Int32.max))") }
        checkText("customer", customer) { problem($0, $1) }
        checkText("email", email) { problem($0, $1) }
        if let assignee { checkText("assignee", assignee) { problem($0, $1) } }
        for tag in tags { checkText("tags", tag) { problem($0, $1) } }
        for (index, item) in items.enumerated() {
            let at: RecordLocation = itemFields == .column ? item.location : location
            let prefix = itemFields == .column ? "" : "items[\(index)]."
            checkText(prefix + "sku", item.sku, { problem($0, $1, at: at) })
            checkText(prefix + "title", item.title, { problem($0, $1, at: at) })
        }
        var notes: [OrderNote] = []
        for (index, note) in self.notes.enumerated() {
            guard let date = ISO8601Milliseconds.date(from: note.createdAt) else {
                problem("notes[\(index)].created_at", "\"\(note.createdAt)\" is not an ISO 8601 date-time")
                continue
            }
            if let text = options.dateProblem(date, text: note.createdAt) { problem("notes[\(index)].created_at", text) }
            notes.append(OrderNote(createdAt: date, author: note.author, text: note.text))
        }
        guard problems.isEmpty, let orderID, let currencyValue, let statusValue, let created else {
            return .failure(ImportError(problems: problems))
        }
        let order = Order(
            id: orderID, customerName: customer, email: email, country: countryCode, currency: currencyValue,
            items: items.map { LineItem(sku: $0.sku, title: $0.title, quantity: $0.quantity, unitPrice: $0.unitPrice) },
            discount: discount, shipping: shipping, tax: tax, createdAt: created, updatedAt: updated ?? created,
            status: statusValue, flagged: flagged, tags: tags, assignee: assignee, notes: notes, version: version ?? 1)
        for issue in order.validationIssues() {
            problems.append(locate(issue, file: file, itemFields: itemFields))
        }
        return problems.isEmpty ? .success(order) : .failure(ImportError(problems: problems))
    }

    /// Puts a domain rule's complaint about `items[2].quantity` on the item's CSV line.
    private func locate(_ issue: OrderValidationIssue, file: String, itemFields: ItemFieldStyle) -> ImportProblem {
        if itemFields == .column, issue.field.hasPrefix("items["),
           let close = issue.field.firstIndex(of: "]"),
           let index = Int(issue.field[issue.field.index(issue.field.startIndex, offsetBy: 6)..<close]),
           items.indices.contains(index) {
            let column = issue.field[issue.field.index(after: close)...].drop { $0 == "." }
            return ImportProblem(file: file, location: items[index].location, field: String(column), problem: issue.problem)
        }
        return ImportProblem(file: file, location: location, field: issue.field, problem: issue.problem)
    }

    /// Longest text accepted in a one-line field.
    static let maximumFieldLength = 1_000

    /// One-line fields are shown in tables: no control characters, no absurd lengths.
    private func checkText(_ field: String, _ value: String, _ problem: (String?, String) -> Void) {
        if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            problem(field, "contains a control character (such as a line break or escape)")
        } else if value.count > Self.maximumFieldLength {
            problem(field, "is longer than \(Self.maximumFieldLength) characters")
        }
    }
}
