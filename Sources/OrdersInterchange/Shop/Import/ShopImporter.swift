import Foundation
import OrdersCore
import OrdersStorage

/// Imports a shop's export: the one service the command line and the app call. Input file →
/// format → reader → mapping → merge with the store (`ShopOwnership`) → one transaction, with
/// progress told as it goes and every problem returned as data (`ShopImportReport`).
///
/// Why the file is checked before the store is opened: a file with problems must import nothing
/// by default, and the report must name every problem before anything is written (a refused file
/// creates no database). So the first pass streams the file through the readers and the mapping,
/// keeping the problems and counts, without opening the store; the second goes through its orders
/// a chunk at a time, looks each chunk's orders up in the store in one query, merges and writes
/// them inside one transaction (`OrderStore.writeAllOrNothing`), so a kill at any moment leaves
/// the store as it was or with the whole file. The first pass keeps the orders it mapped while
/// they come from at most `keptFileBytes` of the file, so the second takes them as they are and a
/// file of that size is parsed once; a bigger one (a million orders cannot be held in memory) is
/// dropped as it passes the limit and streamed again. Problems only a merge can show (an order the
/// merge leaves invalid) roll the transaction back, unless the caller skips invalid orders.
///
/// An unchanged order of a re-imported CSV costs a digest (`ShopRowsDigest`): when the database
/// already exists (`existingStore`), the digests of the rows each order was last written from are
/// read first (`ShopDigestStore`), and an order whose rows digest to one of them, its stored order
/// not changed since, is set aside unread in both passes (`ShopDigestedRows`). Its rows mapped
/// cleanly when the digest was stored, under the same reading code, format, options and header,
/// so it has no problem to report; inside the transaction its digest is checked again, and an
/// order changed meanwhile is read, mapped and merged after all. The merge stores the digests
/// with the orders, in the same transaction (`ShopBatchMerge.digests`).
///
/// Cancelling the task that runs it (the app's Esc) stops it between chunks: while reading it
/// throws `CancellationError` before the store is opened; while writing the error rolls the
/// transaction back, so a cancelled import writes nothing.
public struct ShopImporter: Sendable {
    public var options: ShopImportOptions
    /// About how many CSV rows one chunk holds (whole orders: a chunk never splits one).
    public var chunkRows: Int
    /// The most of a file whose mapped orders the first pass keeps for the second: a file up to
    /// this size is parsed once. (What the kept orders cost in memory is still to be measured:
    /// `./dev bench import` prints the peak RSS of a 200,000-order, about 100 MiB, file.)
    public var keptFileBytes: Int

    public init(options: ShopImportOptions, chunkRows: Int = 4_000, keptFileBytes: Int = 128 << 20) {
        self.options = options
        self.chunkRows = chunkRows
        self.keptFileBytes = keptFileBytes
    }

    /// Imports `input`. Throws `ImportError` when the file as a whole cannot be read (missing,
    /// not a shop export, broken CSV); `openStore` is called only when the file is worth
    /// comparing with the store. Each changed order is written only over the version it was
    /// merged with; on a store whose transaction cannot span calls an operator's change made
    /// meanwhile is a conflict, and the file is compared again (up to three times). `actor` names
    /// who the audit log says imported, once the store is open (it may ask the store).
    /// `existingStore` is the store when it exists already (nil when opening it would create it):
    /// opened before the file is read, for the digests of the orders it holds, and then used
    /// instead of `openStore`.
    public func run(_ input: ShopImportInput, dryRun: Bool, at date: Date,
                    existingStore: () async throws -> (any OrderStore)? = { nil },
                    openStore: () async throws -> any OrderStore, actor: (any OrderStore) -> String,
                    progress: (ShopImportProgress) -> Void = { _ in }) async throws -> ShopImportReport {
        let early = try await existingStore()
        var known: [ShopRowsDigest: ShopDigestOwner] = [:]
        if let digestStore = early as? any ShopDigestStore { known = try await digestStore.currentShopDigests() }
        var read = try self.read(input, known: known, progress: progress)
        try Task.checkCancellation()
        var report = ShopImportReport(fileName: read.fileName, format: read.format, orderCount: read.orderCount,
                                      ignoredColumns: read.ignoredColumns, outcome: ShopImportOutcome(), refusal: [],
                                      dryRun: dryRun)
        let skipsInvalid = options.skipsInvalid || dryRun
        if !read.problems.isEmpty, !skipsInvalid {
            report.refusal = read.problems
            return report
        }
        let store: any OrderStore
        if let early { store = early } else { store = try await openStore() }
        let actor = actor(store)
        var attempt = 1
        while true {
            do {
                let rules = try await StoreRuleBook.load(from: store, now: date)
                let compared: Compared
                if dryRun {
                    compared = try await compare(input, with: StagedOrderWrites(store: store), writes: false,
                                                 read: read, actor: actor, at: date, rules: rules, progress: progress)
                } else {
                    compared = try await store.writeAllOrNothing(actor: actor) { transaction in
                        let compared = try await compare(input, with: transaction, writes: true,
                                                         read: read, actor: actor, at: date, rules: rules, progress: progress)
                        // Rolls everything back: the problems are reported, nothing is written.
                        if !compared.problems.isEmpty, !skipsInvalid { throw ImportError(problems: compared.problems) }
                        return compared
                    }
                }
                // The orders are committed; a turn not recorded only hands the next import's first
                // round-robin order to the same person again, so it does not fail the import.
                if !dryRun { try? await StoreRuleBook.recordTurns(of: compared.rules, in: store) }
                report.outcome = compared.outcome
                let problems = read.problems + compared.problems
                if !problems.isEmpty { report.outcome.skipped = problems }
                return report
            } catch OrderStoreError.conflict where attempt < 3 {
                attempt += 1
            } catch is SetAsideOrderChanged where read.kept != nil {
                // Rolled back; the file is read again, each chunk's rows at hand (once: they then always are).
                read.kept = nil
            } catch let error as ImportError {
                report.refusal = read.problems + error.problems
                return report
            }
        }
    }

