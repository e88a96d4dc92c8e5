import Foundation

/// What refunds mean for an order: the one home of the refunded total, the outstanding balance,
/// the quantities returned, and the rules a refund must keep (never more than was paid, never
/// more units than were bought and not yet returned).
extension Order {
    /// The money given back so far: the sum of the refunds.
    public var refunded: Decimal {
        if let minor = refundedInMinorUnits { return currency.amount(minorUnits: minor) }
        return currency.rounded(refunds.reduce(Decimal(0)) { $0 + $1.amount })
    }

    /// The balance of the order after its refunds: total − refunded.
    public var outstanding: Decimal {
        currency.rounded(total - refunded)
    }

    /// The payment the refunds leave: refunded once everything is given back, partially refunded
    /// while some is; nil without refunds (the payment is then the money taken, not given back).
    package var paymentLeftByRefunds: PaymentStatus? {
        refunds.isEmpty ? nil : paymentLeft(withRefunded: refunded)
    }

    /// The payment once `amount` in all has been given back.
    private func paymentLeft(withRefunded amount: Decimal) -> PaymentStatus {
        amount >= total ? .refunded : .partiallyRefunded
    }

    /// Whether the payment says what the refunds leave (none: not refunded at all). A shop's file may
    /// say otherwise (Shopify's `paid` beside a listed refund): that is its word, kept as it says it.
    package var paymentAgreesWithRefunds: Bool {
        guard let left = paymentLeftByRefunds else { return !payment.isGivenByRefunds }
        return payment == left
    }

    /// The refunded total in minor units, or nil when an amount is not representable or the sum overflows.
    var refundedInMinorUnits: Int64? {
        var sum: Int64 = 0
        for refund in refunds {
            guard let amount = currency.minorUnits(of: refund.amount), let next = sum.addingChecked(amount) else { return nil }
            sum = next
        }
        return sum
    }

    /// How many units of the line at `index` the refunds so far have returned.
    public func returnedQuantity(ofLine index: Int) -> Int {
        refunds.reduce(0) { sum, refund in
            refund.lines.reduce(sum) { $1.line == index ? $0.addingReportingOverflow($1.quantity).partialValue : $0 }
        }
    }

    /// How many units of the line at `index` may still come back: bought less returned, never below 0.
    public func returnableQuantity(ofLine index: Int) -> Int {
        guard items.indices.contains(index) else { return 0 }
        return max(items[index].quantity - returnedQuantity(ofLine: index), 0)
    }

    /// The shipping not yet given back, which a refund may still include.
    public var refundableShipping: Decimal { shippingLeft(after: refunds) }

    /// The shipping left to give back once `earlier` refunds are made, never below 0.
    private func shippingLeft(after earlier: [Refund]) -> Decimal {
        max(shipping - earlier.reduce(Decimal(0)) { $0 + $1.shipping }, 0)
    }

    /// The id the next refund made here gets: `R` and one more than the refunds so far
    /// (skipping any the shop already used).
    public var nextRefundID: String {
        var number = refunds.count + 1
        while refunds.contains(where: { $0.id == "R\(number)" }) { number += 1 }
        return "R\(number)"
    }

    /// What returning these lines gives back when no amount is named: each line's units at what they
    /// are worth given back (their price less their share of the discount, plus their share of the
    /// tax: `Order+LineRefundValues`), after the units of that line returned before, plus the shipping
    /// refunded. Nil when a line does not exist.
    public func refundAmount(returning lines: [RefundLine], shipping: Decimal = 0) -> Decimal? {
        guard lines.allSatisfy({ items.indices.contains($0.line) && $0.quantity >= 0 }) else { return nil }
        guard let values = lineRefundValues, var sum = currency.minorUnits(of: shipping) else {
            // Not in whole minor units (a file's odd amount): the prices alone, as sold.
            return currency.rounded(lines.reduce(shipping) { sum, line in
                let item = items[line.line]
                return sum + (item.statedLineTotal.map { $0 / Decimal(item.quantity) } ?? item.unitPrice) * Decimal(line.quantity)
            })
        }
        var returned: [Int: Int] = [:]
        for line in lines {
            let earlier = returned[line.line] ?? returnedQuantity(ofLine: line.line)
            let count = min(line.quantity, max(items[line.line].quantity - earlier, 0))
            guard let next = sum.addingChecked(refundValue(ofLine: line.line, units: count, after: earlier, values: values)) else {
                return nil
            }
            sum = next
            returned[line.line] = earlier + line.quantity
        }
        return currency.amount(minorUnits: sum)
    }

    /// The refund record of giving back `lines` and `shipping`, with the next refund id: `amount`
    /// when one is named, else what the lines and shipping come to (`refundAmount`). The CLI's
    /// `orders refund` and the app's line chooser both make their refunds here; whether the order
    /// takes it is `recordRefund`'s to say.
    public func refund(returning lines: [RefundLine], shipping: Decimal = 0, amount: Decimal? = nil, at date: Date,
                       reason: String?, restock: Bool) -> Refund {
        Refund(id: nextRefundID, createdAt: date, reason: reason,
               amount: amount ?? refundAmount(returning: lines, shipping: shipping) ?? 0,
               lines: lines, shipping: shipping, restock: restock)
    }

