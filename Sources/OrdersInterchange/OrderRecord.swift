import Foundation
import OrdersCore

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
        /// Nil when the file does not say (files from before it was written): then it follows the
        /// order's fulfilment (`Order.assumedFulfilledQuantity`).
        var fulfilledQuantity: Int? = nil
        /// The line's total when the file states it (files from before it was written do not); one that
        /// is not unit price × quantity is the line's stated total (`LineItem+StatedTotal.swift`).
        var lineTotal: Decimal? = nil

        /// The line, its stated total kept only when the unit price does not give it (so an export read
        /// back is the order it was); the order's validation checks the unit price is derived from it.
        var lineItem: LineItem {
            let stated = lineTotal.flatMap { $0 == unitPrice * Decimal(quantity) ? nil : $0 }
            return LineItem(sku: sku, title: title, quantity: quantity, unitPrice: unitPrice, statedLineTotal: stated)
        }
    }

    struct Note {
        var createdAt: String
        var author: String
        var text: String
    }

    var location: RecordLocation
    /// The order number as written: kept verbatim.
    var id: String
    /// Nil (or empty) in the file means `OrderNumber.localSource`.
    var source: String? = nil
    var shopID: String? = nil
    /// Payment, fulfilment, cancellation and closing as written; absent ones follow from `status`.
    var states = States()

    struct States {
        var payment: String?
        var fulfillment: String?
        var sourceStatus: String?
        var cancelledAt: String?
        var cancelReason: String?
        var closed: Bool?
    }
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
    /// Taxes included, discount codes, adjustments, the stated total and refunds.
    var moneyFields = OrderMoneyFields()
    /// Phone, customer key, addresses, methods, tracking, risk, the customer's note, attributes, times.
    var peopleFields = OrderPeopleFields()
    /// How the file names a field when it differs from the flat name (JSON's `customer.email` for `email`).
    var fieldNames: [String: String] = [:]

    /// How a field name is shown for a problem in a line item: CSV names the column
    /// on the item's own line, JSON the path inside the order.
    enum ItemFieldStyle { case column, path }

    /// The order this record describes, or every problem with it.
    func makeOrder(file: String, itemFields: ItemFieldStyle, options: ImportOptions = .strict) -> Result<Order, ImportError> {
        var problems: [ImportProblem] = []
        func problem(_ field: String?, _ text: String, at location: RecordLocation? = nil) {
            problems.append(ImportProblem(file: file, location: location ?? self.location, field: field.map(fileName), problem: text))
        }
        let source = self.source.flatMap { $0.isEmpty ? nil : $0 } ?? OrderNumber.localSource
        if let text = OrderNumber.problem(withNumber: id) { problem("id", text) }
        if let text = OrderNumber.problem(withSource: source) { problem("source", text) }
        let reference = OrderReference(source: source, number: id)
        let orderID: OrderID? = source == OrderNumber.localSource ? OrderID(id) ?? .provisional(for: reference) : .provisional(for: reference)
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
        // Empty is "not known": a shop's order of something not shipped has no address, the shop
        // importers keep it so, and `orders export` writes it so; a file must import what it exported.
        let countryCode = country.uppercased()
        if !country.isEmpty, countryCode.count != 2 || !countryCode.allSatisfy({ $0.isASCII && $0.isLetter }) {
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
        var order = Order(
            id: orderID, number: id, source: source, shopOrderID: shopID.flatMap { $0.isEmpty ? nil : $0 }, customerName: customer, email: email, country: countryCode, currency: currencyValue,
            items: items.map(\.lineItem),
            discount: discount, shipping: shipping, tax: tax, createdAt: created, updatedAt: updated ?? created,
            status: statusValue, flagged: flagged, tags: tags, assignee: assignee, notes: notes, version: version ?? 1)
        applyStates(to: &order) { problem($0, $1) }
        for (index, item) in items.enumerated() {
            order.items[index].fulfilledQuantity = item.fulfilledQuantity
                ?? Order.assumedFulfilledQuantity(of: item.quantity, fulfillment: order.fulfillment)
        }
        moneyFields.apply(to: &order) { problem($0, $1) }
        peopleFields.apply(to: &order) { problem($0, $1) }
        for issue in order.validationIssues() {
            problems.append(locate(issue, file: file, itemFields: itemFields))
        }
        return problems.isEmpty ? .success(order) : .failure(ImportError(problems: problems))
    }

    /// Sets the two statuses, cancellation and closing the record states, then checks that they
    /// come to the written triage `status` (a file that contradicts itself is refused, not guessed).
    private func applyStates(to order: inout Order, _ problem: (String, String) -> Void) {
        let written = order.status
        if let text = states.payment {
            guard let payment = PaymentStatus(rawValue: text) else {
                return problem("payment_status", "unknown payment status \"\(text)\" (expected one of \(PaymentStatus.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            order.payment = payment
        }
        if let text = states.fulfillment {
            guard let fulfillment = FulfillmentStatus(rawValue: text) else {
                return problem("fulfillment_status", "unknown fulfillment status \"\(text)\" (expected one of \(FulfillmentStatus.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            order.fulfillment = fulfillment
        }
        if let text = states.cancelledAt {
            guard let date = ISO8601Milliseconds.date(from: text) else {
                return problem("cancelled_at", "\"\(text)\" is not an ISO 8601 date-time such as 2026-03-01T09:30:00Z")
            }
            order.cancelledAt = date
        } else if states.payment != nil {
            order.cancelledAt = nil
        }
        if let closed = states.closed { order.isClosed = closed }
        order.cancelReason = states.cancelReason.flatMap { $0.isEmpty ? nil : $0 }
        order.sourceStatus = states.sourceStatus.flatMap { $0.isEmpty ? nil : $0 }
        if order.status != written {
            problem("status", "is \(written.rawValue), but payment \(order.payment.rawValue) and fulfillment \(order.fulfillment.rawValue) make it \(order.status.rawValue)")
        }
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
        return ImportProblem(file: file, location: location, field: fileName(issue.field), problem: issue.problem)
    }

    /// The field as the file names it.
    private func fileName(_ field: String) -> String {
        fieldNames[field] ?? field
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
