import Foundation
import OrdersCore
import OrdersInterchange
import TerminalText

/// One order as readable text for `orders show`.
enum OrderDetailText {
    static func text(for order: Order, history: [AuditEntry]) -> String {
        let currency = order.currency
        func money(_ amount: Decimal) -> String { currency.plainText(amount) + " " + currency.code }
        func time(_ date: Date) -> String { ISO8601Milliseconds.string(from: date) }
        let safe = { (text: String) in TerminalText.neutralized(text) }
        var lines = [
            "\(order.number)  \(order.status.rawValue)\(order.flagged ? "  [flagged]" : "")",
            "Customer:  \(safe(order.customerName)) <\(safe(order.email))>",
            "Country:   \(safe(order.country))",
            "Created:   \(time(order.createdAt))",
            "Updated:   \(time(order.updatedAt))  (version \(order.version))",
            "Assignee:  \(order.assignee.map(safe) ?? "—")",
            "Tags:      \(order.tags.isEmpty ? "—" : order.tags.map(safe).joined(separator: ", "))",
            "",
            "Items:",
        ]
        // Units sent per line only while some lines are sent and others not; otherwise the fulfilment says it.
        let partlySent = order.isPartlySent
        for item in order.items {
            lines.append("  \(DisplayWidth.padded(safe(item.sku), to: 14))  \(DisplayWidth.padded(safe(item.title), to: 40))  "
                + "\(item.quantity) × \(item.hasDerivedUnitPrice ? LineItem.derivedPriceMark : "")\(money(item.unitPrice))"
                + " = \(money(currency.rounded(item.lineTotal)))"
                + (partlySent ? "  (\(item.fulfilledQuantity) sent)" : ""))
        }
        lines += [
            "",
            "Subtotal:  \(money(order.subtotal))",
            "Discount:  \(money(order.discount))",
            "Shipping:  \(money(order.shipping))",
            "Tax:       \(money(order.tax))\(order.taxesIncluded ? "  (included in the prices)" : "")",
        ]
        if !order.discountCodes.isEmpty {
            lines.append("Codes:     " + order.discountCodes.map { "\(safe($0.code)) \(money($0.amount))" }.joined(separator: ", "))
        }
        for adjustment in order.adjustments {
            let kind = adjustment.kind == .fee ? "Fee:       " : "Duty:      "
            lines.append(kind + "\(safe(adjustment.label)) \(money(adjustment.amount))")
        }
        lines.append("Total:     \(money(order.total))")
        if let stated = order.statedTotal, let difference = order.statedTotalDifference {
            lines.append("Stated:    \(money(stated)) by the shop, \(money(difference.magnitude)) "
                         + (difference > 0 ? "more" : "less") + " than its parts add up to")
        }
        if !order.refunds.isEmpty {
            lines += ["Refunded:  \(money(order.refunded))", "Balance:   \(money(order.outstanding))", "", "Refunds:"]
            for refund in order.refunds {
                var what = refund.lines.map { line in
                    let sku = order.items.indices.contains(line.line) ? order.items[line.line].sku : ""
                    return "\(line.quantity) × \(sku.isEmpty ? "line \(line.line + 1)" : safe(sku))"
                }
                if refund.shipping > 0 { what.append("shipping \(currency.plainText(refund.shipping))") }
                if refund.restock { what.append("restocked") }
                lines.append("  \(safe(refund.id))  \(time(refund.createdAt))  \(money(refund.amount))"
                             + (what.isEmpty ? "" : "  " + what.joined(separator: ", "))
                             + (refund.reason.map { "  (\(safe($0)))" } ?? ""))
            }
        }
        if !order.notes.isEmpty {
            lines += ["", "Notes:"]
            for note in order.notes {
                lines.append("  \(time(note.createdAt))  \(safe(note.author)):")
                lines += TerminalText.neutralized(note.text, keepingLineBreaks: true).split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
            }
        }
        if !history.isEmpty {
            lines += ["", "History:"]
            for entry in history { lines.append("  " + HistoryText.line(entry)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The export JSON of one order (which carries `subtotal`, `total`, `refunded`, `outstanding`) plus `history`,
    /// as `orders history --format json` gives it.
    static func json(for order: Order, history: [AuditEntry]) -> String {
        var members = OrderJSON.members(of: order)
        members.append(("history", HistoryText.json(history)))
        return JSONText.object(members) + "\n"
    }
}
