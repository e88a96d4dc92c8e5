import OrdersCore

/// The SQL of `shop_import_digests` (schema 15) shared by both engines; each engine binds its
/// own placeholders. One home for the rule that a digest counts only while its order is still at
/// the version stored with it.
enum ShopDigestSQL {
    /// Joined with the orders, a digest row is current only while its order is at its version.
    static let currentJoin = "shop_import_digests d JOIN orders o ON o.id = d.order_id AND o.version = d.version"

    /// Every current digest and its order: digest, id, source, number.
    static let allCurrent = "SELECT d.digest, o.id, o.source, o.number FROM \(currentJoin)"

    /// The current digests of some orders: id, digest (the engine adds its `WHERE d.order_id …`).
    static let currentOfOrders = "SELECT d.order_id, d.digest FROM \(currentJoin)"

    /// The row as the engine read it (`allCurrent`), or nil for a digest text no build wrote.
    static func owner(digest: String, id: Int, source: String, number: String) -> (ShopRowsDigest, ShopDigestOwner)? {
        guard let digest = ShopRowsDigest(text: digest) else { return nil }
        return (digest, ShopDigestOwner(id: OrderID(id), reference: OrderReference(source: source, number: number)))
    }
}
