import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// The list's index kept as a file beside an SQLite database (`IndexFile`): read back equal to the
/// index written, used at launch only when it is this database's and the change log reaches back
/// to it, and otherwise (missing, stale, of another version, truncated, damaged, another
/// database's) rebuilt from the scan and written again. After every load the list holds exactly
/// the store's answer.
@Suite("Index file beside the database")
@MainActor
struct IndexFileTests {
    /// Demo orders, edge cases and shop fixtures (refunds, places, codes, shop numbers and sources).
    static let orders = IndexRowEquivalenceTests.orders

    /// A database holding `orders` in a directory of its own.
    struct Database {
        let path: String
        let store: SQLiteOrderStore
        var indexPath: String { IndexFileLocation.path(besideDatabase: path) }

        init(_ orders: [Order]) async throws {
            path = try TemporaryDirectory.make().appendingPathComponent("orders.db").path
            store = try SQLiteOrderStore(path: path)
            try await store.insert(orders)
        }

        /// Another connection to the same file: what another `orders` process does.
        func otherProcess() throws -> SQLiteOrderStore { try SQLiteOrderStore(path: path) }
    }

    /// Loads a list over a new connection to the database (a new launch), waits for it and for
    /// the index file's background write, and checks the list against the store's answer.
    func launch(_ database: Database, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> (model: OrderListModel, outcome: IndexFileOutcome?, written: IndexFileWriteResult?) {
        let store = try database.otherProcess()
        let model = OrderListModel(store: store, environment: PresentationFixtures.environment())
        model.load()
        await model.waitForPendingWork()
        #expect(model.loadingState == .loaded, sourceLocation: sourceLocation)
        let source = try #require(model.source as? IndexedListSource, "a SQLite list holds every order", sourceLocation: sourceLocation)
        let written = await source.indexFileWrite?.value
        let answer = try await store.orders(matching: model.query, page: PageRequest(limit: 100_000))
        #expect(model.visibleIDs == answer.orders.map(\.id), "the list is the store's answer", sourceLocation: sourceLocation)
        #expect(model.visibleIDs.count == answer.totalCount, sourceLocation: sourceLocation)
        #expect(model.index.count == answer.totalCount, sourceLocation: sourceLocation)
        return (model, source.indexFileOutcome, written)
    }

    @Test("an index read back from its file equals the index written, every column, table and permutation")
    func roundTrip() throws {
        let index = OrderIndex(Self.orders)
        let path = try TemporaryDirectory.make().appendingPathComponent("orders.db.index").path
        let mark = IndexMark(identity: "8C1E2B4F-0000-4000-8000-000000000015", sequence: 42, schemaVersion: SQLiteSchema.currentVersion)
        try IndexFile.write(index, mark: mark, to: path)
        let read = try IndexFile.read(from: path)
        #expect(read.mark == mark)
        #expect(read.index.count == Self.orders.count)
        #expect(read.index == index)
        #expect(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent) == ["orders.db.index"],
                "no temporary file is left behind")
        // A write cut short by a process that is gone leaves a temporary file: the next write removes it.
        let abandoned = path + ".tmp-999999999-1"
        #expect(FileManager.default.createFile(atPath: abandoned, contents: Data([1, 2, 3])))
        // An empty index too.
        try IndexFile.write(OrderIndex(), mark: mark, to: path)
        #expect(try IndexFile.read(from: path).index == OrderIndex())
        #expect(!FileManager.default.fileExists(atPath: abandoned))
    }

