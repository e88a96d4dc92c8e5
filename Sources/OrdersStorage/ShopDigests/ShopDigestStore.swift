import OrdersCore

/// The stored order a shop's rows (`ShopRowsDigest`) were last written to or compared with, while
/// it is still at the version it had then.
public struct ShopDigestOwner: Hashable, Sendable {
    public var id: OrderID
    public var reference: OrderReference
}

/// A digest of a shop's rows to store beside its order, in the transaction that wrote the order or
/// compared it unchanged.
public struct ShopDigestRecord: Hashable, Sendable {
    public var id: OrderID
    public var digest: ShopRowsDigest
    /// The version the order was compared at: stored only if the order is still at it. Nil for an
    /// order written earlier in the same transaction: stored at the version it was written at.
    public var version: Int?

    public init(id: OrderID, digest: ShopRowsDigest, version: Int?) {
        self.id = id
        self.digest = digest
        self.version = version
    }
}

/// A store that keeps, per order imported from a shop's file, the digest of the rows it was last
/// written from or compared unchanged with, and the order's version then (SQLite schema 15,
/// PostgreSQL migration 15: `shop_import_digests`). A digest counts only while its order is still
/// at that version: any later write of the order (an operator, a rule, an undo, a shop's pull, an
/// import) moves the version, and the next re-import of that order takes the full path.
public protocol ShopDigestStore: OrderStore {
    /// Every digest whose order is still at the version it was stored at, with its order.
    func currentShopDigests() async throws -> [ShopRowsDigest: ShopDigestOwner]
    /// The current digests (as above) of the orders `ids`.
    func currentShopDigests(of ids: [OrderID]) async throws -> [OrderID: ShopRowsDigest]
    /// `upsert(_:actor:expectedVersions:audit:)`, then `digests` stored, in one transaction.
    func upsert(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int], audit: [AuditEntry],
                digests: [ShopDigestRecord]) async throws
}
