@testable import OrdersCore

extension Array where Element == AuditEntry {
    /// The entries without their ids, for tests about what a history says; `HistorySourceTests`
    /// holds the ids themselves (one ascending sequence per store, exact on a new one).
    var unnumbered: [AuditEntry] {
        map { entry in
            var entry = entry
            entry.id = nil
            return entry
        }
    }
}
