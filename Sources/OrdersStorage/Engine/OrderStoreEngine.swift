import Foundation
import OrdersCore

/// What each database engine (`SQLiteOrderDatabase`, `PostgresOrderDatabase`) does for its store:
/// the same operations under the same names, each engine with its own SQL. The actor owns the
/// connection. `EngineBackedStore` forwards to it once for both engines, so a feature is its
/// engine methods here and one forwarding there, not a façade per engine.
///
/// What only one engine has (the SQLite file's index file and demo seed, the server's dashboard
/// figures, served list and connection health) stays on that engine's store.
protocol OrderStoreEngine: Actor {
    /// An order turned into its rows, ready to insert. Preparing is CPU work, done by the caller
    /// before it waits for the actor, so the connection is held only for the writing.
    associatedtype PreparedOrder: Sendable
    static func prepare(_ orders: [Order]) throws -> [PreparedOrder]

    // MARK: Orders (`OrderStore`)
    func orders(matching query: OrderQuery, page: PageRequest) throws -> OrderPage
    func countsByStatus(matching query: OrderQuery) throws -> [OrderStatus: Int]
    func batch(after afterID: Int, limit: Int) throws -> [Order]
    func indexRows(after afterID: Int, limit: Int) throws -> [OrderIndexRow]
    func order(_ id: OrderID) throws -> Order?
    func orders(withIDs ids: [Int]) throws -> [Order]
    func orders(numbered reference: OrderReference) throws -> [Order]
    func orders(numberedAmong references: [OrderReference]) throws -> [Order]
    func orders(ofCustomer customer: CustomerMatch) throws -> [Order]
    func history(of id: OrderID) throws -> [AuditEntry]
    func operators() throws -> [String]
    /// Each write returns what this process's observers should hear, or nil when nothing changed.
    func insert(_ orders: [PreparedOrder]) throws -> OrderStoreChange?
    /// `digests` (`ShopDigestStore`) are stored after the orders, in the same transaction.
    func upsert(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int], at date: Date,
                audit: [AuditEntry], digests: [ShopDigestRecord]) throws -> OrderStoreChange?
    /// Each order's changes, all in one transaction (at most `OrderUpdateChunks.size`, each order once):
    /// each order's outcome, its own refusal writing nothing; a database error rolls back and is thrown.
    func update(_ changes: [OrderUpdate], actor: String, at date: Date) throws -> ([OrderUpdateOutcome], OrderStoreChange?)

    // MARK: Digests of a shop's rows (`ShopDigestStore`)
    func shopDigests() throws -> [ShopRowsDigest: ShopDigestOwner]
    func shopDigests(of ids: [OrderID]) throws -> [OrderID: ShopRowsDigest]

    // MARK: Copying between stores (`TransferableOrderStore`; receiving differs per engine)
    func transferBatch(after afterID: Int, limit: Int) throws -> OrderTransferBatch

    // MARK: Rules (`RuleStore`)
    func rules() throws -> [Rule]
    func saveRule(_ rule: Rule, replacing: Bool) throws
    func removeRule(named name: String) throws
    func recordTurns(_ turns: [String: Int]) throws
    func ordersChanged(byRules names: [String], in interval: DateInterval) throws -> [String: Int]
    func recordErrors(_ errors: [String: String], at date: Date) throws

    // MARK: Saved views (`ViewStore`)
    func savedViews() throws -> [SavedView]
    func saveView(_ view: SavedView, replacing: Bool, at now: Date) throws -> SavedView
    func renameView(_ name: String, to newName: String, actor: String, at now: Date) throws
    func deleteView(_ name: String) throws

    // MARK: Connected shops (`ShopRegistry`)
    func shops() throws -> [ConnectedShop]
    func addShop(_ shop: ConnectedShop, at date: Date) throws
    func removeShop(named name: String) throws
    func recordPullPage(_ page: ShopPullPage, at date: Date) throws -> OrderStoreChange?
    func recordPullEnd(of shop: String, at date: Date, error: String?) throws

    // MARK: Facts for the shops (`ShopOutboxStore`)
    func shopFacts(of shop: String, in state: ShopFactState) throws -> [QueuedShopFact]
    func shopFacts(of shop: String, kind: ShopFact.Kind, in state: ShopFactState) throws -> [QueuedShopFact]
    func shopFacts(ofOrder id: OrderID) throws -> [QueuedShopFact]
    func beginShopFactAttempt(_ id: Int64, seenBefore: [String]) throws
    func recordShopFactStep(_ id: Int64, shopIDs: [String: String]) throws
    func settleShopFact(_ id: Int64, as state: ShopFactState, shopIDs: [String: String], refusal: String?, at date: Date) throws
    func retryShopFact(_ id: Int64, of shop: String) throws
    func dropShopFact(_ id: Int64, of shop: String, at date: Date) throws
}