    /// How the file's orders are digested: `known` the store's current digests.
    private func digesting(_ known: [ShopRowsDigest: ShopDigestOwner]) -> ShopFileChunks.Digesting {
        ShopFileChunks.Digesting(source: options.source, known: known)
    }

    /// The first pass: every problem of reading and mapping, and the counts. An order set aside
    /// by its digest has none (it had none when the digest was stored) and is counted as read.
    private func read(_ input: ShopImportInput, known: [ShopRowsDigest: ShopDigestOwner],
                      progress: (ShopImportProgress) -> Void) throws(ImportError) -> FirstPass {
        var chunks = try ShopFileChunks(input, format: options.format, zone: options.zone, mapping: options.mapping,
                                        chunkRows: chunkRows, digesting: digesting(known))
        var mapping = ChunkMapping(fileName: chunks.fileName, source: options.source ?? options.mapping?.source)
        var problems: [ImportProblem] = []
        var orderCount = 0
        var valid = 0
        var kept: [KeptChunk]? = []
        // A cancelled import stops here and `run` throws; what was read so far is thrown away.
        while !Task.isCancelled, let contents = try chunks.nextChunk() {
            let chunk = mapping.map(contents)
            problems += chunk.problems
            valid += chunk.entries.count + chunk.unread.count
            orderCount += chunk.entries.count + chunk.unread.count + Set(chunk.problems.map(\.location)).count
            // A file with problems is refused unless they are skipped: its orders are not needed.
            if chunks.bytesRead > keptFileBytes || (!problems.isEmpty && !options.skipsInvalid) { kept = nil }
            kept?.append(KeptChunk(entries: chunk.entries, unread: chunk.unread.map { $0.withoutRows() },
                                   bytesRead: chunks.bytesRead))
            progress(ShopImportProgress(phase: .reading, orders: orderCount, totalOrders: nil,
                                        bytesRead: chunks.bytesRead, totalBytes: chunks.totalBytes))
        }
        return FirstPass(fileName: chunks.fileName, format: chunks.format, orderCount: orderCount, validOrders: valid,
                         problems: problems, ignoredColumns: chunks.ignoredColumns, totalBytes: chunks.totalBytes, kept: kept,
                         known: known)
    }

