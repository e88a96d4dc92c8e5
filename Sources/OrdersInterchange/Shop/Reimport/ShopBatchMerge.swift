import Foundation
import OrdersCore
import OrdersStorage

/// A batch of a shop's orders merged with what the store holds: the one home of what a re-import
/// does order by order, for a file's chunk (`ShopImporter`) and a pulled page (`ShopSync`) alike.
/// A stored order is merged by `ShopOwnership` (the shop's fields updated, the operators' work
/// kept, conflicts named), first without its history, which is read only when the shop changed
/// something (an unchanged batch reads none); a new order takes the next free key; an order the
/// merge leaves invalid is a problem, not written. The team's rules run on each new order (an
/// arrival) and each changed one (a change) here, before it is written (`applyRules`).
///
/// An entry read from a file's rows carries their digest (`ShopRowsDigest`); the merge says which
/// digests may be stored (`digests`): those whose next full merge is known to say "unchanged" with
/// no conflict, which is exactly what a re-import that skips an order on its digest reports.
package struct ShopBatchMerge {
    package struct Entry {
        var location: RecordLocation
        package var order: Order
        /// The digest of the file's rows this order was mapped from; nil for a pulled page or JSON.
        var digest: ShopRowsDigest? = nil

        package init(location: RecordLocation, order: Order, digest: ShopRowsDigest? = nil) {
            self.location = location
            self.order = order
            self.digest = digest
        }
    }

    /// The orders to write, and the stored version each changed one was merged with.
    package var toWrite: [Order] = []
    package var expectedVersions: [OrderID: Int] = [:]
    package var outcome = ShopImportOutcome()
    package var problems: [ImportProblem] = []
    /// What the rules changed, written with the orders (`OrderStore.upsert`'s `audit`).
    package var audit: [AuditEntry] = []
    /// The digests to store with the orders (`OrderWriteTransaction.recordShopDigests`).
    var digests: [ShopDigestRecord] = []
    /// The rules as they are after this batch (their round-robin turns taken): the next batch's.
    package var rules: RuleBook

    /// Merges `entries` (no order twice) with `stored` (the store's orders of the same references).
    /// `nextKey` is the key the next new order takes; `each` is called once per entry, for progress.
    package static func merge(_ entries: [Entry], file: String, stored: [Order], history: (OrderID) async throws -> [AuditEntry],
                      nextKey: inout Int, actor: String, at date: Date, rules: RuleBook,
                      each: () -> Void = {}) async throws -> ShopBatchMerge {
        var result = ShopBatchMerge(rules: rules)
        var byReference: [OrderReference: Order] = [:]
        for order in stored { byReference[order.reference] = order }
        for entry in entries {
            defer { each() }
            let incoming = entry.order
            var written: Order
            let isNew: Bool
            if let stored = byReference[incoming.reference] {
                var merge = ShopOwnership.merge(incoming, into: stored, history: [], actor: actor, at: date)
                if StoreRules.isSame(merge.order, as: stored) {
                    result.outcome.unchanged += 1
                    if let digest = entry.digest {
                        result.digests.append(ShopDigestRecord(id: stored.id, digest: digest, version: stored.version))
                    }
                    continue
                }
                merge = ShopOwnership.merge(incoming, into: stored, history: try await history(stored.id), actor: actor, at: date)
                result.outcome.conflicts += merge.conflicts
                // Unchanged with its history (an operator's status kept): the same history at the
                // same version gives the same answer, so its digest is stored, unless the merge
                // found a conflict, which every re-import must read the order again to report.
                if StoreRules.isSame(merge.order, as: stored) {
                    result.outcome.unchanged += 1
                    if let digest = entry.digest, merge.conflicts.isEmpty {
                        result.digests.append(ShopDigestRecord(id: stored.id, digest: digest, version: stored.version))
                    }
                    continue
                }
                written = merge.order
                result.expectedVersions[stored.id] = stored.version
                isNew = false
            } else {
                written = incoming
                written.id = OrderID(nextKey)
                nextKey += 1
                isNew = true
            }
            let issues = written.validationIssues()
            guard issues.isEmpty else {
                result.problems += issues.map {
                    ImportProblem(file: file, location: entry.location, field: $0.field, problem: $0.problem)
                }
                continue
            }
            try await result.applyRules(to: &written, isNew: isNew, history: history, at: date)
            if isNew { result.outcome.new.append(written.reference) } else { result.outcome.updated.append(written.reference) }
            if written.statedTotalDifference != nil { result.outcome.totalMismatches.append(written.reference) }
            // Stored with the written order only when merging the same rows into it again changes
            // nothing (a rule may have changed what the shop owns, and then the next full merge would not).
            if let digest = entry.digest,
               StoreRules.isSame(ShopOwnership.merge(incoming, into: written, history: [], actor: actor, at: date).order,
                                 as: written) {
                result.digests.append(ShopDigestRecord(id: written.id, digest: digest, version: nil))
            }
            result.toWrite.append(written)
        }
        return result
    }

    /// The one place rules run on what an import or a pull writes: a new order's arrival or a
    /// stored order's change. What they change is written with the order, in the same
    /// transaction; that write does not come back here, so rules never trigger rules.
    private mutating func applyRules(to order: inout Order, isNew: Bool, history: (OrderID) async throws -> [AuditEntry],
                                     at date: Date) async throws {
        let event: RuleEvent = isNew ? .arrive : .change
        guard rules.hasRules(for: event) else { return }
        let past = isNew ? [] : try await history(order.id)
        audit += rules.apply(to: &order, event: event, history: past, at: date).entries
    }
}
