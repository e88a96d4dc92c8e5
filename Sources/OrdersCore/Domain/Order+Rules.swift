import Foundation

/// A problem that makes an order invalid, naming the field it concerns.
public struct OrderValidationIssue: Hashable, Sendable, CustomStringConvertible {
    public var field: String
    public var problem: String

    public init(field: String, problem: String) {
        self.field = field
        self.problem = problem
    }

    public var description: String { "\(field): \(problem)" }
}

extension Order {
    /// The default total above which an order counts as high value.
    public static let defaultHighValueThreshold: Decimal = 1000

    /// Whether the total is above the threshold (in the shop's currency: `reportingTotal`).
    public func isHighValue(threshold: Decimal = Order.defaultHighValueThreshold) -> Bool {
        reportingTotal > threshold
    }

    /// The loyalty discount this order would earn: 10% of its total, rounded to the currency.
    public var eligibleDiscount: Decimal {
        currency.rounded(total * Decimal(string: "0.1")!) // literal: cannot fail
    }

    /// An order qualifies for the loyalty discount when that discount would exceed 10.
    public var qualifiesForDiscount: Bool {
        eligibleDiscount > 10
    }

    /// Every rule the order breaks; empty when it is valid.
    public func validationIssues() -> [OrderValidationIssue] {
        // Bulk loads validate millions of orders, nearly all of them valid: those are passed
        // in whole minor units, without Decimal arithmetic, refunds and all. Anything that check
        // cannot vouch for gets the full check, which words every problem.
        let plainlyValid = refunds.isEmpty ? isPlainlyValid : refundsArePlainlyValid
        return plainlyValid ? [] : fullValidationIssues()
    }

    /// Every rule the order breaks, each checked and worded on its own.
    func fullValidationIssues() -> [OrderValidationIssue] {
        var issues: [OrderValidationIssue] = []
        if let problem = OrderNumber.problem(withNumber: number) {
            issues.append(.init(field: "id", problem: problem))
        }
        if let problem = OrderNumber.problem(withSource: source) {
            issues.append(.init(field: "source", problem: problem))
        }
        if let shopOrderID, let problem = OrderNumber.problem(withNumber: shopOrderID) {
            issues.append(.init(field: "shop_id", problem: problem))
        }
        if Order.isBlank(customerName) {
            issues.append(.init(field: "customer", problem: "must not be empty"))
        }
        // An email is optional: a point-of-sale sale may have only a phone, and marketplaces
        // (Amazon, Etsy) give the seller no buyer's email at all; the order's number and the
        // customer's name (or "Guest") are what identify it then. One that is given must be plausible.
        if !email.isEmpty && !Order.isPlausibleEmail(email) {
            issues.append(.init(field: "email", problem: "\"\(email)\" is not a plausible email address"))
        }
        // A cancelled order may have no line left: marketplaces write a cancellation's lines with quantity 0.
        if items.isEmpty && cancelledAt == nil {
            issues.append(.init(field: "items", problem: "an order needs at least one line item"))
        }
        for (index, item) in items.enumerated() {
            if item.quantity < 1 {
                issues.append(.init(field: "items[\(index)].quantity", problem: "must be at least 1, got \(item.quantity)"))
            } else if item.quantity > MoneyLimits.maximumQuantity {
                issues.append(.init(field: "items[\(index)].quantity", problem: MoneyLimits.quantityTooLarge(written: String(item.quantity))))
            }
            if item.fulfilledQuantity < 0 || (item.quantity >= 0 && item.fulfilledQuantity > item.quantity) {
                issues.append(.init(field: "items[\(index)].fulfilled_quantity",
                                    problem: "must be between 0 and the quantity (\(item.quantity)), got \(item.fulfilledQuantity)"))
            }
            if item.unitPrice < 0 {
                issues.append(.init(field: "items[\(index)].unit_price", problem: "must not be negative, got \(item.unitPrice)"))
            } else if !MoneyLimits.isWithinRange(item.unitPrice) {
                issues.append(.init(field: "items[\(index)].unit_price", problem: MoneyLimits.tooLarge(item.unitPrice)))
            } else if !currency.isRepresentable(item.unitPrice) {
                issues.append(.init(field: "items[\(index)].unit_price", problem: "has more decimals than \(currency.code) allows"))
            } else if (1...MoneyLimits.maximumQuantity).contains(item.quantity), !MoneyLimits.isWithinRange(item.lineTotal) {
                issues.append(.init(field: "items[\(index)].unit_price", problem: "× quantity \(item.quantity) comes to "
                                    + MoneyLimits.aboveMaximum(item.lineTotal)))
            }
            if let stated = item.statedLineTotal {
                issues += statedLineTotalIssues(of: item, stated: stated, index: index)
            }
            // Shops sell lines without a SKU (gift cards, custom items): the title names those.
            if item.sku.isEmpty && Order.isBlank(item.title) {
                issues.append(.init(field: "items[\(index)].sku", problem: "must not be empty when the line has no title"))
            }
        }
        var charges: [(String, Decimal)] = [("discount", discount), ("shipping", shipping), ("tax", tax)]
        charges += adjustments.enumerated().map { ("adjustments[\($0.offset)].amount", $0.element.amount) }
        charges += discountCodes.enumerated().map { ("discount_codes[\($0.offset)].amount", $0.element.amount) }
        if let statedTotal { charges.append(("stated_total", statedTotal)) }
        for (name, amount) in charges {
            if let problem = amountProblem(amount) { issues.append(.init(field: name, problem: problem)) }
        }
        for (index, adjustment) in adjustments.enumerated() where Order.isBlank(adjustment.label) {
            issues.append(.init(field: "adjustments[\(index)].label", problem: "must not be empty"))
        }
        for (index, code) in discountCodes.enumerated() where Order.isBlank(code.code) {
            issues.append(.init(field: "discount_codes[\(index)].code", problem: "must not be empty"))
        }
        if charges.allSatisfy({ amountProblem($0.1) == nil }), discountCodes.count > 0 {
            let coded = discountCodes.reduce(Decimal(0)) { $0 + $1.amount }
            if coded > discount {
                issues.append(.init(field: "discount_codes", problem: "take off \(currency.plainText(coded)) together, "
                                    + "more than the discount (\(currency.plainText(discount)))"))
            }
        }
        // Sums over broken line items or charges would only repeat their problems in other words.
        let itemsAreValid = items.allSatisfy {
            (1...MoneyLimits.maximumQuantity).contains($0.quantity) && $0.unitPrice >= 0 && MoneyLimits.isWithinRange($0.lineTotal)
                && ($0.statedLineTotal.map { amountProblem($0) == nil } ?? true)
        }
        let chargesAreValid = charges.allSatisfy { $0.1 >= 0 && MoneyLimits.isWithinRange($0.1) }
        if itemsAreValid && chargesAreValid {
            // Computed once: bulk imports validate millions of orders and Decimal sums are not free.
            let subtotal = self.subtotal
            if discount > subtotal {
                issues.append(.init(field: "discount", problem: "is larger than the subtotal"))
            }
            let total = Order.total(subtotal: subtotal, discount: discount, shipping: shipping,
                                    adjustments: adjustments.reduce(Decimal(0)) { $0 + $1.amount }, tax: tax,
                                    taxesIncluded: taxesIncluded, currency: currency)
            if total < 0 {
                issues.append(.init(field: "total", problem: "must not be negative"))
            } else if !MoneyLimits.isWithinRange(subtotal) || !MoneyLimits.isWithinRange(total) {
                // Each line is within range, but together they are not.
                issues.append(.init(field: "total", problem: MoneyLimits.tooLarge(max(subtotal, total))))
            }
        }
        if itemsAreValid && chargesAreValid {
            issues += refundIssues()
        }
        issues += shopCurrencyIssues()
        for (field, address) in [("shipping_address", shippingAddress), ("billing_address", billingAddress)] {
            // Stores keep the lines one per line of text.
            if let address, address.lines.contains(where: { $0.isEmpty || $0.contains(where: \.isNewline) }) {
                issues.append(.init(field: field + ".lines", problem: "each line must be one line of text, not empty"))
            }
        }
        if updatedAt < createdAt {
            issues.append(.init(field: "updated_at", problem: "is before created_at"))
        }
        return issues
    }