    /// The refund of everything still outstanding, as money (no lines named), with the next refund id:
    /// what `:refund all` on the detail and a move to refunded (`R`) record.
    public func refundOfEverythingOutstanding(at date: Date, reason: String? = nil) -> Refund {
        Refund(id: nextRefundID, createdAt: date, reason: reason, amount: outstanding)
    }

    /// Records a refund: checks it against the refunds before it, appends it, and moves the payment
    /// to `partially_refunded`, or `refunded` once everything is given back, through the payment's
    /// transition table. Units it gives back that were not yet sent are not to send any more, so the
    /// fulfilment follows the lines (a partly sent order whose last unsent units are refunded is fulfilled). Throws, changing nothing, when any rule is broken. Returns the payment
    /// status before the refund.
    @discardableResult
    mutating func recordRefund(_ refund: Refund) throws(RefundError) -> PaymentStatus {
        if let problem = refundProblems(refund, after: refunds).first {
            throw RefundError(number: number, reason: problem.problem)
        }
        if refund.amount == 0 { throw RefundError(number: number, reason: "the amount is zero") }
        let next = paymentLeft(withRefunded: currency.rounded(refunded + refund.amount))
        guard payment.canTransition(to: next) else {
            throw RefundError(number: number, reason: "its payment is \(payment): only money that was paid can be given back")
        }
        let before = payment
        let linesAgreed = linesFulfillment == fulfillment
        refunds.append(refund)
        payment = next
        if linesAgreed { fulfillment = linesFulfillment }
        return before
    }

    /// Takes back the refund with this id (undo), leaving the payment to the caller, who knows what
    /// it was before; the fulfilment follows the lines again. Throws, changing nothing, when there is no such refund.
    mutating func removeRefund(id: String) throws(RefundError) -> Refund {
        guard let index = refunds.firstIndex(where: { $0.id == id }) else {
            throw RefundError(number: number, reason: "it has no refund \(id) (it was taken back meanwhile)")
        }
        let linesAgreed = linesFulfillment == fulfillment
        let removed = refunds.remove(at: index)
        // Units it gave back before they were sent are to send again.
        if linesAgreed { fulfillment = linesFulfillment }
        return removed
    }

    /// Every rule the stored refunds break (for imports and stores), each checked against the refunds before it.
    func refundIssues() -> [OrderValidationIssue] {
        var issues: [OrderValidationIssue] = []
        for (index, refund) in refunds.enumerated() {
            issues += refundProblems(refund, after: Array(refunds[..<index])).map {
                OrderValidationIssue(field: "refunds[\(index)]" + ($0.field.isEmpty ? "" : "." + $0.field), problem: $0.problem)
            }
        }
        return issues
    }

    /// What is wrong with `refund` coming after `earlier`; fields relative to the refund.
    private func refundProblems(_ refund: Refund, after earlier: [Refund]) -> [OrderValidationIssue] {
        var problems: [OrderValidationIssue] = []
        func problem(_ field: String, _ text: String) { problems.append(OrderValidationIssue(field: field, problem: text)) }
        if let text = OrderNumber.problem(withNumber: refund.id) { problem("id", text) }
        if earlier.contains(where: { $0.id == refund.id }) { problem("id", "\"\(refund.id)\" is already a refund of this order") }
        if let text = amountProblem(refund.amount) { problem("amount", text) }
        if let text = amountProblem(refund.shipping) { problem("shipping", text) }
        guard problems.isEmpty else { return problems }
        if refund.shipping > refund.amount {
            problem("shipping", "\(currency.plainText(refund.shipping)) of shipping is more than the refund's amount (\(currency.plainText(refund.amount)))")
        }
        let shippingStillLeft = shippingLeft(after: earlier)
        if refund.shipping > shippingStillLeft {
            problem("shipping", "only \(currency.plainText(shippingStillLeft)) \(currency.code) of shipping "
                    + "is left to give back, not \(currency.plainText(refund.shipping))")
        }
        var returning: [Int: Int] = [:]
        for line in refund.lines {
            guard items.indices.contains(line.line) else {
                problem("lines", "the order has no line \(line.line + 1) (it has \(items.count))")
                continue
            }
            guard (1...MoneyLimits.maximumQuantity).contains(line.quantity) else {
                problem("lines", "returns \(line.quantity) of line \(line.line + 1); at least 1 and at most what was bought")
                continue
            }
            returning[line.line, default: 0] += line.quantity
        }
        for (index, quantity) in returning.sorted(by: { $0.key < $1.key }) {
            let before = earlier.reduce(0) { sum, refund in refund.lines.reduce(sum) { $1.line == index ? $0 + $1.quantity : $0 } }
            let left = items[index].quantity - before
            if quantity > left {
                let what = items[index].sku.isEmpty ? "line \(index + 1)" : items[index].sku
                problem("lines", "\(quantity) × \(what) cannot come back: \(items[index].quantity) bought, "
                        + "\(before) already returned, so at most \(max(left, 0))")
            }
        }
        let refundedBefore = earlier.reduce(Decimal(0)) { $0 + $1.amount }
        let left = currency.rounded(total - refundedBefore)
        if refund.amount > left {
            problem("amount", "\(currency.plainText(refund.amount)) \(currency.code) is more than was paid and not yet "
                    + "given back (\(currency.plainText(max(left, 0))) of \(currency.plainText(total)) \(currency.code))")
        }
        return problems
    }
}
