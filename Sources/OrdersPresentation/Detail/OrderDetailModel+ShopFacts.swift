import Foundation
import OrdersStorage
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
    /// The fact at `index` of `shopFacts`, marked as sent, waiting, refused or dropped, made safe
    /// for the terminal (a summary quotes the operator's tracking number and reason, a refusal the
    /// shop's words); the screen builds only the rows it shows.
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

/// What an operator's `:retry` or `:drop` of an order's refused facts did.
public struct RefusedFactsDecision: Hashable, Sendable {
    /// Sent again (true) or dropped.
    public var retry: Bool
    /// The facts decided on, as the detail says them: `shipment of 1 × MUG-1`.
    public var facts: [String]
    /// The shops they were for, in order, each once.
    public var shops: [String]
    /// Why a fact could not be decided on (it changed meanwhile, the database failed): one sentence.
    public var failure: String?

    public init(retry: Bool, facts: [String] = [], shops: [String] = [], failure: String? = nil) {
        self.retry = retry
        self.facts = facts
        self.shops = shops
        self.failure = failure
    }
}

extension OrderDetailModel {
    /// The order's facts its shop refused, as last read.
    public var refusedShopFacts: [QueuedShopFact] { shopFacts.filter { $0.state == .refused } }

    /// Puts the order's refused facts back to waiting (`retry`: the next pass sends them) or drops
    /// them (never sent, kept for the record), each in a transaction of its own that checks it is
    /// still refused (`ShopOutboxStore.retryShopFact`, `dropShopFact`, as `orders shop retry/drop`);
    /// then reads the order and its facts again.
    public func decideRefusedFacts(retry: Bool) async -> RefusedFactsDecision {
        var decision = RefusedFactsDecision(retry: retry)
        guard let outbox = list.store as? any ShopOutboxStore else { return decision }
        for queued in refusedShopFacts {
            do {
                if retry {
                    try await outbox.retryShopFact(queued.id, of: queued.shop)
                } else {
                    try await outbox.dropShopFact(queued.id, of: queued.shop, at: environment.now())
                }
                decision.facts.append(TerminalText.neutralized(queued.fact.summary))
                if !decision.shops.contains(queued.shop) { decision.shops.append(TerminalText.neutralized(queued.shop)) }
            } catch {
                decision.failure = TerminalText.neutralized("\(error)")
                break
            }
        }
        load()
        await waitForPendingWork()
        return decision
    }
}
