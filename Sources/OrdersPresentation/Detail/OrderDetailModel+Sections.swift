import Foundation
import OrdersCore
import TerminalText

/// The order as its shop knows it, formatted for the detail's sections: the money block with
/// codes, fees, refunds, balance and the shop's amount; addresses; payment and delivery; refunds;
/// risk; the customer's own note and the note attributes. Every text is made safe here (line
/// breaks kept where the text may have them), so the views only arrange it.
extension OrderDetailModel {
    /// The rows under the line totals: subtotal, discount and its codes, shipping, each fee and
    /// duty, tax, total; then, when there were refunds, what was given back and what is
    /// outstanding; the shop's stated total when it differs; and the total in the shop's
    /// currency when the customer paid in another one.
    public var moneyRows: [DetailMoneyRow] {
        guard let order, let totals else { return [] }
        func money(_ amount: Decimal) -> String { formatter.money(amount, order.currency) }
        var rows = [DetailMoneyRow("Subtotal", totals.subtotal), DetailMoneyRow("Discount", totals.discount)]
        rows += order.discountCodes.map {
            DetailMoneyRow("code " + TerminalText.neutralized($0.code), "−" + money($0.amount), weight: .detail)
        }
        rows.append(DetailMoneyRow("Shipping", totals.shipping))
        rows += order.adjustments.map { DetailMoneyRow(TerminalText.neutralized($0.label), money($0.amount)) }
        rows.append(DetailMoneyRow(order.taxesIncluded ? "Tax (included)" : "Tax", totals.tax))
        rows.append(DetailMoneyRow("Total", totals.total, weight: .total))
        if !order.refunds.isEmpty {
            rows.append(DetailMoneyRow("Refunded", "−" + money(order.refunded)))
            rows.append(DetailMoneyRow("Outstanding", money(order.outstanding), weight: .total))
        }
        if let stated = order.statedTotal, order.statedTotalDifference != nil {
            rows.append(DetailMoneyRow("Shop stated", money(stated)))
        }
        if let shopCurrency = order.shopCurrency, let shopTotal = order.shopTotal, shopCurrency != order.currency {
            rows.append(DetailMoneyRow("In \(shopCurrency.code)", formatter.money(shopTotal, shopCurrency)))
        }
        return rows
    }

    /// The shipping and billing addresses; nil when the order has neither.
    public var addresses: DetailAddresses? {
        guard let order, order.shippingAddress != nil || order.billingAddress != nil else { return nil }
        let billing: [String]? = order.billingAddress.map {
            $0 == order.shippingAddress ? ["same as shipping"] : Self.addressLines($0)
        }
        return DetailAddresses(shipping: order.shippingAddress.map(Self.addressLines), billing: billing)
    }

    /// An address as printed on a parcel: name, company, each street line, postcode and city,
    /// region and country, phone; empty parts left out.
    static func addressLines(_ address: PostalAddress) -> [String] {
        func present(_ text: String?) -> String? {
            guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            return TerminalText.neutralized(text, keepingLineBreaks: true)
        }
        let place = [present(address.postcode), present(address.city)].compactMap { $0 }.joined(separator: " ")
        let area = [present(address.region), present(address.country)].compactMap { $0 }.joined(separator: ", ")
        return ([present(address.name), present(address.company)] + address.lines.map(present)
                + [place.isEmpty ? nil : place, area.isEmpty ? nil : area, present(address.phone)]).compactMap { $0 }
    }

    /// When and how the order was paid and sent; nil when the order says none of it.
    public var delivery: DetailDelivery? {
        guard let order else { return nil }
        func present(_ text: String?) -> String? {
            guard let text, !text.isEmpty else { return nil }
            return TerminalText.neutralized(text)
        }
        let delivery = DetailDelivery(
            paidText: order.paidAt.map(formatter.absoluteDate), paymentMethod: present(order.paymentMethod),
            fulfilledText: order.fulfilledAt.map(formatter.absoluteDate), shippingMethod: present(order.shippingMethod),
            trackingNumbers: order.trackingNumbers.map { TerminalText.neutralized($0) })
        return delivery.isEmpty ? nil : delivery
    }

    /// The refunds, oldest first, with what each gave back.
    public var refunds: [DetailRefund] {
        guard let order else { return [] }
        return order.refunds.map { refund in
            var parts: [String] = []
            let lines = refund.lines.map { line in
                let sku = order.items.indices.contains(line.line) ? order.items[line.line].sku : ""
                return "\(line.quantity) × " + (sku.isEmpty ? "line \(line.line + 1)" : TerminalText.neutralized(sku))
            }
            if !lines.isEmpty { parts.append(lines.joined(separator: ", ")) }
            if refund.shipping != 0 { parts.append("shipping " + formatter.money(refund.shipping, order.currency)) }
            if refund.restock { parts.append("restocked") }
            let reason = refund.reason.flatMap { $0.isEmpty ? nil : TerminalText.neutralized($0, keepingLineBreaks: true) }
            return DetailRefund(id: TerminalText.neutralized(refund.id), dateText: formatter.absoluteDate(refund.createdAt),
                                amountText: formatter.money(refund.amount, order.currency), reason: reason,
                                detail: parts.isEmpty ? nil : parts.joined(separator: "; "))
        }
    }

    /// The shop's fraud assessment, high risk shown like a flag; nil when the shop gave none.
    public var risk: DetailRisk? {
        guard let level = order?.riskLevel else { return nil }
        switch level {
        case .high: return DetailRisk(text: "⚠ high risk", isAlarming: true)
        case .medium, .low: return DetailRisk(text: level.rawValue, isAlarming: false)
        }
    }

    /// The customer's own note at checkout, line breaks kept and cut like a staff note; nil when there is none.
    public var customerNoteText: String? {
        guard let note = order?.customerNote, !note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return DetailNote.shown(note)
    }

    /// The note attributes as `key: value` lines, in the shop's order.
    public var noteAttributeLines: [String] {
        order?.noteAttributes.map {
            TerminalText.neutralized($0.key) + ": " + TerminalText.neutralized($0.value, keepingLineBreaks: true)
        } ?? []
    }
}
