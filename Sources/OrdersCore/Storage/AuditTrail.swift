import Foundation

/// The rules every store follows for one update, whatever keeps its data.
enum AuditTrail {
    /// Applies `mutations` to `order` if it is still at `expectedVersion`, returning the audit
    /// entries to store. A moved-on version throws `.conflict` naming the fields changed since
    /// (read lazily through `entriesSince`, only when there is a conflict); a refused status
    /// change throws `.invalidTransition`. On any error `order` is left as it was.
    /// Appends only (notes, tags) skip the version check: they apply to the latest version,
    /// so two operators adding notes at once both succeed and nothing is overwritten.
    static func applyUpdate(
        to order: inout Order, expectedVersion: Int, mutations: [OrderMutation], actor: String, at date: Date,
        entriesSince: (_ version: Int?) throws -> [AuditEntry]
    ) throws -> [AuditEntry] {
        guard order.version == expectedVersion || mutations.allSatisfy(\.isAppend) else {
            throw OrderStoreError.conflict(current: order, expectedVersion: expectedVersion,
                                           changedFields: changedFields(in: try entriesSince(expectedVersion)))
        }
        let history = mutations.contains(where: \.isUndo) ? OrderChangeHistory(try entriesSince(nil)) : nil
        do {
            return try order.applyRecordingUndo(mutations, actor: actor, at: date, history: history)
        } catch let error as StatusTransitionError {
            throw OrderStoreError.invalidTransition(error)
        }
    }

    /// The distinct fields changed by the given entries, in the order they first changed.
    static func changedFields(in entries: some Sequence<AuditEntry>) -> [String] {
        var seen = Set<String>()
        var fields: [String] = []
        for entry in entries where entry.isForPeople && seen.insert(entry.field).inserted {
            fields.append(entry.field)
        }
        return fields
    }
}
