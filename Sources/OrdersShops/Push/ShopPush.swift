import Foundation
import OrdersStorage

/// Sends one shop's waiting facts, oldest first, each exactly once as the shop sees it: a fact is
/// settled (sent with the shop's ids, or refused with its words) in a transaction of its own after
/// the shop's answer; a send whose answer is lost is asked about before it is sent again
/// (`ShopFactSender`), up to `deliveriesPerPass` times in one pass, then left waiting for the next.
struct ShopPush {
    let store: any ShopSync.Store
    let now: @Sendable () -> Date
    /// How many times one pass delivers a fact whose answers keep being lost.
    static let deliveriesPerPass = 3

    func push(_ shop: ConnectedShop, sender: inout some ShopFactSender, credentials: ShopCredentials,
              into report: inout ShopPushReport) async throws {
        for var queued in try await store.shopFacts(of: shop.name, in: .waiting) {
            try Task.checkCancellation()
            guard let order = try await store.order(queued.orderID) else {
                try await refuse(queued, "the order is no longer in this database", number: "order \(queued.orderID)", into: &report)
                continue
            }
            let name = "\(order.number): \(queued.fact.summary)"
            guard let shopOrderID = order.shopOrderID, !shopOrderID.isEmpty else {
                try await refuse(queued, "the order has no id of the shop's", number: order.number, into: &report)
                continue
            }
            let journal = ShopFactJournal(store: store, id: queued.id)
            var deliveries = 0
            while true {
                deliveries += 1
                do {
                    let ids = try await sender.deliver(queued, of: order, shopOrderID: shopOrderID, journal: journal)
                    try await store.settleShopFact(queued.id, as: .sent, shopIDs: ids, refusal: nil, at: now())
                    report.sent.append(name)
                } catch ShopPushError.refused(let words) {
                    let sentence = credentials.redacted(words)
                    // A refused send's idempotency key is not kept: an operator's retry is a new request.
                    try await store.settleShopFact(queued.id, as: .refused, shopIDs: queued.shopIDs.filter { $0.key != ShopFactJournal.keyID },
                                                   refusal: sentence, at: now())
                    report.refused.append("\(name): \(sentence)")
                } catch ShopPushError.lostAnswer(let sentence) {
                    // What the attempts wrote down (their count, the ids seen before, steps taken) is read
                    // again: the next delivery asks the shop first.
                    guard deliveries < Self.deliveriesPerPass,
                          let again = try await store.shopFacts(of: shop.name, in: .waiting).first(where: { $0.id == queued.id }) else {
                        report.notSent.append("\(name): \(credentials.redacted(sentence))")
                        break
                    }
                    queued = again
                    continue
                }
                break
            }
        }
    }

    /// Refused here, before the shop is asked: the fact cannot be sent as it is.
    private func refuse(_ queued: QueuedShopFact, _ reason: String, number: String, into report: inout ShopPushReport) async throws {
        try await store.settleShopFact(queued.id, as: .refused, shopIDs: queued.shopIDs, refusal: reason, at: now())
        report.refused.append("\(number): \(queued.fact.summary): \(reason)")
    }
}
