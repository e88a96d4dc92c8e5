import Foundation

/// Imports a shop's export: reads and maps it (`plan`), then merges it with what the store holds
/// and writes every new and changed order in one transaction (`write`). Importing the same file
/// again writes nothing; a newer one updates what the shop owns and keeps what the operators own
/// (`ShopOwnership`).
public enum ShopImporter {
    /// Reads and maps the file. Throws when nothing of it can be read (not a shop export, not
    /// CSV or JSON); each order's own problems are in the plan.
    public static func plan(_ bytes: [UInt8], fileName: String, options: ShopImportOptions) throws(ImportError) -> ShopImportPlan {
        guard let format = options.mapping != nil ? .mappedCSV : options.format ?? ShopFileReader.detect(bytes) else {
            throw ImportError(problems: [ImportProblem(file: fileName, location: .file, field: nil,
                                                       problem: "is not a Shopify or WooCommerce export (name the format with --format)")])
        }
        let contents = try ShopFileReader.contents(of: bytes, fileName: fileName, format: format, zone: options.zone,
                                                  mapping: options.mapping)
        let mapper = ShopOrderMapper(source: options.source ?? options.mapping?.source)
        var entries: [ShopImportPlan.Entry] = []
        var problems = contents.problems
        var firstSeen: [OrderReference: RecordLocation] = [:]
        for shopOrder in contents.orders {
            switch mapper.order(from: shopOrder, file: fileName) {
            case .success(let order):
                if let first = firstSeen[order.reference] {
                    problems.append(ImportProblem(file: fileName, location: shopOrder.location, field: nil,
                                                  problem: "order \(order.number) is in the file already (\(first))"))
                    continue
                }
                firstSeen[order.reference] = shopOrder.location
                entries.append(ShopImportPlan.Entry(location: shopOrder.location, order: order))
            case .failure(let error):
                problems += error.problems
            }
        }
        problems.sort { order(of: $0.location) < order(of: $1.location) }
        let failed = Set(problems.map(\.location)).count
        return ShopImportPlan(fileName: fileName, format: format, entries: entries, problems: problems,
                              ignoredColumns: contents.ignoredColumns, orderCount: entries.count + failed)
    }

    /// Merges the plan with the store and, unless `dryRun`, writes the new and changed orders in
    /// one transaction. A plan with problems writes nothing and throws them, unless `skipsInvalid`.
    /// `progress` hears how many of the file's orders have been compared with the store. Each
    /// changed order is written only over the version it was merged with: when an operator changed
    /// one meanwhile, the whole file is compared again (up to three times), so nothing of theirs is lost.
    public static func write(_ plan: ShopImportPlan, into store: some OrderStore, actor: String, at date: Date,
                             skipsInvalid: Bool, dryRun: Bool,
                             progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) async throws -> ShopImportOutcome {
        var attempt = 1
        while true {
            let merged = try await merge(plan, with: store, actor: actor, at: date, progress: progress)
            var outcome = merged.outcome
            if !merged.problems.isEmpty {
                guard skipsInvalid else { throw ImportError(problems: merged.problems) }
                outcome.skipped = merged.problems
            }
            guard !dryRun, !merged.orders.isEmpty else { return outcome }
            do {
                try await store.upsert(merged.orders, actor: actor, expectedVersions: merged.expectedVersions)
                return outcome
            } catch OrderStoreError.conflict where attempt < 3 {
                attempt += 1
            }
        }
    }

    /// The orders to write (new ones with fresh keys, changed ones merged with the stored ones by
    /// `ShopOwnership`), the versions they were merged with, what the import does, and the
    /// problems of the orders the merge leaves invalid.
    private static func merge(_ plan: ShopImportPlan, with store: some OrderStore, actor: String, at date: Date,
                              progress: (_ done: Int, _ total: Int) -> Void) async throws
        -> (orders: [Order], expectedVersions: [OrderID: Int], outcome: ShopImportOutcome, problems: [ImportProblem]) {
        var problems = plan.problems
        var outcome = ShopImportOutcome()
        var toWrite: [Order] = []
        var expectedVersions: [OrderID: Int] = [:]
        var nextKey = try await firstFreeKey(in: store)
        for (index, entry) in plan.entries.enumerated() {
            defer { progress(index + 1, plan.entries.count) }
            let incoming = entry.order
            var written: Order
            let isNew: Bool
            if let stored = try await store.orders(numbered: incoming.reference).first {
                var merge = ShopOwnership.merge(incoming, into: stored, history: [], actor: actor, at: date)
                if StoreRules.isSame(merge.order, as: stored) {
                    outcome.unchanged += 1
                    continue
                }
                // Only an order the file changes has its history read: an unchanged file reads none.
                merge = ShopOwnership.merge(incoming, into: stored, history: try await store.history(of: stored.id),
                                            actor: actor, at: date)
                outcome.conflicts += merge.conflicts
                if StoreRules.isSame(merge.order, as: stored) {
                    outcome.unchanged += 1
                    continue
                }
                written = merge.order
                expectedVersions[stored.id] = stored.version
                isNew = false
            } else {
                written = incoming
                written.id = OrderID(nextKey)
                nextKey += 1
                isNew = true
            }
            let issues = written.validationIssues()
            guard issues.isEmpty else {
                problems += issues.map { ImportProblem(file: plan.fileName, location: entry.location, field: $0.field, problem: $0.problem) }
                continue
            }
            if isNew { outcome.new.append(written.reference) } else { outcome.updated.append(written.reference) }
            if written.statedTotalDifference != nil { outcome.totalMismatches.append(written.reference) }
            toWrite.append(written)
        }
        return (toWrite, expectedVersions, outcome, problems)
    }

    /// The key above every key in the store, for the new orders.
    private static func firstFreeKey(in store: some OrderStore) async throws -> Int {
        let newest = try await store.orders(matching: OrderQuery(sort: OrderSort(.id, ascending: false)),
                                            page: PageRequest(offset: 0, limit: 1)).orders.first
        return (newest?.id.number ?? 0) + 1
    }

    /// Problems sort by where they are in the file.
    private static func order(of location: RecordLocation) -> Int {
        switch location {
        case .line(let line): line
        case .index(let index): index
        case .position(let line, _): line
        case .byte(_, let line): line
        case .file: -1
        }
    }
}
