import OrdersCore

/// One audit entry as a store keeps it: with the order version the change produced, which
/// the conflict check reads ("what changed since the version you saw"), so a copied
/// database answers conflicts exactly as the original would.
public struct AuditRecord: Hashable, Sendable {
    public var version: Int
    public var entry: AuditEntry

    public init(version: Int, entry: AuditEntry) {
        self.version = version
        self.entry = entry
    }
}
