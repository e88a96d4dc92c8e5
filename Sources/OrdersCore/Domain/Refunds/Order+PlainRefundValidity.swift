import Foundation

extension Order {
    /// True only when the order breaks none of the rules `fullValidationIssues()` checks, its
    /// refunds' included (`refundIssues`), decided in whole minor units as `isPlainlyValid`
    /// decides the rest; false when it breaks one or this cannot tell, and the full check then
    /// decides. A shop's export refunds about one order in four, and each went through the
    /// `Decimal` check three times on its way in (mapper, merge, store).
    ///
    /// Each refund is checked against those before it, as `refundProblems` does: an id of its
    /// own, an amount and a shipping part that are plain amounts, shipping no more than the
    /// amount nor than the shipping not yet given back, lines that exist with units bought and
    /// not yet returned, and an amount no more than the total less what was refunded before.
    /// With whole minor units the currency rounding those rules apply changes nothing.
    var refundsArePlainlyValid: Bool {
        guard let total = plainlyValidTotal, let limit = Self.maximumMinorUnits(currency),
              let shipping = plainMinorUnits(of: shipping, limit: limit)
        else { return false }
        var refundedBefore: Int64 = 0
        var shippingBefore: Int64 = 0
        var returnedBefore: [Int: Int] = [:]
        for (index, refund) in refunds.enumerated() {
            guard OrderNumber.problem(withNumber: refund.id) == nil,
                  !refunds[..<index].contains(where: { $0.id == refund.id }),
                  let amount = plainMinorUnits(of: refund.amount, limit: limit),
                  let refundShipping = plainMinorUnits(of: refund.shipping, limit: limit),
                  refundShipping <= amount,
                  let shippingLeft = shipping.subtractingChecked(shippingBefore),
                  refundShipping <= max(shippingLeft, 0),
                  let paidLeft = total.subtractingChecked(refundedBefore), amount <= paidLeft,
                  let returned = Self.plainlyReturnable(refund.lines, of: items, before: returnedBefore),
                  let refunded = refundedBefore.addingChecked(amount),
                  let shipped = shippingBefore.addingChecked(refundShipping)
            else { return false }
            refundedBefore = refunded
            shippingBefore = shipped
            returnedBefore = returned
        }
        return true
    }

    /// The units of each line returned once `lines` come back after `before`, or nil when a line
    /// does not exist, returns no unit or more than were bought and not yet returned.
    private static func plainlyReturnable(_ lines: [RefundLine], of items: [LineItem], before: [Int: Int]) -> [Int: Int]? {
        guard !lines.isEmpty else { return before }
        var returned = before
        for line in lines {
            guard items.indices.contains(line.line), (1...MoneyLimits.maximumQuantity).contains(line.quantity) else { return nil }
            let (sum, overflow) = returned[line.line, default: 0].addingReportingOverflow(line.quantity)
            guard !overflow, sum <= items[line.line].quantity else { return nil }
            returned[line.line] = sum
        }
        return returned
    }
}
