import Foundation
import TerminalText

/// One fact queued for the order's shop, as the detail marks it.
public struct DetailShopFact: Hashable, Sendable {
    public var state: ShopFactState
    /// `sent to eu`, `to send to eu`, `refused by eu`, `dropped, not sent to eu`.
    public var mark: String
    /// What the fact says: `shipment of 1 × MUG-1; tracking CTT-1 (CTT)`.
    public var summary: String
    /// Below the fact: the shop's words for a refusal; for a waiting fact whose send got no
    /// answer, that the shop is asked before it is sent again.
    public var detail: String?

    public init(state: ShopFactState, mark: String, summary: String, detail: String? = nil) {
        self.state = state
        self.mark = mark
        self.summary = summary
        self.detail = detail
    }
}

extension OrderDetailModel {
    /// The facts for the order's shop, each marked as sent, waiting or refused by the shop, made
    /// safe for the terminal (a summary quotes the operator's tracking number and reason, a
    /// refusal the shop's words).
    public var shopFactRows: [DetailShopFact] {
        shopFacts.indices.map(shopFactRow)
    }

    /// The fact at `index` of `shopFacts`, marked (the screen builds only the rows it shows).
    public func shopFactRow(_ index: Int) -> DetailShopFact {
        let queued = shopFacts[index]
        let shop = TerminalText.neutralized(queued.shop)
        let summary = TerminalText.neutralized(queued.fact.summary)
        switch queued.state {
        case .sent:
            return DetailShopFact(state: .sent, mark: "sent to \(shop)", summary: summary, detail: nil)
        case .waiting:
            let detail = queued.attempts > 0 ? "no answer yet: \(shop) is asked whether it has it before it is sent again" : nil
            return DetailShopFact(state: .waiting, mark: "to send to \(shop)", summary: summary, detail: detail)
        case .refused:
            return DetailShopFact(state: .refused, mark: "refused by \(shop)", summary: summary,
                                  detail: queued.refusal.map { TerminalText.neutralized($0) })
        case .dropped:
            // Dropped by an operator (`orders shop drop`): never sent; the shop's words, if it had refused it, stay.
            return DetailShopFact(state: .dropped, mark: "dropped, not sent to \(shop)", summary: summary,
                                  detail: queued.refusal.map { TerminalText.neutralized($0) })
        }
    }
}