    /// The second pass: each chunk's orders looked up at once, merged, and (when `writes`)
    /// written through the transaction; the outcome and the problems the merge found.
    private func compare(_ input: ShopImportInput, with transaction: any OrderWriteTransaction, writes: Bool,
                         read: FirstPass, actor: String, at date: Date, rules: RuleBook,
                         progress: (ShopImportProgress) -> Void) async throws -> Compared {
        var chunks = try SecondPassChunks(input, read: read, options: options, chunkRows: chunkRows,
                                          digesting: digesting(read.known))
        var compared = Compared(rules: rules)
        var nextKey = try await transaction.firstFreeKey()
        var done = 0
        let lateMapping = ChunkMapping(fileName: read.fileName, source: options.source ?? options.mapping?.source)
        while let chunk = try chunks.next() {
            // Inside the transaction this rolls everything back: a cancelled import writes nothing.
            try Task.checkCancellation()
            // The first pass has the reading problems; these orders are the ones without.
            let (mapped, unread, bytesRead) = chunk
            // An order set aside is unchanged while its stored order still holds its digest, as
            // seen inside this transaction; one changed since the first pass looked is read now.
            let current = try await transaction.currentShopDigests(of: unread.map(\.owner.id))
            var entries = mapped
            for order in unread {
                if current[order.owner.id] == order.digest {
                    compared.outcome.unchanged += 1
                    done += 1
                    progress(ShopImportProgress(phase: .writing, orders: done, totalOrders: read.validOrders,
                                                bytesRead: bytesRead, totalBytes: read.totalBytes))
                    continue
                }
                // Its rows were not kept from the first pass: the whole file is compared again, read anew.
                if order.records.isEmpty { throw SetAsideOrderChanged() }
                switch lateMapping.mapLate(order, zone: options.zone) {
                case .success(let entry): entries.append(entry)
                case .failure(let error): compared.problems += error.problems
                }
            }
            // In file order, as the orders came: new orders take their keys in that order.
            if entries.count > mapped.count {
                entries.sort { ChunkMapping.position(of: $0.location) < ChunkMapping.position(of: $1.location) }
            }
            let stored = try await transaction.orders(numberedAmong: entries.map(\.order.reference))
            let merged = try await ShopBatchMerge.merge(
                entries.map { ShopBatchMerge.Entry(location: $0.location, order: $0.order, digest: $0.digest) },
                file: read.fileName,
                stored: stored, history: { try await transaction.history(of: $0) }, nextKey: &nextKey, actor: actor, at: date,
                rules: compared.rules, each: {
                    done += 1
                    progress(ShopImportProgress(phase: .writing, orders: done, totalOrders: read.validOrders,
                                                bytesRead: bytesRead, totalBytes: read.totalBytes))
                })
            compared.outcome.add(merged.outcome)
            compared.problems += merged.problems
            compared.rules = merged.rules
            let toWrite = merged.toWrite, expectedVersions = merged.expectedVersions, audit = merged.audit
            // Once a merge has found a problem that refuses the file, writing more is wasted work.
            if writes, compared.problems.isEmpty || options.skipsInvalid {
                try await transaction.upsert(toWrite, expectedVersions: expectedVersions, audit: audit)
                // After their orders, so a written order's digest is stored at the version written.
                try await transaction.recordShopDigests(merged.digests)
            }
        }
        return compared
    }

    /// What the first pass learnt of the file.
    private struct FirstPass {
        var fileName: String
        var format: ShopFormat
        var orderCount: Int
        /// The orders without a reading or mapping problem: those the second pass compares.
        var validOrders: Int
        var problems: [ImportProblem]
        var ignoredColumns: [String]
        var totalBytes: Int
        /// The orders mapped, a chunk at a time, when the file was small enough to keep them.
        var kept: [KeptChunk]?
        /// The store's digests the first pass set orders aside by; the second sets aside the same.
        var known: [ShopRowsDigest: ShopDigestOwner]
    }

    /// One chunk's orders that read and mapped well, those set aside by their digest, and how
    /// much of the file was read by its end.
    private struct KeptChunk {
        var entries: [ChunkMapping.Entry]
        var unread: [ShopDigestedRows.UnreadOrder]
        var bytesRead: Int
    }

    /// The chunks of the second pass: those the first kept, or the file read and mapped again.
    private struct SecondPassChunks {
        private var kept: IndexingIterator<[KeptChunk]>?
        private var chunks: ShopFileChunks?
        private var mapping: ChunkMapping?

        init(_ input: ShopImportInput, read: FirstPass, options: ShopImportOptions, chunkRows: Int,
             digesting: ShopFileChunks.Digesting) throws(ImportError) {
            if let kept = read.kept {
                self.kept = kept.makeIterator()
                return
            }
            let chunks = try ShopFileChunks(input, format: read.format, zone: options.zone, mapping: options.mapping,
                                            chunkRows: chunkRows, digesting: digesting)
            mapping = ChunkMapping(fileName: chunks.fileName, source: options.source ?? options.mapping?.source)
            self.chunks = chunks
        }

        mutating func next() throws(ImportError)
            -> (entries: [ChunkMapping.Entry], unread: [ShopDigestedRows.UnreadOrder], bytesRead: Int)? {
            if kept != nil { return kept?.next().map { ($0.entries, $0.unread, $0.bytesRead) } }
            guard let contents = try chunks?.nextChunk(), let chunk = mapping?.map(contents) else { return nil }
            // The first pass has the reading problems; these orders are the ones without.
            return (chunk.entries, chunk.unread, chunks?.bytesRead ?? 0)
        }
    }

    /// An order set aside by its digest in the first pass, kept without its rows, changed before
    /// the second pass looked inside the transaction.
    private struct SetAsideOrderChanged: Error {}

    /// What the second pass found.
    private struct Compared: Sendable {
        var outcome = ShopImportOutcome()
        var problems: [ImportProblem] = []
        var rules: RuleBook
    }
}
