import Foundation

/// What sending one shop's waiting facts did: each fact sent, refused by the shop (with its words),
/// or left waiting because no answer came; and why the push stopped, if it did.
public struct ShopPushReport: Sendable, Hashable {
    public var shop: String
    /// `#1001: shipment of 2 × MUG-1; tracking CTT-1 (CTT)`, one for each fact sent.
    public var sent: [String] = []
    /// `#1001: cancellation (…): the shop's words`, one for each fact the shop refused in this pass.
    public var refused: [String] = []
    /// Facts that stay waiting: no answer came, and the next sync asks the shop before sending again.
    public var notSent: [String] = []
    /// Why the push stopped early, in one sentence (the credential redacted); nil when it went through.
    public var failure: String?

    public init(shop: String) {
        self.shop = shop
    }

    /// Whether there was anything to send (or the push could not begin): a report worth telling.
    public var didSomething: Bool { !sent.isEmpty || !wentThrough }

    /// Whether every waiting fact reached the shop.
    public var wentThrough: Bool { refused.isEmpty && notSent.isEmpty && failure == nil }

    /// `shop: sent 2 facts, 1 refused by the shop, 1 left to send` (and why it stopped).
    public var summary: String {
        var text = "\(shop): sent \(sent.count) fact\(sent.count == 1 ? "" : "s")"
        if !refused.isEmpty { text += ", \(refused.count) refused by the shop" }
        if !notSent.isEmpty { text += ", \(notSent.count) left to send" }
        if let failure { text += "; stopped: \(failure)" }
        return text
    }
}
