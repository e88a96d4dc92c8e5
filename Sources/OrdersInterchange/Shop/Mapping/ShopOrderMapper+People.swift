import Foundation
import OrdersCore

/// The people and places of a shop's order: customer, addresses, notes and what else the shop says.
extension ShopOrderMapper {
    func applyPeople(of shop: ShopOrder, to order: inout Order) {
        order.phone = shop.phone ?? shop.billingAddress?.phone ?? shop.shippingAddress?.phone
        // The shop's customer id when it gives one; else the email, which is how shops tell guests apart.
        order.customerKey = shop.customerKey ?? shop.email?.lowercased() ?? order.phone
        order.shippingAddress = shop.shippingAddress.map(Self.address)
        order.billingAddress = shop.billingAddress.map(Self.address)
        order.shippingMethod = shop.shippingMethod
        order.paymentMethod = shop.paymentMethod
        order.customerNote = shop.customerNote.map(Self.withLineFeeds)
        order.paidAt = shop.paidAt
        order.fulfilledAt = shop.fulfilledAt
        var attributes = shop.noteAttributes.map { NoteAttribute(key: $0.key, value: Self.withLineFeeds($0.value)) }
        if let word = shop.riskLevel {
            order.riskLevel = RiskLevel(rawValue: word.lowercased())
            // A risk word the order has no level for is still what the shop said.
            if order.riskLevel == nil { attributes.append(NoteAttribute(key: "risk", value: word)) }
        }
        // The sales channel (web, pos) is said once per order and the order has no field of its own for it.
        if let channel = shop.channel { attributes.append(NoteAttribute(key: "channel", value: channel)) }
        // The export's line prices are in the shop's money; the customer's amount is kept as the shop stated it.
        if let presentment = shop.presentment {
            let amount = Currency.named(presentment.currency)?.plainText(presentment.amount) ?? "\(presentment.amount)"
            attributes.append(NoteAttribute(key: "presentment total", value: "\(amount) \(presentment.currency)"))
        }
        // The order keeps tracking numbers only; the carrier and the tracking page are said beside each.
        order.trackingNumbers = shop.tracking.map(\.number)
        for tracking in shop.tracking where tracking.company != nil || tracking.url != nil {
            attributes.append(NoteAttribute(key: "tracking \(tracking.number)",
                                            value: [tracking.company, tracking.url].compactMap { $0 }.joined(separator: " ")))
        }
        order.noteAttributes = attributes
    }

    /// Text with every line break a line feed: web forms send notes with CRLF (`\r\n`) and old
    /// Mac tools a lone CR, which the detail would show as `␍`. For the texts people write
    /// (notes, note attributes, reasons); ids and names are kept verbatim.
    static func withLineFeeds(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// Who ordered, as the shop names them: the billing name, else the shipping name, else how to
    /// reach them. A point-of-sale sale may name nobody: shops call that buyer a guest.
    static func customerName(of shop: ShopOrder) -> String {
        shop.customerName ?? shop.billingAddress?.name ?? shop.shippingAddress?.name ?? shop.email ?? shop.phone ?? "Guest"
    }

    /// Where the goods go: the shipping country, else the billing one; empty when the shop names none.
    static func country(of shop: ShopOrder) -> String {
        shop.shippingAddress?.country ?? shop.billingAddress?.country ?? ""
    }

    /// An address as the shop wrote it; a street line holding a line break becomes two lines.
    static func address(_ address: ShopAddress) -> PostalAddress {
        PostalAddress(name: address.name, company: address.company, lines: address.lines.flatMap(streetLines),
                      city: address.city, postcode: address.postcode, region: address.region, country: address.country,
                      phone: address.phone)
    }

    /// The street lines one written line holds: its lines, without blank ones. A line of ASCII
    /// without a byte of a line break (nearly every one) is itself, told without splitting it into
    /// characters; any other is split at every line break `Character.isNewline` knows.
    static func streetLines(_ line: String) -> [String] {
        if !line.utf8.contains(where: { (0x0A...0x0D).contains($0) || $0 >= 0x80 }) {
            return line.trimmingSpaces.isEmpty ? [] : [line]
        }
        return line.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.trimmingSpaces.isEmpty }
    }
}