    @Test("read from its file, the index's columns stay in the shared mapping; a change copies only the columns it alters")
    func columnsAreReadInPlace() throws {
        let built = OrderIndex(Self.orders)
        let path = try TemporaryDirectory.make().appendingPathComponent("orders.db.index").path
        let mark = IndexMark(identity: "8C1E2B4F-0000-4000-8000-000000000016", sequence: 7, schemaVersion: SQLiteSchema.currentVersion)
        try IndexFile.write(built, mark: mark, to: path)
        var index = try IndexFile.read(from: path).index
        #expect([index.ids.isMapped, index.created.isMapped, index.text.isMapped, index.flags.isMapped, index.versions.isMapped,
                 index.customerTable.isMapped, index.slotsByID.isMapped] == [true, true, true, true, true, true, true])
        #expect(index.permutations.values.allSatisfy { $0.isMapped })
        #expect(index.memoryFootprint < built.memoryFootprint / 2,
                "read in place: \(index.memoryFootprint) bytes held against \(built.memoryFootprint) built")

        // Another process replaces the file (written anew, renamed over it): the mapped index reads on, unchanged.
        try IndexFile.write(OrderIndex(), mark: mark, to: path)
        #expect(index == built)

        // An order changed elsewhere comes back whole (`upsert`), flagged now and one version on.
        let slot = try #require(index.slot(of: Self.orders[3].id))
        var changed = OrderIndexRow(Self.orders[3])
        changed.flagged.toggle()
        changed.version += 1
        _ = index.upsert(changed)
        #expect(index.isFlagged(slot) == changed.flagged)
        #expect([index.flags.isMapped, index.versions.isMapped] == [false, false], "the altered columns are copied")
        #expect([index.ids.isMapped, index.created.isMapped, index.text.isMapped, index.totals.isMapped, index.customers.isMapped]
                    == [true, true, true, true, true], "the others stay in the mapping")
        var expected = built
        _ = expected.upsert(changed)
        #expect(index == expected)
    }

    @Test("missing at the first launch: built from the scan and written; the next launch reads it")
    func missingThenOpened() async throws {
        let database = try await Database(Self.orders)
        let first = try await launch(database)
        #expect(first.outcome == .rebuilt(.missing))
        #expect(first.written == .written(rows: Self.orders.count))
        let second = try await launch(database)
        #expect(second.outcome == .opened(changedOrders: 0))
        #expect(second.written == nil, "an up-to-date file is not written again")
        #expect(second.model.index == first.model.index, "the index read equals the index built")
    }

    @Test("changed by another process while no list ran (any version of orders writes the change log): the changes are applied")
    func changedByAnotherProcess() async throws {
        let database = try await Database(Self.orders)
        _ = try await launch(database)
        let other = try database.otherProcess()
        let changed = Self.orders[3].id
        let stored = try #require(try await other.order(changed))
        try await other.update(changed, expectedVersion: stored.version, mutations: [.setFlagged(!stored.flagged), .addTag("late")], actor: "ana")
        var added = Self.orders[0]
        added.id = OrderID(900_001)
        added.number = "NEW-1"
        added.source = "shopify"
        try await other.insert([added])

        let reopened = try await launch(database)
        #expect(reopened.outcome == .opened(changedOrders: 2))
        let index = reopened.model.index
        let slot = try #require(index.slot(of: changed))
        #expect(index.isFlagged(slot) == !stored.flagged)
        #expect(index.tags(slot) == stored.tags + ["late"])
        #expect(index.slot(of: added.id).map(index.number) == "NEW-1")
        // The same as an index built from the store now, row by row.
        let built = try await IndexedListSource.buildIndex(from: database.store, batchSize: 97) { _ in }
        #expect(Self.rows(of: index) == Self.rows(of: built))
    }

    @Test("many orders changed elsewhere (more than are inserted one by one): applied, the permutations sorted again")
    func manyChangedByAnotherProcess() async throws {
        let database = try await Database(Self.orders)
        _ = try await launch(database)
        let other = try database.otherProcess()
        var changed: [Order] = []
        for var order in try await other.orders(matching: OrderQuery(), page: PageRequest(limit: 80)).orders {
            order.flagged.toggle()
            order.assignee = "noor"
            changed.append(order)
        }
        try await other.upsert(changed, actor: "ana")
        let reopened = try await launch(database)
        #expect(reopened.outcome == .opened(changedOrders: 80))
        let built = try await IndexedListSource.buildIndex(from: database.store, batchSize: 97) { _ in }
        #expect(Self.rows(of: reopened.model.index) == Self.rows(of: built))
        for sort in OrderSortKey.allCases {
            #expect(reopened.model.index.permutations[sort].map { $0.map(reopened.model.index.id) }
                        == built.permutations[sort].map { $0.map(built.id) }, "\(sort)")
        }
    }

    @Test("changed beyond what the change log lists (a bulk write elsewhere): rebuilt from the scan")
    func staleBeyondTheLog() async throws {
        let database = try await Database(Self.orders)
        _ = try await launch(database)
        let bulk = DemoDataGenerator(seed: 16, now: OrderFixtures.now).orders(count: 600).map { order in
            var order = order
            order.id = OrderID(order.id.number + 500_000)
            order.number = "BULK-\(order.id.number)"
            return order
        }
        try await database.otherProcess().insert(bulk)
        let reopened = try await launch(database)
        #expect(reopened.outcome == .rebuilt(.stale("a change too large to list was made since it was written")))
        #expect(reopened.model.index.count == Self.orders.count + 600)
        #expect(reopened.written == .written(rows: Self.orders.count + 600))
        #expect(try await launch(database).outcome == .opened(changedOrders: 0))
    }

    @Test("a command that wrote many orders brings the file up to date: the next launch opens it with nothing to fetch")
    func refreshedAfterABigWrite() async throws {
        let database = try await Database(Self.orders)
        // No list ever ran: there is no file to keep, and none is made.
        #expect(try await IndexFileUpkeep.refresh(after: database.otherProcess()) == .noFile)
        #expect(!FileManager.default.fileExists(atPath: database.indexPath))
        _ = try await launch(database)
        #expect(try await IndexFileUpkeep.refresh(after: database.otherProcess()) == .current)

        // A few orders changed: patched from the change log and written.
        let other = try database.otherProcess()
        let changed = Self.orders[5].id
        let stored = try #require(try await other.order(changed))
        try await other.update(changed, expectedVersion: stored.version, mutations: [.addTag("refreshed")], actor: "ana")
        #expect(try await IndexFileUpkeep.refresh(after: other) == .patched(changedOrders: 1))
        let afterPatch = try await launch(database)
        #expect(afterPatch.outcome == .opened(changedOrders: 0))
        #expect(afterPatch.written == nil)

        // More than the change log lists (as a big import writes): rebuilt from the scan and written.
        let bulk = DemoDataGenerator(seed: 17, now: OrderFixtures.now).orders(count: 600).map { order in
            var order = order
            order.id = OrderID(order.id.number + 600_000)
            order.number = "BULK-\(order.id.number)"
            return order
        }
        try await other.insert(bulk)
        #expect(try await IndexFileUpkeep.refresh(after: other) == .rebuilt(rows: Self.orders.count + 600))
        let afterRebuild = try await launch(database)
        #expect(afterRebuild.outcome == .opened(changedOrders: 0))
        #expect(afterRebuild.written == nil)
        #expect(afterRebuild.model.index.count == Self.orders.count + 600)
    }

    @Test("a temporary file left by a write that was killed is removed at the next launch; a live writer's is kept")
    func abandonedTemporaryFileRemovedAtLaunch() async throws {
        let database = try await Database(Self.orders)
        _ = try await launch(database)
        // A process that has ended: its pid names no process now.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let abandoned = database.indexPath + ".tmp-\(ended.processIdentifier)-12345"
        let live = database.indexPath + ".tmp-\(getppid())-67890"
        for path in [abandoned, live] {
            #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 7, count: 4096)))
        }
        defer { try? FileManager.default.removeItem(atPath: live) }
        let reopened = try await launch(database)
        #expect(reopened.outcome == .opened(changedOrders: 0))
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(FileManager.default.fileExists(atPath: live), "a writer still running keeps its file")
    }

    @Test("written by another format version, or under another schema: rebuilt")
    func otherVersion() async throws {
        let database = try await Database(Self.orders)
        _ = try await launch(database)
        try Self.rewriteHeader(of: database.indexPath) { $0.formatVersion = IndexFileHeader.formatVersion + 1 }
        let newer = try await launch(database)
        #expect(newer.outcome == .rebuilt(.otherVersion("format \(IndexFileHeader.formatVersion + 1); this orders writes format \(IndexFileHeader.formatVersion)")))
        #expect(newer.written == .written(rows: Self.orders.count))

        try Self.rewriteHeader(of: database.indexPath) { $0.mark.schemaVersion = 5 }
        let olderSchema = try await launch(database)
        #expect(olderSchema.outcome == .rebuilt(.otherVersion("written under schema 5; the database is at \(SQLiteSchema.currentVersion)")))
        #expect(try await launch(database).outcome == .opened(changedOrders: 0))
    }

    @Test("truncated (a copy or a write cut short): rebuilt")
    func truncated() async throws {
        let database = try await Database(Self.orders)
        _ = try await launch(database)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: database.indexPath)[.size] as? Int)
        #expect(truncate(database.indexPath, off_t(size - 1_000)) == 0)
        #expect(try await launch(database).outcome == .rebuilt(.truncated))
        #expect(truncate(database.indexPath, 100) == 0)
        #expect(try await launch(database).outcome == .rebuilt(.truncated), "shorter than a header")
        #expect(try await launch(database).outcome == .opened(changedOrders: 0))
    }

    @Test("one byte flipped in the columns or the header: rebuilt")
    func corrupt() async throws {
        let database = try await Database(Self.orders)
        _ = try await launch(database)
        try Self.flipByte(of: database.indexPath) { $0 / 2 }
        #expect(try await launch(database).outcome == .rebuilt(.corrupt("its columns do not match their checksum")))
        try Self.flipByte(of: database.indexPath) { _ in 30 }
        #expect(try await launch(database).outcome == .rebuilt(.corrupt("its header does not match its checksum")))
        try Self.flipByte(of: database.indexPath) { _ in 0 }
        #expect(try await launch(database).outcome == .rebuilt(.corrupt("it does not start as an index file")))
        #expect(try await launch(database).outcome == .opened(changedOrders: 0))
    }

    @Test("another database's file beside this one (same change-log sequence or not): rebuilt")
    func foreign() async throws {
        let database = try await Database(Self.orders)
        // As many orders (so the same change-log sequence), under other keys.
        let other = try await Database(Self.orders.map { order in
            var order = order
            order.id = OrderID(order.id.number + 1_000_000)
            return order
        })
        _ = try await launch(database)
        _ = try await launch(other)
        // The other database's file is at the same sequence as this one's: only the identity tells them apart.
        #expect(try IndexFile.readHeader(from: other.indexPath).mark.sequence == IndexFile.readHeader(from: database.indexPath).mark.sequence)
        try FileManager.default.removeItem(atPath: database.indexPath)
        try FileManager.default.copyItem(atPath: other.indexPath, toPath: database.indexPath)
        let reopened = try await launch(database)
        #expect(reopened.outcome == .rebuilt(.foreign))
        #expect(reopened.model.index.count == Self.orders.count)
        #expect(try await launch(database).outcome == .opened(changedOrders: 0))
    }

    // MARK: Helpers

    /// Every row as the index holds it, by id, for comparing indexes built in different orders.
    static func rows(of index: OrderIndex) -> [String] {
        index.slotsByID.map { slot in
            "\(index.id(slot)) \(index.number(slot)) \(index.source(slot)) \(index.status(slot)) \(index.payment(slot)) "
                + "\(index.fulfillment(slot)) \(index.isFlagged(slot)) \(index.tags(slot)) \(index.assignee(slot) ?? "-") "
                + "\(index.version(slot)) \(index.total(slot)) \(index.customerName(slot)) \(index.itemCount(slot))"
        }
    }

    static func rewriteHeader(of path: String, _ change: (inout IndexFileHeader) -> Void) throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var header = try bytes.withUnsafeBytes { try IndexFileHeader(decoding: $0) }
        change(&header)
        bytes.replaceSubrange(0..<IndexFileHeader.size, with: header.encoded())
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func flipByte(of path: String, at offset: (Int) -> Int) throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[offset(bytes.count)] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
