import Foundation
import OrdersCore
import OrdersStorage

/// Sends facts to one platform's shop. Each send of a fact that makes something in the shop is
/// preceded by `journal.beginAttempt` (committed), so a send whose answer is lost, or a syncer killed
/// before it wrote the answer down, is known to have maybe happened: the next delivery of that fact
/// (`attempts` > 0) first asks the shop whether it has the fact, by the shop's ids it had before
/// the send (`seenBefore`) and the fact's details, and sends only when it does not.
protocol ShopFactSender {
    /// Delivers the fact of `order` (the shop's id in `order.shopOrderID`); returns the shop's ids of
    /// what it made. Throws `ShopPushError.refused` with the shop's words, `.lostAnswer` when no
    /// answer came, and `ShopSyncError` when the shop cannot be asked at all.
    mutating func deliver(_ fact: QueuedShopFact, of order: Order, shopOrderID: String, journal: ShopFactJournal) async throws
        -> [String: String]
}

/// Where a sender writes down how far one fact's sending has come, each write committed at once.
struct ShopFactJournal: Sendable {
    let store: any ShopOutboxStore
    let id: Int64

    /// A send begins: counted, with the shop's ids of its records of that kind before it.
    func beginAttempt(seenBefore: [String]) async throws {
        try await store.beginShopFactAttempt(id, seenBefore: seenBefore)
    }

    /// A step the shop has taken, for a fact sent in steps (WooCommerce's note, then its status).
    func recordStep(_ shopIDs: [String: String]) async throws {
        try await store.recordShopFactStep(id, shopIDs: shopIDs)
    }

    /// Where a fact's idempotency key is kept among its ids while its answer is unknown.
    static let keyID = "key"

    /// The idempotency key every send of `queued` carries (a refund's): the one written down before an
    /// earlier send, else a new one, written down (committed) before this send goes out, so a send whose
    /// answer is lost is repeated with the same key. `ShopPush` drops it when the fact is refused.
    func idempotencyKey(of queued: QueuedShopFact) async throws -> String {
        if let key = queued.shopIDs[Self.keyID] { return key }
        let key = UUID().uuidString.lowercased()
        try await recordStep(queued.shopIDs.merging([Self.keyID: key]) { $1 })
        return key
    }
}