    /// A stated line total is an amount like any other, and the unit price beside it must be the one
    /// derived from it (`LineItem+StatedTotal.swift`): a file that names both cannot make them disagree.
    private func statedLineTotalIssues(of item: LineItem, stated: Decimal, index: Int) -> [OrderValidationIssue] {
        if let problem = amountProblem(stated) {
            return [.init(field: "items[\(index)].line_total", problem: problem)]
        }
        guard (1...MoneyLimits.maximumQuantity).contains(item.quantity) else { return [] }
        let derived = LineItem.derivedUnitPrice(lineTotal: stated, quantity: item.quantity, currency: currency)
        guard derived == item.unitPrice else {
            return [.init(field: "items[\(index)].unit_price", problem: "must be the line total \(currency.plainText(stated)) ÷ "
                          + "\(item.quantity) rounded to \(currency.code)'s minor unit, \(currency.plainText(derived)), got \(currency.plainText(item.unitPrice))")]
        }
        return []
    }

    /// What is wrong with an amount of money on this order, or nil: negative, out of range, or
    /// finer than the currency's minor units.
    func amountProblem(_ amount: Decimal) -> String? {
        if amount < 0 { return "must not be negative, got \(amount)" }
        if !MoneyLimits.isWithinRange(amount) { return MoneyLimits.tooLarge(amount) }
        if !currency.isRepresentable(amount) { return "has more decimals than \(currency.code) allows" }
        return nil
    }

    /// Whether text is empty or only whitespace and line breaks.
    package static func isBlank(_ text: String) -> Bool {
        // Fast path: any visible ASCII character means not blank.
        if text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
        return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// A cheap plausibility check, not RFC 5322: one @, a non-empty local part,
    /// a dotted domain, no spaces or control characters.
    public static func isPlausibleEmail(_ email: String) -> Bool {
        // Bulk imports check millions of addresses: plain ASCII ones are checked on
        // bytes, which gives the same answer as the character-based rules below.
        if email.utf8.allSatisfy({ $0 < 0x80 }) { return isPlausibleASCIIEmail(email.utf8) }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let domain = parts[1]
        guard domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."), !domain.contains("..") else { return false }
        return !email.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
    }

    private static func isPlausibleASCIIEmail(_ bytes: String.UTF8View) -> Bool {
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at != bytes.startIndex else { return false }
        let domain = bytes[bytes.index(after: at)...]
        guard !domain.contains(UInt8(ascii: "@")), domain.contains(UInt8(ascii: ".")),
              domain.first != UInt8(ascii: "."), domain.last != UInt8(ascii: ".") else { return false }
        var previous: UInt8 = 0
        for byte in domain {
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return false }
            previous = byte
        }
        // ASCII whitespace is 0x09–0x0D and 0x20; controls are below 0x20 and 0x7F.
        return !bytes.contains { $0 <= 0x20 || $0 == 0x7F }
    }
}
