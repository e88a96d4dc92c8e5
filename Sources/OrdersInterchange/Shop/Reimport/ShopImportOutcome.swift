import Foundation
import OrdersCore

/// What a shop import did (or, in a dry run, would do).
public struct ShopImportOutcome: Hashable, Sendable {
    /// Orders the store did not have.
    public var new: [OrderReference] = []
    /// Stored orders the file changed (what the shop owns; `ShopOwnership`).
    public var updated: [OrderReference] = []
    /// Stored orders the file says nothing new about: not written.
    public var unchanged: Int = 0
    public var conflicts: [ShopConflict] = []
    /// Orders whose stated total differs from the one recomputed from their lines: kept as the shop
    /// stated it and shown, never corrected.
    public var totalMismatches: [OrderReference] = []
    /// Problems of orders left out because of them (`--skip-invalid`).
    public var skipped: [ImportProblem] = []

    public init(new: [OrderReference] = [], updated: [OrderReference] = [], unchanged: Int = 0, conflicts: [ShopConflict] = [],
                totalMismatches: [OrderReference] = [], skipped: [ImportProblem] = []) {
        self.new = new
        self.updated = updated
        self.unchanged = unchanged
        self.conflicts = conflicts
        self.totalMismatches = totalMismatches
        self.skipped = skipped
    }
}

extension ShopImportOutcome {
    /// Adds what one batch did (`ShopBatchMerge`) to the run's outcome so far: the file import's
    /// chunks and the pull's pages are counted the same way. Skipped orders are the caller's.
    package mutating func add(_ batch: ShopImportOutcome) {
        new += batch.new
        updated += batch.updated
        unchanged += batch.unchanged
        conflicts += batch.conflicts
        totalMismatches += batch.totalMismatches
    }
}
