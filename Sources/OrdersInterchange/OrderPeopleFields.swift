import Foundation
import OrdersCore

/// The people and places of an order as exports write them and both importers read them: `customer`
/// ({name, email, phone, key}: `OrderJSON` reads it, and the flat `phone` and `customer_key` of earlier
/// files here), `shipping_address` and `billing_address` ({name, company, lines, city, postcode, region,
/// country, phone} or null), `shipping_method`, `tracking_numbers`, `payment_method`, `risk`,
/// `customer_note`, `note_attributes` [{key, value}], `paid_at` and `fulfilled_at`. CSV keeps the
/// addresses and lists as JSON in their cell.
struct OrderPeopleFields: Decodable, Hashable {
    struct Address: Codable, Hashable {
        var name: String?
        var company: String?
        var lines: [String]?
        var city: String?
        var postcode: String?
        var region: String?
        var country: String?
        var phone: String?
    }

    struct Attribute: Codable, Hashable {
        var key: String
        var value: String
    }

    var phone: String?
    var customerKey: String?
    var shippingAddress: Address?
    var billingAddress: Address?
    var shippingMethod: String?
    var trackingNumbers: [String]?
    var paymentMethod: String?
    var risk: String?
    var customerNote: String?
    var noteAttributes: [Attribute]?
    var paidAt: String?
    var fulfilledAt: String?

    init() {}

    enum CodingKeys: String, CodingKey {
        case phone, risk
        case customerKey = "customer_key", shippingAddress = "shipping_address", billingAddress = "billing_address"
        case shippingMethod = "shipping_method", trackingNumbers = "tracking_numbers", paymentMethod = "payment_method"
        case customerNote = "customer_note", noteAttributes = "note_attributes", paidAt = "paid_at", fulfilledAt = "fulfilled_at"
    }

    // MARK: Writing

    /// The members exports write, in export order.
    static func members(of order: Order) -> [(String, String)] {
        func time(_ date: Date?) -> String { JSONText.optionalString(date.map(ISO8601Milliseconds.string(from:))) }
        return [
            ("shipping_address", addressObject(order.shippingAddress)),
            ("billing_address", addressObject(order.billingAddress)),
            ("shipping_method", JSONText.optionalString(order.shippingMethod)),
            ("tracking_numbers", trackingArray(order)),
            ("payment_method", JSONText.optionalString(order.paymentMethod)),
            ("risk", JSONText.optionalString(order.riskLevel?.rawValue)),
            ("customer_note", JSONText.optionalString(order.customerNote)),
            ("note_attributes", attributesArray(order)),
            ("paid_at", time(order.paidAt)),
            ("fulfilled_at", time(order.fulfilledAt)),
        ]
    }

    /// The customer as the contract has it; an order without an email (a phone order) has `null` there.
    static func customerObject(_ order: Order) -> String {
        JSONText.object([
            ("name", JSONText.string(order.customerName)),
            ("email", order.email.isEmpty ? "null" : JSONText.string(order.email)),
            ("phone", JSONText.optionalString(order.phone)),
            ("key", JSONText.optionalString(order.customerKey)),
        ])
    }

    static func addressObject(_ address: PostalAddress?) -> String {
        guard let address else { return "null" }
        return JSONText.object([
            ("name", JSONText.optionalString(address.name)), ("company", JSONText.optionalString(address.company)),
            ("lines", JSONText.array(address.lines.map(JSONText.string))), ("city", JSONText.optionalString(address.city)),
            ("postcode", JSONText.optionalString(address.postcode)), ("region", JSONText.optionalString(address.region)),
            ("country", JSONText.optionalString(address.country)), ("phone", JSONText.optionalString(address.phone)),
        ])
    }

    static func trackingArray(_ order: Order) -> String {
        JSONText.array(order.trackingNumbers.map(JSONText.string))
    }

    static func attributesArray(_ order: Order) -> String {
        JSONText.array(order.noteAttributes.map { JSONText.object([("key", JSONText.string($0.key)), ("value", JSONText.string($0.value))]) })
    }

    // MARK: Reading

    /// Puts the fields on `order`; problems name the field as the file does.
    func apply(to order: inout Order, _ problem: (String, String) -> Void) {
        func text(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }
        func address(_ value: Address?) -> PostalAddress? {
            value.map {
                PostalAddress(name: text($0.name), company: text($0.company), lines: $0.lines ?? [], city: text($0.city),
                              postcode: text($0.postcode), region: text($0.region), country: text($0.country), phone: text($0.phone))
            }
        }
        func date(_ value: String?, _ field: String) -> Date? {
            guard let value = text(value) else { return nil }
            guard let date = ISO8601Milliseconds.date(from: value) else {
                problem(field, "\"\(value)\" is not an ISO 8601 date-time such as 2026-03-01T09:30:00Z")
                return nil
            }
            return date
        }
        order.phone = text(phone)
        order.customerKey = text(customerKey)
        order.shippingAddress = address(shippingAddress)
        order.billingAddress = address(billingAddress)
        order.shippingMethod = text(shippingMethod)
        order.trackingNumbers = trackingNumbers ?? []
        order.paymentMethod = text(paymentMethod)
        if let risk = text(risk) {
            order.riskLevel = RiskLevel(rawValue: risk)
            if order.riskLevel == nil { problem("risk", "unknown risk level \"\(risk)\" (expected low, medium or high)") }
        }
        order.customerNote = text(customerNote)
        order.noteAttributes = (noteAttributes ?? []).map { NoteAttribute(key: $0.key, value: $0.value) }
        order.paidAt = date(paidAt, "paid_at")
        order.fulfilledAt = date(fulfilledAt, "fulfilled_at")
    }
}
