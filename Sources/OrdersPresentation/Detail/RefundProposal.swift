import Foundation
import OrdersCore

/// A refund asked for on the detail, already checked against the order it was asked on (the
/// refund rules of `Order+Refunds`), with the words its confirmation shows.
public struct RefundProposal: Hashable, Sendable {
    /// The record the confirmed refund writes: the order's next refund id, the amount, the reason.
    public var refund: Refund
    /// The version of the order it was checked on: a change arriving meanwhile is refused.
    public var version: Int
    /// The amount with its currency's code, as files write it: "10.00 EUR".
    public var amountText: String
    /// What is left to give back once it is done: "179.00 EUR of 189.00 EUR".
    public var outstandingText: String
    /// What comes back, for a refund of lines: "1 × MUG-1, shipping 4.90 EUR, restocked"; nil for an amount alone.
    public var returnedText: String?

    public init(refund: Refund, version: Int, amountText: String, outstandingText: String, returnedText: String? = nil) {
        self.refund = refund
        self.version = version
        self.amountText = amountText
        self.outstandingText = outstandingText
        self.returnedText = returnedText
    }
}
